import { type LedgerKind, ledgerKinds } from '@crossmart/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Space, Table, Tabs, Typography } from 'antd';
import { api } from '../../shared/api/index.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { formatTime } from '../../shared/lib/format-time.ts';
import { useMoney } from '../../shared/lib/use-money.ts';
import { type LedgerTransactionRow, listLedgerAccounts, listLedgerTransactions } from './console-api.ts';
import { ChoiceFilter, LedgerKindCell, Pager, SearchBox, ServerTable, useLedgerKindLabel } from './console-parts.tsx';
import { pageSize, useUrlState } from './url-state.ts';

/** Transactions with their entries, one row per entry under the transaction (the entries sum to zero). */
export function LedgerTransactionTable({ rows }: { rows: LedgerTransactionRow[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={rows}
      expandable={{
        defaultExpandAllRows: true,
        expandedRowRender: (row) => (
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={row.entries}
            columns={[
              { key: 'account', dataIndex: 'account_code', title: t('adminConsole.account') },
              { key: 'amount', dataIndex: 'amount', title: t('admin.amount'), render: (v: number) => money(v, true) },
              {
                key: 'balance_after',
                dataIndex: 'balance_after',
                title: t('adminConsole.balanceAfter'),
                render: (v: number) => money(v),
              },
            ]}
          />
        ),
      }}
      columns={[
        { key: 'id', dataIndex: 'id', title: 'ID', width: 80 },
        {
          key: 'kind',
          dataIndex: 'kind',
          title: t('admin.kind'),
          render: (kind: LedgerKind) => <LedgerKindCell kind={kind} />,
        },
        { key: 'reference', dataIndex: 'reference', title: t('adminConsole.reference') },
        {
          key: 'created_at',
          dataIndex: 'created_at',
          title: t('admin.time'),
          render: (value: string) => formatTime(value),
        },
      ]}
    />
  );
}

function Accounts() {
  const { t } = useTranslation();
  const money = useMoney();
  const { values, page, query, update } = useUrlState(['type', 'q'] as const);
  const { data, isFetching } = useQuery({
    queryKey: ['admin', 'ledger-accounts', query, page],
    queryFn: () => listLedgerAccounts({ ...query, page, limit: pageSize } as Parameters<typeof listLedgerAccounts>[0]),
  });
  return (
    <>
      <Space wrap className="cm-console__filters">
        <Select
          aria-label={t('admin.kind')}
          value={values.type || 'platform'}
          style={{ width: 160 }}
          onChange={(type) => update({ type: type === 'platform' ? undefined : type })}
          options={[
            { value: 'platform', label: t('adminConsole.platformAccounts') },
            { value: 'user', label: t('adminConsole.userAccounts') },
          ]}
        />
        <SearchBox
          value={values.q}
          label={t('adminConsole.searchAccounts')}
          placeholder={t('adminConsole.searchAccounts')}
          onSearch={(q) => update({ q })}
        />
      </Space>
      <ServerTable
        loading={isFetching}
        dataSource={data?.list}
        page={page}
        hasMore={data?.has_more ?? false}
        update={update}
        columns={[
          { key: 'code', dataIndex: 'code', title: t('adminConsole.account') },
          { key: 'balance', dataIndex: 'balance', title: t('adminConsole.balance'), render: (v: number) => money(v) },
        ]}
      />
    </>
  );
}

function Transactions() {
  const { t } = useTranslation();
  const kindLabel = useLedgerKindLabel();
  const { values, page, query, update } = useUrlState(['kind', 'reference'] as const);
  const { data, isFetching } = useQuery({
    queryKey: ['admin', 'ledger-transactions', query, page],
    queryFn: () =>
      listLedgerTransactions({ ...query, page, limit: pageSize } as Parameters<typeof listLedgerTransactions>[0]),
  });
  return (
    <>
      <Space wrap className="cm-console__filters">
        <ChoiceFilter
          label={t('admin.kind')}
          value={values.kind}
          width={200}
          choices={ledgerKinds}
          labelOf={kindLabel}
          onChange={(kind) => update({ kind })}
        />
        <SearchBox
          value={values.reference}
          label={t('adminConsole.reference')}
          placeholder={t('adminConsole.referenceHint')}
          onSearch={(reference) => update({ reference })}
        />
      </Space>
      {isFetching && !data ? null : <LedgerTransactionTable rows={data?.list ?? []} />}
      <Pager page={page} hasMore={data?.has_more ?? false} onPage={(next) => update({ page: next })} />
    </>
  );
}

function VerifyButton() {
  const { t } = useTranslation();
  const verify = useMutation({
    mutationFn: () => api.get<{ ok: boolean; transactions: number; entries: number }>('/api/admin/ledger_verify'),
  });
  return (
    <Space direction="vertical">
      <Button onClick={() => verify.mutate()} loading={verify.isPending}>
        {t('adminConsole.verify')}
      </Button>
      {verify.data && (
        <Alert
          type={verify.data.ok ? 'success' : 'error'}
          message={t(verify.data.ok ? 'admin.ledgerOk' : 'admin.ledgerBroken')}
          description={t('admin.ledgerCounts', verify.data)}
        />
      )}
    </Space>
  );
}

export function LedgerPage() {
  const { t } = useTranslation();
  const { values, update } = useUrlState(['tab', 'type', 'q', 'kind', 'reference'] as const);
  return (
    <Card extra={<VerifyButton />} title={<Typography.Text strong>{t('adminConsole.ledger')}</Typography.Text>}>
      <Tabs
        activeKey={values.tab || 'transactions'}
        onChange={(tab) =>
          update({
            tab: tab === 'transactions' ? undefined : tab,
            type: undefined,
            q: undefined,
            kind: undefined,
            reference: undefined,
          })
        }
        items={[
          { key: 'transactions', label: t('adminConsole.ledgerTransactions'), children: <Transactions /> },
          { key: 'accounts', label: t('adminConsole.ledgerAccounts'), children: <Accounts /> },
        ]}
      />
    </Card>
  );
}
