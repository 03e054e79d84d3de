import type { ProductSort } from '@crossmart/contract';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

/**
 * Sort chips of product lists: relevance (with a keyword) or sales, new, and price, which toggles
 * between ascending and descending on a second tap.
 */
export function SortBar({
  value,
  onChange,
  relevance = false,
}: {
  value: ProductSort | undefined;
  onChange(sort: ProductSort | undefined): void;
  relevance?: boolean;
}) {
  const { t } = useTranslation();
  const first = relevance ? undefined : 'sales';
  const current = value ?? first;
  const price = current === 'price_asc' || current === 'price_desc';
  const chip = (key: string, active: boolean, label: string, onClick: () => void, extra?: string) => (
    <button
      key={key}
      type="button"
      role="tab"
      aria-selected={active}
      className={`cm-sort__chip${active ? ' cm-sort__chip--on' : ''}`}
      onClick={onClick}
      data-testid={`sort-${key}`}
    >
      {label}
      {extra && <span className="cm-sort__arrow">{extra}</span>}
    </button>
  );
  return (
    <div className="cm-sort" role="tablist" aria-label={t('catalog.sortBy')}>
      {relevance && chip('relevance', current === undefined, t('catalog.sort.relevance'), () => onChange(undefined))}
      {chip('sales', current === 'sales', t('catalog.sort.sales'), () => onChange('sales'))}
      {chip('new', current === 'new', t('catalog.sort.new'), () => onChange('new'))}
      {chip(
        'price',
        price,
        t('catalog.sort.price'),
        () => onChange(current === 'price_asc' ? 'price_desc' : 'price_asc'),
        current === 'price_asc' ? '↑' : current === 'price_desc' ? '↓' : '↕',
      )}
    </div>
  );
}
