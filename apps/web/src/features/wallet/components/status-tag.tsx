import { Tag } from 'antd-mobile';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';

const colors = { 0: 'warning', 1: 'success', 2: 'danger' } as const;

/** Audit result of docs/spec.md §4: 0 auditing, 1 passed, 2 refused. */
export function StatusTag({ status }: { status: 0 | 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[status]} fill="outline">
      {t(`auditStatus.${status}`)}
    </Tag>
  );
}
