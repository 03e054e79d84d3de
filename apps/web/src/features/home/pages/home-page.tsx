import type { PublicConfig } from '@crossmart/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../shared/api/get-json.ts';
import { Placeholder } from '../../../shared/ui/placeholder.tsx';

export default function HomePage() {
  const { t } = useTranslation();
  const [config, setConfig] = useState<PublicConfig>();
  useEffect(() => {
    getData<PublicConfig>('/api/config').then(setConfig, () => undefined);
  }, []);
  return (
    <Placeholder title={t('app.name')} subtitle={t('app.tagline')}>
      {config && <p data-testid="currency">{t('placeholder.shop', { currency: config.currency })}</p>}
    </Placeholder>
  );
}
