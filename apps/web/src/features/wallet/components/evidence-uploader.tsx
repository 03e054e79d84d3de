import { ImageUploader, type ImageUploadItem, ProgressBar } from 'antd-mobile';
import { useState } from 'react';
import { uploadImage } from '../../../shared/api/upload.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

/** Payment-evidence picker: uploads at once (private purpose `evidence`) and shows the progress. */
export function EvidenceUploader({ onChange }: { onChange(url: string | undefined): void }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ImageUploadItem[]>([]);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  return (
    <div className="cm-evidence" data-testid="evidence">
      <ImageUploader
        value={items}
        maxCount={1}
        accept="image/jpeg,image/png,image/webp"
        onChange={(next) => {
          setItems(next);
          if (next.length === 0) onChange(undefined);
        }}
        upload={async (file) => {
          setProgress(0);
          try {
            const result = await uploadImage(file, 'evidence', setProgress);
            onChange(result.url);
            // Private files need the token: preview the local file instead of the stored one.
            return { url: URL.createObjectURL(file), extra: result.url };
          } finally {
            setProgress(undefined);
          }
        }}
      />
      {progress !== undefined && (
        <div className="cm-evidence__progress" role="status" aria-label={t('wallet.uploading')}>
          <ProgressBar percent={progress} text />
        </div>
      )}
      <p className="cm-hint">{t('wallet.evidenceHint')}</p>
    </div>
  );
}
