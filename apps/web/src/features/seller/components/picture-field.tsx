import type { UploadPurpose } from '@crossmart/contract';
import { Button, ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../../../shared/api/upload.ts';

/**
 * Public pictures (logo, banner, product images): uploaded at once, kept as their stored URLs.
 * With more than one picture each can move forward, so the seller picks the cover (the first).
 */
export function PictureField({
  value,
  onChange,
  purpose,
  max,
  label,
}: {
  value: string[];
  onChange(next: string[]): void;
  purpose: UploadPurpose;
  max: number;
  label: string;
}) {
  const { t } = useTranslation();
  // Stored URL → what to show (a private file is shown from the local copy).
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const items: ImageUploadItem[] = value.map((url) => ({ url: previews[url] ?? url, extra: url }));
  const move = (index: number) => {
    if (index === 0) return;
    const next = [...value];
    const [picked] = next.splice(index, 1);
    if (picked) next.splice(index - 1, 0, picked);
    onChange(next);
  };
  return (
    <fieldset className="cm-seller-pictures" aria-label={label}>
      <ImageUploader
        value={items}
        maxCount={max}
        multiple={max > 1}
        accept="image/jpeg,image/png,image/webp"
        onChange={(next) => onChange(next.map((item) => item.extra ?? item.url))}
        upload={async (file) => {
          const result = await uploadImage(file, purpose);
          // A private file (identity document) needs the token to show: preview the local file.
          if (purpose === 'evidence') {
            const local = URL.createObjectURL(file);
            setPreviews((current) => ({ ...current, [result.url]: local }));
          }
          return { url: result.url, extra: result.url };
        }}
      />
      {max > 1 && value.length > 1 && (
        <div className="cm-seller-pictures__order">
          {value.map((url, index) => (
            <Button key={url} size="mini" fill="outline" disabled={index === 0} onClick={() => move(index)}>
              {index === 0 ? t('seller.cover') : t('seller.moveForward', { n: index + 1 })}
            </Button>
          ))}
        </div>
      )}
    </fieldset>
  );
}
