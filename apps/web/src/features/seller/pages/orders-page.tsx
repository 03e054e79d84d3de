import { useQuery } from '@tanstack/react-query';
import { Empty, Image, List, Tabs } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { currentDir } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { LineParts } from '../../../shared/ui/line-parts.tsx';
import { listOrders } from '../seller-api.ts';

const filters = ['all', '1', '2', '3', '4', '0', '-1'] as const;

/** The shop's orders by status, with counts per status. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'all';
  const { data } = useQuery({ queryKey: ['seller', 'orders', status], queryFn: () => listOrders(status, 1) });
  return (
    <div className="cm-seller-page">
      <Tabs
        direction={currentDir()}
        activeKey={status}
        onChange={(key) => setParams({ status: key }, { replace: true })}
      >
        {filters.map((key) => (
          <Tabs.Tab key={key} title={`${t(`seller.orderStatus.${key}`)} ${data?.counts[key] ?? ''}`} />
        ))}
      </Tabs>
      {data && data.list.length === 0 ? (
        <Empty description={t('seller.noOrders')} />
      ) : (
        <List>
          {data?.list.map((order) => (
            <List.Item
              key={order.id}
              onClick={() => navigate(`/seller/orders/${order.id}`)}
              prefix={<Image src={order.items[0]?.image ?? ''} width={56} height={56} fit="cover" lazy />}
              description={
                <LineParts parts={[order.order_no, order.buyer, t('seller.itemsCount', { count: order.quantity })]} />
              }
              extra={
                <div className="cm-seller-order-extra">
                  <strong>{money(order.total)}</strong>
                  <span>{t(`seller.orderStatus.${order.status}`)}</span>
                </div>
              }
            >
              {order.items[0]?.title}
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
