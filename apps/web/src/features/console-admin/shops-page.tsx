import type { AdminProductRow, AdminShopRow } from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { formatTime } from '../../shared/lib/format-time.ts';
import { useMoney } from '../../shared/lib/use-money.ts';
import { useAllowed } from '../../shared/session/admin-access.ts';
import { listProducts, listShops, restoreProduct, restoreShop, suspendShop, takeDownProduct } from './console-api.ts';
import { ChoiceFilter, ReasonDialog, SearchBox, ServerTable, sortState } from './console-parts.tsx';
import { pageSize, useUrlState } from './url-state.ts';

const shopStatus: Record<number, { key: string; color: string }> = {
  1: { key: 'open', color: 'green' },
  0: { key: 'closed', color: 'default' },
  [-1]: { key: 'suspended', color: 'red' },
};
const productStatus: Record<number, { key: string; color: string }> = {
  1: { key: 'on_sale', color: 'green' },
  0: { key: 'off_shelf', color: 'default' },
  [-1]: { key: 'removed', color: 'red' },
};

type Dialog = { id: number; name: string; action: 'suspend' | 'restore' | 'take_down' | 'product_restore' } | null;

function ShopTable({ onDialog }: { onDialog(dialog: Dialog): void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const mayAct = useAllowed('POST /api/admin/shop_suspend');
  const { values, page, query, update } = useUrlState(['q', 'status', 'sort', 'order'] as const);
  const { data, isFetching } = useQuery({
    queryKey: ['admin', 'shops', query, page],
    queryFn: () => listShops({ ...query, page, limit: pageSize } as Parameters<typeof listShops>[0]),
  });
  const columns: TableColumnsType<AdminShopRow> = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 80, sorter: true, sortOrder: sortState(values, 'id') },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('admin.shop'),
      render: (name: string, row) => <Link to={`/admin/shops?tab=products&shop_id=${row.id}`}>{name}</Link>,
    },
    {
      key: 'owner',
      dataIndex: 'owner_account',
      title: t('adminConsole.owner'),
      render: (account: string | null, row) =>
        row.owner_user_id ? <Link to={`/admin/users/${row.owner_user_id}`}>{account}</Link> : '—',
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('admin.status'),
      render: (status: number, row) => (
        <Space direction="vertical" size={0}>
          <Tag color={shopStatus[status]?.color}>{t(`adminConsole.shopStatus.${shopStatus[status]?.key}`)}</Tag>
          {row.suspend_reason && <Typography.Text type="secondary">{row.suspend_reason}</Typography.Text>}
        </Space>
      ),
    },
    { key: 'product_count', dataIndex: 'product_count', title: t('adminConsole.products') },
    {
      key: 'sales_amount',
      dataIndex: 'sales_amount',
      title: t('adminConsole.sales'),
      sorter: true,
      sortOrder: sortState(values, 'sales_amount'),
      render: (v: number) => money(v),
    },
    {
      key: 'created_at',
      dataIndex: 'created_at',
      title: t('adminConsole.createdAt'),
      sorter: true,
      sortOrder: sortState(values, 'created_at'),
      render: (value: string) => formatTime(value),
    },
    {
      key: 'actions',
      title: t('admin.actions'),
      render: (_, row) =>
        mayAct &&
        (row.status === -1 ? (
          <Button size="small" onClick={() => onDialog({ id: row.id, name: row.name, action: 'restore' })}>
            {t('adminConsole.restore')}
          </Button>
        ) : (
          <Button size="small" danger onClick={() => onDialog({ id: row.id, name: row.name, action: 'suspend' })}>
            {t('adminConsole.suspend')}
          </Button>
        )),
    },
  ];
  return (
    <>
      <Space wrap className="cm-console__filters">
        <SearchBox
          value={values.q}
          label={t('adminConsole.searchShops')}
          placeholder={t('adminConsole.searchShops')}
          onSearch={(q) => update({ q })}
        />
        <ChoiceFilter
          label={t('admin.status')}
          value={values.status}
          choices={['open', 'closed', 'suspended']}
          labelOf={(key) => t(`adminConsole.shopStatus.${key}`)}
          onChange={(status) => update({ status })}
        />
      </Space>
      <ServerTable<AdminShopRow>
        loading={isFetching}
        columns={columns}
        dataSource={data?.list}
        page={page}
        hasMore={data?.has_more ?? false}
        update={update}
      />
    </>
  );
}

