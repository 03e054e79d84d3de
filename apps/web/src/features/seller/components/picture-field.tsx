import type { UploadPurpose } from '@crossmart/contract';
import { Button, ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { uploadImage } from '../../../shared/api/upload.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

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
  // The uploader keeps its own items (their identity marks finished uploads); the parent gets URLs.
  const [items, setItems] = useState<ImageUploadItem[]>(() => value.map((url) => ({ url, extra: url })));
  useEffect(() => {
    setItems((current) => {
      if (current.map((item) => item.extra ?? item.url).join('\n') === value.join('\n')) return current;
      return value.map((url) => current.find((item) => (item.extra ?? item.url) === url) ?? { url, extra: url });
    });
  }, [value]);
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
        onChange={(next) => {
          setItems(next);
          onChange(next.map((item) => item.extra ?? item.url));
        }}
        upload={async (file) => {
          const result = await uploadImage(file, purpose);
          // A private file (identity document) needs the token to show: preview the local copy.
          return { url: purpose === 'evidence' ? URL.createObjectURL(file) : result.url, extra: result.url };
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
