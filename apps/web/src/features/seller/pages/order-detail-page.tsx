import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Image, Input, List, Skeleton, Steps } from 'antd-mobile';
import { useState } from 'react';
import { useParams } from 'react-router';
import { currentTag } from '../../../shared/i18n/i18n.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useLineText } from '../../../shared/lib/use-line-text.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { toast } from '../../../shared/ui/feedback.ts';
import { LineParts } from '../../../shared/ui/line-parts.tsx';
import { addLogistics, getOrder, shipOrder } from '../seller-api.ts';

/** One order: items, address, amounts, remark; ship it, then add tracking events. */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const text = useLineText();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const { data: order } = useQuery({ queryKey: ['seller', 'order', id], queryFn: () => getOrder(id) });
  const [carrier, setCarrier] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const [event, setEvent] = useState('');
  const [location, setLocation] = useState('');
  const [pending, setPending] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['seller'] });
  async function run(work: () => Promise<unknown>, message: string) {
    setPending(true);
    try {
      await work();
      toast(t(message), 'success');
      await refresh();
    } catch {
      // shown by the API client
    } finally {
      setPending(false);
    }
  }
  if (!order) return <Skeleton.Paragraph lineCount={10} animated />;
  const date = (iso: string) => new Date(iso).toLocaleString(currentTag());
  return (
    <div className="cm-seller-page">
      <Card title={<LineParts parts={[t(`seller.orderStatus.${order.status}`), order.order_no]} />}>
        <List>
          {order.items.map((item) => (
            <List.Item
              key={item.id}
              prefix={<Image src={item.image} width={48} height={48} fit="cover" />}
              description={<bdi>{text.specs(item.specs)}</bdi>}
              extra={`${money(item.price)} × ${item.quantity}`}
            >
              {item.title}
            </List.Item>
          ))}
        </List>
        <List>
          <List.Item extra={money(order.goods_amount)}>{t('seller.goods')}</List.Item>
          <List.Item extra={money(order.freight)}>{t('seller.freight')}</List.Item>
          {order.discount > 0 && <List.Item extra={`−${money(order.discount)}`}>{t('seller.discount')}</List.Item>}
          <List.Item extra={<strong>{money(order.total)}</strong>}>{t('seller.total')}</List.Item>
        </List>
      </Card>
      <Card title={t('seller.shipTo')}>
        <p>
          {order.address.name} {order.address.mobile}
        </p>
        <p>
          {order.address.area} {order.address.address}
        </p>
        {order.remark && (
          <p className="cm-seller-remark">
            {t('seller.buyerRemark')}: <bdi>{order.remark}</bdi>
          </p>
        )}
      </Card>
      {order.status === 1 && (
        <Card title={t('seller.ship')}>
          <Form layout="vertical">
            <Form.Item label={t('seller.carrier')}>
              <Input value={carrier} onChange={setCarrier} placeholder={t('seller.carrierPlaceholder')} />
            </Form.Item>
            <Form.Item label={t('seller.trackingNo')}>
              <Input value={trackingNo} onChange={setTrackingNo} />
            </Form.Item>
          </Form>
          <Button
            block
            color="primary"
            loading={pending}
            disabled={!carrier.trim() || !trackingNo.trim()}
            onClick={() => run(() => shipOrder({ order_id: id, carrier, tracking_no: trackingNo }), 'seller.shipped')}
          >
            {t('seller.ship')}
          </Button>
        </Card>
      )}
      {order.status >= 2 && (
        <Card title={t('seller.logistics')}>
          <p>
            {order.carrier} {order.tracking_no}
          </p>
          <Steps direction="vertical" current={0}>
            {order.logistics.map((step) => (
              <Steps.Step
                key={`${step.at}-${step.description}`}
                title={step.description}
                description={<LineParts parts={[step.location, date(step.at)]} />}
              />
            ))}
          </Steps>
          <Form layout="vertical">
            <Form.Item label={t('seller.trackingEvent')}>
              <Input value={event} onChange={setEvent} placeholder={t('seller.trackingEventPlaceholder')} />
            </Form.Item>
            <Form.Item label={t('seller.location')}>
              <Input value={location} onChange={setLocation} />
            </Form.Item>
          </Form>
          <Button
            block
            fill="outline"
            color="primary"
            loading={pending}
            disabled={!event.trim()}
            onClick={() =>
              run(async () => {
                await addLogistics({ order_id: id, description: event, location });
                setEvent('');
                setLocation('');
              }, 'seller.eventAdded')
            }
          >
            {t('seller.addEvent')}
          </Button>
        </Card>
      )}
    </div>
  );
}