function ProductTable({ onDialog }: { onDialog(dialog: Dialog): void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const mayAct = useAllowed('POST /api/admin/product_take_down');
  const { values, page, query, update } = useUrlState(['q', 'shop_id', 'status', 'sort', 'order'] as const);
  const { data, isFetching } = useQuery({
    queryKey: ['admin', 'products', query, page],
    queryFn: () => listProducts({ ...query, page, limit: pageSize } as Parameters<typeof listProducts>[0]),
  });
  const columns: TableColumnsType<AdminProductRow> = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 80, sorter: true, sortOrder: sortState(values, 'id') },
    { key: 'title', dataIndex: 'title', title: t('adminConsole.product'), ellipsis: true },
    { key: 'shop', dataIndex: 'shop_name', title: t('admin.shop') },
    {
      key: 'price',
      dataIndex: 'price',
      title: t('adminConsole.price'),
      sorter: true,
      sortOrder: sortState(values, 'price'),
      render: (v: number) => money(v),
    },
    { key: 'stock', dataIndex: 'stock', title: t('adminConsole.stock') },
    {
      key: 'sold_count',
      dataIndex: 'sold_count',
      title: t('adminConsole.sold'),
      sorter: true,
      sortOrder: sortState(values, 'sold_count'),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('admin.status'),
      render: (status: number, row) => (
        <Space direction="vertical" size={0}>
          <Tag color={productStatus[status]?.color}>
            {t(`adminConsole.productStatus.${productStatus[status]?.key}`)}
          </Tag>
          {row.removed_reason && <Typography.Text type="secondary">{row.removed_reason}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('admin.actions'),
      render: (_, row) =>
        mayAct &&
        (row.status === -1 ? (
          <Button size="small" onClick={() => onDialog({ id: row.id, name: row.title, action: 'product_restore' })}>
            {t('adminConsole.restore')}
          </Button>
        ) : (
          <Button size="small" danger onClick={() => onDialog({ id: row.id, name: row.title, action: 'take_down' })}>
            {t('adminConsole.takeDown')}
          </Button>
        )),
    },
  ];
  return (
    <>
      <Space wrap className="cm-console__filters">
        <SearchBox
          value={values.q}
          label={t('adminConsole.searchProducts')}
          placeholder={t('adminConsole.searchProducts')}
          onSearch={(q) => update({ q })}
        />
        {values.shop_id && (
          <Tag closable onClose={() => update({ shop_id: undefined })}>
            {t('admin.shop')} #{values.shop_id}
          </Tag>
        )}
        <ChoiceFilter
          label={t('admin.status')}
          value={values.status}
          choices={['on_sale', 'off_shelf', 'removed']}
          labelOf={(key) => t(`adminConsole.productStatus.${key}`)}
          onChange={(status) => update({ status })}
        />
      </Space>
      <ServerTable<AdminProductRow>
        loading={isFetching}
        columns={columns}
        dataSource={data?.list}
        page={page}
        hasMore={data?.has_more ?? false}
        update={update}
      />
    </>
  );
}

export function ShopsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { values, update } = useUrlState(['tab', 'q', 'status', 'shop_id', 'sort', 'order'] as const);
  const [dialog, setDialog] = useState<Dialog>(null);
  const titles = {
    suspend: 'adminConsole.suspend',
    restore: 'adminConsole.restore',
    take_down: 'adminConsole.takeDown',
    product_restore: 'adminConsole.restore',
  } as const;
  return (
    <Card>
      <Tabs
        activeKey={values.tab || 'shops'}
        onChange={(tab) =>
          update({
            tab: tab === 'shops' ? undefined : tab,
            q: undefined,
            status: undefined,
            shop_id: undefined,
            sort: undefined,
            order: undefined,
          })
        }
        items={[
          { key: 'shops', label: t('adminConsole.shops'), children: <ShopTable onDialog={setDialog} /> },
          { key: 'products', label: t('adminConsole.products'), children: <ProductTable onDialog={setDialog} /> },
        ]}
      />
      <ReasonDialog
        open={dialog !== null}
        title={dialog ? `${t(titles[dialog.action])}: ${dialog.name}` : ''}
        required={dialog?.action === 'suspend' || dialog?.action === 'take_down'}
        onClose={() => setDialog(null)}
        onSubmit={async (reason) => {
          if (!dialog) return;
          const body = { id: dialog.id, reason: reason ?? '' };
          if (dialog.action === 'suspend') await suspendShop(body);
          if (dialog.action === 'restore') await restoreShop({ id: dialog.id, ...(reason ? { reason } : {}) });
          if (dialog.action === 'take_down') await takeDownProduct(body);
          if (dialog.action === 'product_restore')
            await restoreProduct({ id: dialog.id, ...(reason ? { reason } : {}) });
          await queryClient.invalidateQueries({ queryKey: ['admin'] });
        }}
      />
    </Card>
  );
}
