import { refundLimits } from '@crossmart/contract';
import { ImageUploader, type ImageUploadItem, ProgressBar } from 'antd-mobile';
import { useState } from 'react';
import { uploadImage } from '../../../shared/api/upload.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

/**
 * Proof pictures (1–6): each uploads at once as a private `refund` file, with its progress. The
 * preview is the local file (a private file needs the token to be read back).
 */
export function ProofUploader({ onChange }: { onChange(urls: string[]): void }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ImageUploadItem[]>([]);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  return (
    <div className="cm-refund-proof" data-testid="refund-proof">
      <ImageUploader
        value={items}
        multiple
        maxCount={refundLimits.maxPictures}
        accept="image/jpeg,image/png,image/webp"
        onChange={(next) => {
          setItems(next);
          onChange(next.map((item) => String(item.extra ?? '')).filter(Boolean));
        }}
        upload={async (file) => {
          setProgress(0);
          try {
            const result = await uploadImage(file, 'refund', setProgress);
            return { url: URL.createObjectURL(file), extra: result.url };
          } finally {
            setProgress(undefined);
          }
        }}
      />
      {progress !== undefined && (
        <div className="cm-refund-proof__progress" role="status" aria-label={t('refund.uploading')}>
          <ProgressBar percent={progress} text />
        </div>
      )}
      <p className="cm-hint">{t('refund.proofHint', { max: refundLimits.maxPictures })}</p>
    </div>
  );
}
