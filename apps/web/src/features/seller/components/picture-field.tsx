import type { UploadPurpose } from '@crossmart/contract';
import { Button, ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
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
  onUploading,
}: {
  value: string[];
  onChange(next: string[]): void;
  purpose: UploadPurpose;
  max: number;
  label: string;
  /** True while a picture is on its way: it shows already, but is not in `value` until stored. */
  onUploading?(uploading: boolean): void;
}) {
  const { t } = useTranslation();
  const inFlight = useRef(0);
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
          inFlight.current += 1;
          if (inFlight.current === 1) onUploading?.(true);
          try {
            const result = await uploadImage(file, purpose);
            // A private file (identity document) needs the token to show: preview the local copy.
            return { url: purpose === 'evidence' ? URL.createObjectURL(file) : result.url, extra: result.url };
          } finally {
            inFlight.current -= 1;
            if (inFlight.current === 0) onUploading?.(false);
          }
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

/**
 * Whether any picture field of a form is still uploading, so that its submit waits: a picture on
 * its way already shows, and a submit then would be refused for a picture the user can see.
 */
export function useUploadingFields(): { uploading: boolean; track(field: string): (uploading: boolean) => void } {
  const [fields, setFields] = useState<ReadonlySet<string>>(() => new Set());
  const track = useCallback(
    (field: string) => (uploading: boolean) =>
      setFields((current) => {
        const next = new Set(current);
        if (uploading) next.add(field);
        else next.delete(field);
        return next;
      }),
    [],
  );
  return { uploading: fields.size > 0, track };
}
