import { useTranslation } from 'react-i18next';
import { Placeholder } from '../shared/ui/placeholder.tsx';

export default function SellerArea() {
  const { t } = useTranslation();
  return <Placeholder title={t('placeholder.seller')} subtitle={t('placeholder.coming')} />;
}
