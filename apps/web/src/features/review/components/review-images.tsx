import { reviewLimits } from '@crossmart/contract';
import { ImageUploader, type ImageUploadItem, ProgressBar } from 'antd-mobile';
import { useState } from 'react';
import { uploadImage } from '../../../shared/api/upload.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

/**
 * Up to 6 public review pictures, each uploaded when picked (purpose `review`) with its progress;
 * the parent gets the stored URLs in the order shown.
 */
export function ReviewImages({ onChange }: { onChange(urls: string[]): void }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ImageUploadItem[]>([]);
  const [progress, setProgress] = useState<number | undefined>();
  return (
    <div className="cm-review-form__images" data-testid="review-images">
      <ImageUploader
        value={items}
        maxCount={reviewLimits.maxImages}
        multiple
        accept="image/jpeg,image/png,image/webp"
        onChange={(next) => {
          setItems(next);
          onChange(next.map((item) => String(item.extra ?? item.url)));
        }}
        upload={async (file) => {
          setProgress(0);
          try {
            const result = await uploadImage(file, 'review', setProgress);
            return { url: result.url, extra: result.url };
          } finally {
            setProgress(undefined);
          }
        }}
      />
      {progress !== undefined && (
        <div className="cm-review-form__progress" role="status" aria-label={t('review.uploading')}>
          <ProgressBar percent={progress} text />
        </div>
      )}
      <p className="cm-hint">{t('review.picturesHint', { count: reviewLimits.maxImages })}</p>
    </div>
  );
}
