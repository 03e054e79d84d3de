import type { AdminUserDetail, AdminUserRow, LedgerKind } from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Skeleton, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { formatTime } from '../../shared/lib/format-time.ts';
import { useMoney } from '../../shared/lib/use-money.ts';
import { useAllowed } from '../../shared/session/admin-access.ts';
import { clearLockout, fetchUser, freezeUser, listUsers, unfreezeUser } from './console-api.ts';
import { ChoiceFilter, LedgerKindCell, ReasonDialog, SearchBox, ServerTable, sortState } from './console-parts.tsx';
import { pageSize, useDetailId, useUrlState } from './url-state.ts';

const filterKeys = ['q', 'role', 'status', 'sort', 'order'] as const;

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={status === 'active' ? 'green' : 'red'}>{t(`adminConsole.userStatus.${status}`)}</Tag>;
}

export function UserListPage() {
  const { t } = useTranslation();
  const { values, page, query, update } = useUrlState(filterKeys);
  const { data, isFetching } = useQuery({
    queryKey: ['admin', 'users', query, page],
    queryFn: () => listUsers({ ...query, page, limit: pageSize } as Parameters<typeof listUsers>[0]),
  });
  const columns: TableColumnsType<AdminUserRow> = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 90, sorter: true, sortOrder: sortState(values, 'id') },
    {
      key: 'account',
      dataIndex: 'account',
      title: t('adminConsole.account'),
      sorter: true,
      sortOrder: sortState(values, 'account'),
      render: (account: string, row) => <Link to={`/admin/users/${row.id}`}>{account}</Link>,
    },
    { key: 'name', dataIndex: 'name', title: t('adminConsole.name') },
    { key: 'email', dataIndex: 'email', title: t('adminConsole.email') },
    { key: 'mobile', dataIndex: 'mobile', title: t('adminConsole.mobile') },
    {
      key: 'role',
      dataIndex: 'role',
      title: t('adminConsole.role'),
      render: (role: string, row) => t(`adminConsole.roles.${row.admin_role ?? role}`),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('admin.status'),
      render: (status: string) => <StatusTag status={status} />,
    },
    {
      key: 'created_at',
      dataIndex: 'created_at',
      title: t('adminConsole.createdAt'),
      sorter: true,
      sortOrder: sortState(values, 'created_at'),
      render: (value: string) => formatTime(value),
    },
  ];
  return (
    <Card>
      <Space wrap className="cm-console__filters">
        <SearchBox
          value={values.q}
          label={t('adminConsole.searchUsers')}
          placeholder={t('adminConsole.searchUsers')}
          onSearch={(q) => update({ q })}
        />
        <ChoiceFilter
          label={t('adminConsole.role')}
          value={values.role}
          choices={['buyer', 'merchant', 'admin']}
          labelOf={(role) => t(`adminConsole.roles.${role}`)}
          onChange={(role) => update({ role })}
        />
        <ChoiceFilter
          label={t('admin.status')}
          value={values.status}
          choices={['active', 'disabled']}
          labelOf={(status) => t(`adminConsole.userStatus.${status}`)}
          onChange={(status) => update({ status })}
        />
      </Space>
      <ServerTable<AdminUserRow>
        loading={isFetching}
        columns={columns}
        dataSource={data?.list}
        page={page}
        hasMore={data?.has_more ?? false}
        update={update}
      />
    </Card>
  );
}

type Action = 'freeze' | 'unfreeze';

function UserActions({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayFreeze = useAllowed('POST /api/admin/user_freeze');
  const mayClear = useAllowed('POST /api/admin/user_clear_lockout');
  const [dialog, setDialog] = useState<Action | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'user', detail.user.id] });
  if (detail.user.role === 'admin') return null;
  const frozen = detail.user.status === 'disabled';
  return (
    <Space>
      {mayFreeze && (
        <Button danger={!frozen} onClick={() => setDialog(frozen ? 'unfreeze' : 'freeze')}>
          {t(frozen ? 'adminConsole.unfreeze' : 'adminConsole.freeze')}
        </Button>
      )}
      {mayClear && (
        <Button onClick={() => clearLockout({ id: detail.user.id, kind: 'login' }).then(refresh, () => undefined)}>
          {t('adminConsole.clearLoginLock')}
        </Button>
      )}
      {mayClear && (
        <Button onClick={() => clearLockout({ id: detail.user.id, kind: 'pay' }).then(refresh, () => undefined)}>
          {t('adminConsole.clearPayLock')}
        </Button>
      )}
      <ReasonDialog
        open={dialog !== null}
        title={t(dialog === 'unfreeze' ? 'adminConsole.unfreeze' : 'adminConsole.freeze')}
        required={dialog === 'freeze'}
        onClose={() => setDialog(null)}
        onSubmit={async (reason) => {
          if (dialog === 'freeze') await freezeUser({ id: detail.user.id, reason: reason ?? '' });
          else await unfreezeUser({ id: detail.user.id, ...(reason ? { reason } : {}) });
          await refresh();
        }}
      />
    </Space>
  );
}

