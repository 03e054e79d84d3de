import { supportLimits } from '@crossmart/contract';
import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useState } from 'react';
import { uploadImage } from '../../../shared/api/upload.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

/** Up to 3 pictures for a complaint, uploaded at once as private evidence. */
export function ComplaintImages({ onChange }: { onChange(urls: string[]): void }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ImageUploadItem[]>([]);
  return (
    <div className="cm-complaint-images" data-testid="complaint-images">
      <ImageUploader
        value={items}
        maxCount={supportLimits.complaintMaxImages}
        multiple
        accept="image/jpeg,image/png,image/webp"
        onChange={(next) => {
          setItems(next);
          onChange(next.map((item) => String(item.extra ?? '')).filter(Boolean));
        }}
        upload={async (file) => {
          const result = await uploadImage(file, 'evidence');
          // Private files need the token: preview the local file, keep the stored URL aside.
          return { url: URL.createObjectURL(file), extra: result.url };
        }}
      />
      <p className="cm-hint">{t('support.picturesHint', { count: supportLimits.complaintMaxImages })}</p>
    </div>
  );
}
