import type { AdminMailRow } from '@crossmart/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/lib/format-time.ts';
import { listOutbox } from './console-api.ts';
import { Pager, SearchBox } from './console-parts.tsx';
import { pageSize, useUrlState } from './url-state.ts';

export function OutboxPage() {
  const { t } = useTranslation();
  const { values, page, query, update } = useUrlState(['to', 'status'] as const);
  const { data, isFetching } = useQuery({
    queryKey: ['admin', 'outbox', query, page],
    queryFn: () => listOutbox({ ...query, page, limit: pageSize } as Parameters<typeof listOutbox>[0]),
  });
  return (
    <Card>
      <Space wrap className="cm-console__filters">
        <SearchBox
          value={values.to}
          label={t('adminConsole.to')}
          placeholder={t('adminConsole.to')}
          onSearch={(to) => update({ to })}
        />
        <Select
          aria-label={t('admin.status')}
          value={values.status}
          style={{ width: 160 }}
          onChange={(status) => update({ status })}
          options={[
            { value: '', label: t('admin.all') },
            ...['pending', 'sent', 'failed'].map((status) => ({
              value: status,
              label: t(`adminConsole.mailStatus.${status}`),
            })),
          ]}
        />
      </Space>
      <Table<AdminMailRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        pagination={false}
        dataSource={data?.list ?? []}
        expandable={{
          expandedRowRender: (row) => (
            <Typography.Paragraph className="cm-console__mail">{row.body_text}</Typography.Paragraph>
          ),
        }}
        columns={[
          {
            key: 'created_at',
            dataIndex: 'created_at',
            title: t('admin.time'),
            render: (value: string) => formatTime(value),
            width: 170,
          },
          { key: 'to', dataIndex: 'to_address', title: t('adminConsole.to') },
          { key: 'kind', dataIndex: 'kind', title: t('admin.kind') },
          { key: 'subject', dataIndex: 'subject', title: t('adminConsole.subject') },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('admin.status'),
            render: (status: string) => (
              <Tag color={status === 'sent' ? 'green' : status === 'failed' ? 'red' : 'gold'}>
                {t(`adminConsole.mailStatus.${status}`)}
              </Tag>
            ),
          },
        ]}
      />
      <Pager page={page} hasMore={data?.has_more ?? false} onPage={(next) => update({ page: next })} />
    </Card>
  );
}