export function UserDetailPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const id = useDetailId();
  const { data } = useQuery({ queryKey: ['admin', 'user', id], queryFn: () => fetchUser(id), enabled: id > 0 });
  if (!data) return <Skeleton active />;
  const { user } = data;
  return (
    <div className="cm-console__stack">
      <Card
        title={
          <Space>
            <Typography.Text strong>{user.account}</Typography.Text>
            <StatusTag status={user.status} />
          </Space>
        }
        extra={<UserActions detail={data} />}
      >
        <Descriptions column={3} size="small">
          <Descriptions.Item label="ID">{user.id}</Descriptions.Item>
          <Descriptions.Item label={t('adminConsole.name')}>{user.name}</Descriptions.Item>
          <Descriptions.Item label={t('adminConsole.role')}>
            {t(`adminConsole.roles.${user.admin_role ?? user.role}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('adminConsole.email')}>{user.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('adminConsole.mobile')}>{user.mobile ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('adminConsole.balance')}>{money(data.balance)}</Descriptions.Item>
          <Descriptions.Item label={t('adminConsole.loginLock')}>
            {user.login_locked_until ? formatTime(user.login_locked_until) : '—'} ({user.login_failures})
          </Descriptions.Item>
          <Descriptions.Item label={t('adminConsole.payLock')}>
            {user.pay_locked_until ? formatTime(user.pay_locked_until) : '—'} ({user.pay_failures})
          </Descriptions.Item>
          <Descriptions.Item label={t('adminConsole.createdAt')}>{formatTime(user.created_at)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('admin.orders')} size="small">
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={data.orders}
          columns={[
            {
              key: 'order_no',
              dataIndex: 'order_no',
              title: t('adminConsole.orderNo'),
              render: (orderNo: string, row) => <Link to={`/admin/orders/${row.id}`}>{orderNo}</Link>,
            },
            {
              key: 'status',
              dataIndex: 'status',
              title: t('admin.status'),
              render: (s: number) => t(`orderStatus.${s}`),
            },
            { key: 'total', dataIndex: 'total', title: t('admin.amount'), render: (v: number) => money(v) },
            {
              key: 'created_at',
              dataIndex: 'created_at',
              title: t('admin.time'),
              render: (value: string) => formatTime(value),
            },
          ]}
        />
      </Card>
      <Card title={t('adminConsole.ledgerEntries')} size="small">
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={data.entries}
          columns={[
            {
              key: 'kind',
              dataIndex: 'kind',
              title: t('admin.kind'),
              render: (kind: LedgerKind) => <LedgerKindCell kind={kind} />,
            },
            { key: 'amount', dataIndex: 'amount', title: t('admin.amount'), render: (v: number) => money(v, true) },
            {
              key: 'balance_after',
              dataIndex: 'balance_after',
              title: t('adminConsole.balanceAfter'),
              render: (v: number) => money(v),
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
      </Card>
      <Card title={t('adminConsole.sessions')} size="small">
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={data.sessions}
          columns={[
            {
              key: 'created_at',
              dataIndex: 'created_at',
              title: t('adminConsole.createdAt'),
              render: (value: string) => formatTime(value),
            },
            {
              key: 'last_used_at',
              dataIndex: 'last_used_at',
              title: t('adminConsole.lastUsed'),
              render: (value: string) => formatTime(value),
            },
            {
              key: 'revoked_at',
              dataIndex: 'revoked_at',
              title: t('admin.status'),
              render: (revoked: string | null) =>
                revoked ? (
                  <Tag>{t('adminConsole.sessionEnded')}</Tag>
                ) : (
                  <Tag color="green">{t('adminConsole.sessionLive')}</Tag>
                ),
            },
            { key: 'ip', dataIndex: 'ip', title: 'IP' },
            { key: 'user_agent', dataIndex: 'user_agent', title: t('adminConsole.device'), ellipsis: true },
          ]}
        />
      </Card>
    </div>
  );
}
