import type { OrderList } from '@crossmart/contract';
import { Tabs } from 'antd-mobile';
import { currentDir } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { type StatusFilter, statusFilters } from '../lib/status-filter.ts';

/** The docs/spec.md §4 filters as tabs with the server's counts; scrolls sideways when they do not fit. */
export function StatusTabs({
  value,
  counts,
  onChange,
}: {
  value: StatusFilter;
  counts: OrderList['counts'] | undefined;
  onChange(next: StatusFilter): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="cm-order-tabs">
      <Tabs direction={currentDir()} activeKey={value} onChange={(key) => onChange(key as StatusFilter)}>
        {statusFilters.map((filter) => {
          const count = counts?.[filter] ?? 0;
          return (
            <Tabs.Tab
              key={filter}
              title={
                <span className="cm-order-tab" data-testid={`order-tab-${filter}`}>
                  {t(`orderStatus.${filter}`)}
                  {count > 0 && (
                    <span className="cm-order-tab__count" data-testid="order-tab-count">
                      {count > 99 ? t('common.manyCount') : count}
                    </span>
                  )}
                </span>
              }
            />
          );
        })}
      </Tabs>
    </div>
  );
}
