import { Image, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { privateImageUrl } from '../../../shared/api/upload.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

/** A private evidence picture, fetched with the admin's token and shown with antd's zoom preview. */
export function EvidencePreview({ url }: { url: string | null }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!url) return;
    let objectUrl: string | undefined;
    let cancelled = false;
    privateImageUrl(url).then(
      (made) => {
        objectUrl = made;
        if (!cancelled) setSrc(made);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (!url) return <Typography.Text type="secondary">{t('admin.noEvidence')}</Typography.Text>;
  return src ? (
    <Image src={src} width={64} height={64} style={{ objectFit: 'cover' }} alt={t('admin.evidence')} />
  ) : null;
}
