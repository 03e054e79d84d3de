import type { AdminMailRow } from '@crossmart/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { formatTime } from '../../shared/lib/format-time.ts';
import { listOutbox } from './console-api.ts';
import { ChoiceFilter, SearchBox, ServerTable } from './console-parts.tsx';
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
        <ChoiceFilter
          label={t('admin.status')}
          value={values.status}
          choices={['pending', 'sent', 'failed']}
          labelOf={(status) => t(`adminConsole.mailStatus.${status}`)}
          onChange={(status) => update({ status })}
        />
      </Space>
      <ServerTable<AdminMailRow>
        loading={isFetching}
        dataSource={data?.list}
        page={page}
        hasMore={data?.has_more ?? false}
        update={update}
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
    </Card>
  );
}
