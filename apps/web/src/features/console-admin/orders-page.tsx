import type { AdminOrderRow } from '@crossmart/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Skeleton, Space, Table, type TableColumnsType, Tag, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { formatTime } from '../../shared/lib/format-time.ts';
import { useMoney } from '../../shared/lib/use-money.ts';
import { fetchOrder, listOrders } from './console-api.ts';
import { ChoiceFilter, SearchBox, ServerTable, sortState } from './console-parts.tsx';
import { LedgerTransactionTable } from './ledger-page.tsx';
import { pageSize, useDetailId, useUrlState } from './url-state.ts';

const statuses = ['0', '1', '2', '3', '4', '-1', '-2', '-4'];

export function OrderListPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const { values, page, query, update } = useUrlState([
    'order_no',
    'buyer',
    'shop',
    'status',
    'sort',
    'order',
  ] as const);
  const { data, isFetching } = useQuery({
    queryKey: ['admin', 'orders', query, page],
    queryFn: () => listOrders({ ...query, page, limit: pageSize } as Parameters<typeof listOrders>[0]),
  });
  const columns: TableColumnsType<AdminOrderRow> = [
    {
      key: 'order_no',
      dataIndex: 'order_no',
      title: t('adminConsole.orderNo'),
      render: (orderNo: string, row) => <Link to={`/admin/orders/${row.id}`}>{orderNo}</Link>,
    },
    {
      key: 'buyer',
      dataIndex: 'buyer_account',
      title: t('adminConsole.buyer'),
      render: (account: string, row) => <Link to={`/admin/users/${row.user_id}`}>{account}</Link>,
    },
    { key: 'shop', dataIndex: 'shop_name', title: t('admin.shop') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('admin.status'),
      render: (s: number) => <Tag>{t(`orderStatus.${s}`)}</Tag>,
    },
    {
      key: 'total',
      dataIndex: 'total',
      title: t('admin.amount'),
      sorter: true,
      sortOrder: sortState(values, 'total'),
      render: (v: number) => money(v),
    },
    {
      key: 'id',
      dataIndex: 'created_at',
      title: t('adminConsole.createdAt'),
      sorter: true,
      sortOrder: sortState(values, 'id'),
      render: (value: string) => formatTime(value),
    },
  ];
  return (
    <Card>
      <Space wrap className="cm-console__filters">
        <SearchBox
          value={values.order_no}
          label={t('adminConsole.orderNo')}
          placeholder={t('adminConsole.orderNo')}
          onSearch={(order_no) => update({ order_no })}
        />
        <SearchBox
          value={values.buyer}
          label={t('adminConsole.buyer')}
          placeholder={t('adminConsole.searchBuyer')}
          onSearch={(buyer) => update({ buyer })}
        />
        <SearchBox
          value={values.shop}
          label={t('admin.shop')}
          placeholder={t('adminConsole.searchShops')}
          onSearch={(shop) => update({ shop })}
        />
        <ChoiceFilter
          label={t('admin.status')}
          value={values.status}
          width={140}
          choices={statuses}
          labelOf={(status) => t(`orderStatus.${status}`)}
          onChange={(status) => update({ status })}
        />
      </Space>
      <ServerTable<AdminOrderRow>
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

export function OrderDetailPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const id = useDetailId();
  const { data } = useQuery({ queryKey: ['admin', 'order', id], queryFn: () => fetchOrder(id), enabled: id > 0 });
  if (!data) return <Skeleton active />;
  const { order } = data;
  return (
    <div className="cm-console__stack">
      <Card
        title={<Typography.Text strong>{order.order_no}</Typography.Text>}
        extra={<Tag>{t(`orderStatus.${order.status}`)}</Tag>}
      >
        <Descriptions column={3} size="small">
          <Descriptions.Item label={t('adminConsole.buyer')}>
            <Link to={`/admin/users/${order.user_id}`}>{order.buyer_account}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.shop')}>{order.shop_name}</Descriptions.Item>
          <Descriptions.Item label={t('adminConsole.createdAt')}>{formatTime(order.created_at)}</Descriptions.Item>
          <Descriptions.Item label={t('adminConsole.goods')}>{money(order.goods_amount)}</Descriptions.Item>
          <Descriptions.Item label={t('adminConsole.freight')}>{money(order.freight)}</Descriptions.Item>
          <Descriptions.Item label={t('adminConsole.discount')}>{money(order.discount)}</Descriptions.Item>
          <Descriptions.Item label={t('admin.amount')}>{money(order.total)}</Descriptions.Item>
          <Descriptions.Item label={t('admin.address')} span={2}>
            {order.address}
          </Descriptions.Item>
        </Descriptions>
        <Table
          rowKey={(row) => `${row.title}-${row.sku}`}
          size="small"
          pagination={false}
          dataSource={order.items}
          columns={[
            { key: 'title', dataIndex: 'title', title: t('adminConsole.product') },
            { key: 'sku', dataIndex: 'sku', title: t('adminConsole.variant') },
            { key: 'price', dataIndex: 'price', title: t('adminConsole.price'), render: (v: number) => money(v) },
            { key: 'quantity', dataIndex: 'quantity', title: t('adminConsole.quantity') },
          ]}
        />
      </Card>
      <Space align="start" style={{ width: '100%' }} className="cm-console__columns">
        <Card title={t('adminConsole.statusHistory')} size="small">
          <Timeline
            items={data.status_history.map((entry) => ({
              children: `${formatTime(entry.created_at)} · ${entry.from_status === null ? '' : `${t(`orderStatus.${entry.from_status}`)} → `}${t(`orderStatus.${entry.status}`)} (${entry.actor})`,
            }))}
          />
        </Card>
        <Card title={t('adminConsole.logistics')} size="small">
          {data.logistics.length === 0 ? (
            <Typography.Text type="secondary">{t('admin.noData')}</Typography.Text>
          ) : (
            <Timeline
              items={data.logistics.map((event) => ({
                children: `${formatTime(event.created_at)} · ${event.description} ${event.location}`,
              }))}
            />
          )}
        </Card>
      </Space>
      <Card title={t('adminConsole.ledgerTransactions')} size="small">
        <LedgerTransactionTable rows={data.transactions} />
      </Card>
    </div>
  );
}
