import type { AuditLogRow } from '@crossmart/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { formatTime } from '../../shared/lib/format-time.ts';
import { listAuditLog } from './console-api.ts';
import { ChoiceFilter, SearchBox, ServerTable } from './console-parts.tsx';
import { pageSize, useUrlState } from './url-state.ts';

const targetTypes = [
  'user',
  'shop',
  'product',
  'recharge',
  'withdrawal',
  'settings',
  'deposit_channel',
  'promo_code',
  'merchant_application',
  'complaint',
  'content',
  'orders',
] as const;

/** A before / after value as compact JSON (only the fields the action changed are stored). */
function Change({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return <code className="cm-console__json">{JSON.stringify(value)}</code>;
}

export function AuditLogPage() {
  const { t } = useTranslation();
  const { values, page, query, update } = useUrlState([
    'action',
    'target_type',
    'target_id',
    'admin_id',
    'order',
  ] as const);
  const { data, isFetching } = useQuery({
    queryKey: ['admin', 'audit', query, page],
    queryFn: () => listAuditLog({ ...query, page, limit: pageSize } as Parameters<typeof listAuditLog>[0]),
  });
  const columns: TableColumnsType<AuditLogRow> = [
    {
      key: 'created_at',
      dataIndex: 'created_at',
      title: t('admin.time'),
      width: 170,
      sorter: true,
      sortOrder: values.order === 'asc' ? 'ascend' : 'descend',
      render: (value: string) => formatTime(value),
    },
    {
      key: 'admin',
      dataIndex: 'admin_account',
      title: t('adminConsole.admin'),
      render: (account: string, row) => <Link to={`/admin/audit?admin_id=${row.admin_id}`}>{account}</Link>,
    },
    { key: 'action', dataIndex: 'action', title: t('adminConsole.action') },
    {
      key: 'target',
      title: t('adminConsole.target'),
      render: (_, row) =>
        row.target_type === 'user' ? (
          <Link to={`/admin/users/${row.target_id}`}>
            {row.target_type} #{row.target_id}
          </Link>
        ) : (
          `${row.target_type} #${row.target_id}`
        ),
    },
    {
      key: 'before',
      dataIndex: 'before',
      title: t('adminConsole.before'),
      render: (v: unknown) => <Change value={v} />,
    },
    { key: 'after', dataIndex: 'after', title: t('adminConsole.after'), render: (v: unknown) => <Change value={v} /> },
    { key: 'reason', dataIndex: 'reason', title: t('admin.reason'), render: (v: string | null) => v ?? '—' },
  ];
  return (
    <Card>
      <Space wrap className="cm-console__filters">
        <SearchBox
          value={values.action}
          label={t('adminConsole.action')}
          placeholder={t('adminConsole.actionHint')}
          onSearch={(action) => update({ action })}
        />
        <ChoiceFilter
          label={t('adminConsole.target')}
          value={values.target_type}
          width={200}
          choices={targetTypes}
          labelOf={(type) => type}
          onChange={(target_type) => update({ target_type })}
        />
        <SearchBox
          value={values.target_id}
          label={t('adminConsole.targetId')}
          placeholder={t('adminConsole.targetId')}
          onSearch={(target_id) => update({ target_id })}
        />
        {values.admin_id && (
          <Typography.Link onClick={() => update({ admin_id: undefined })}>
            {t('adminConsole.clearAdmin', { id: values.admin_id })}
          </Typography.Link>
        )}
      </Space>
      <ServerTable<AuditLogRow>
        loading={isFetching}
        columns={columns}
        dataSource={data?.list}
        page={page}
        hasMore={data?.has_more ?? false}
        update={({ sort: _onlyByTime, ...next }) => update(next)}
      />
    </Card>
  );
}
