import { useQuery } from '@tanstack/react-query';
import { CapsuleTabs } from 'antd-mobile';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { categoriesQuery } from '../api/categories.ts';
import { useLang } from '../api/keys.ts';

/** "All" plus the ten categories as capsule tabs; `value` is a category id or undefined for all. */
export function CategoryTabs({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange(categoryId: number | undefined): void;
}) {
  const { t } = useTranslation();
  const categories = useQuery(categoriesQuery(useLang()));
  return (
    <div className="cm-sticky-tabs">
      <CapsuleTabs
        activeKey={String(value ?? 'all')}
        onChange={(key) => onChange(key === 'all' ? undefined : Number(key))}
      >
        <CapsuleTabs.Tab key="all" title={t('explore.all')} />
        {(categories.data ?? []).map((category) => (
          <CapsuleTabs.Tab key={String(category.id)} title={category.name} />
        ))}
      </CapsuleTabs>
    </div>
  );
}
