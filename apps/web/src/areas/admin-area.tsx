import { useTranslation } from 'react-i18next';
import { Placeholder } from '../shared/ui/placeholder.tsx';

export default function AdminArea() {
  const { t } = useTranslation();
  return <Placeholder title={t('placeholder.admin')} subtitle={t('placeholder.coming')} />;
}
