import type { AuditFilter } from '@crossmart/contract';
import { Tabs } from 'antd-mobile';
import { currentDir } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

const filters: AuditFilter[] = ['all', '0', '1', '2'];

/** The all/0/1/2 audit filter of docs/spec.md §4. */
export function AuditFilterTabs({ value, onChange }: { value: AuditFilter; onChange(next: AuditFilter): void }) {
  const { t } = useTranslation();
  return (
    <Tabs
      direction={currentDir()}
      activeKey={value}
      onChange={(key) => onChange(key as AuditFilter)}
      className="cm-tabs"
    >
      {filters.map((key) => (
        <Tabs.Tab key={key} title={t(`auditStatus.${key}`)} />
      ))}
    </Tabs>
  );
}
