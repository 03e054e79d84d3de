import {
  type OrderDetail,
  openRefundStatuses,
  type RefundProductStatus,
  type RefundReason,
  type RefundType,
  refundLimits,
  refundProductStatuses,
  refundReasons,
  refundTypes,
} from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, CheckList, Input, List, Popup, Selector, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useConfig } from '../../../shared/api/config.ts';
import { orderDetailQuery } from '../../../shared/api/order-detail.ts';
import { ordersKey, walletKey } from '../../../shared/api/query-keys.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { parseId } from '../../../shared/lib/parse-id.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { confirm, toast } from '../../../shared/ui/feedback.ts';
import { isRetryable, LoadError } from '../../../shared/ui/load-error.tsx';
import { Page, Section } from '../../../shared/ui/page.tsx';
import { ListSkeleton } from '../../../shared/ui/skeletons.tsx';
import { requestRefund } from '../api/refunds.ts';
import { ProofUploader } from '../components/proof-uploader.tsx';
import { initialAmount, toMajorText, toMinor } from '../lib/amount.ts';
import '../refunds.css';

const openStatuses: readonly string[] = openRefundStatuses;

/** The item ids of a per-item link (`/refund/:id/:sn/3,4/:amount`); junk is dropped. */
function parseItemIds(text: string | undefined, order: OrderDetail): number[] {
  if (!text) return [];
  const own = new Set(order.items.map((item) => item.id));
  return text
    .split(',')
    .map((part) => parseId(part))
    .filter((id): id is number => id !== undefined && own.has(id));
}

function RefundForm({
  order,
  itemIds,
  linkedAmount,
}: {
  order: OrderDetail;
  itemIds: number[];
  linkedAmount?: number;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const exponent = useConfig().data?.currency_exponent ?? 0;
  const refundable = order.total - order.refunded_amount;
  const [type, setType] = useState<RefundType>('refund_only');
  const [amountText, setAmountText] = useState(() => toMajorText(initialAmount(refundable, linkedAmount), exponent));
  const [productStatus, setProductStatus] = useState<RefundProductStatus>(
    order.status === 1 ? 'not_received' : 'received',
  );
  const [reason, setReason] = useState<RefundReason | undefined>();
  const [pickingReason, setPickingReason] = useState(false);
  const [explanation, setExplanation] = useState('');
  const [pictures, setPictures] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const items = itemIds.length > 0 ? order.items.filter((item) => itemIds.includes(item.id)) : order.items;

  async function submit() {
    const amount = toMinor(amountText, exponent);
    // docs/spec.md §5: amount required and not negative; reason, explanation and proof required.
    if (Number.isNaN(amount) || amount <= 0 || !reason || !explanation.trim() || pictures.length === 0) {
      toast(t('messages.refundIncomplete'));
      return;
    }
    if (amount > refundable) {
      toast(t('refund.amountTooHigh', { amount: money(refundable) }));
      return;
    }
    const sure = await confirm({
      title: t('refund.confirmTitle'),
      content: t('refund.confirmContent', { amount: money(amount) }),
      confirmText: t('refund.submit'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    setPending(true);
    try {
      const result = await requestRefund({
        order_id: order.id,
        type,
        amount,
        product_status: productStatus,
        reason,
        explanation: explanation.trim(),
        pictures,
        item_ids: itemIds,
      });
      toast(t('success.refundApplied'), 'success');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersKey }),
        queryClient.invalidateQueries({ queryKey: walletKey }),
      ]);
      navigate(`/refundInfo/${result.id}`, { replace: true });
    } catch {
      // The API client has shown the reason (e.g. already submitted).
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Section title={t('refund.order')}>
        <p className="cm-refund-order">
          {t('refund.orderNo')} <bdi dir="ltr">{order.order_no}</bdi>
        </p>
        <ul className="cm-refund-items">
          {items.map((item) => (
            <li key={item.id}>
              <bdi>{item.title}</bdi>
              <bdi dir="ltr">
                {money(item.price)} × {item.quantity}
              </bdi>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('refund.type')}>
        <Selector
          columns={2}
          value={[type]}
          onChange={(value) => value[0] && setType(value[0])}
          options={refundTypes.map((value) => ({ value, label: t(`refund.types.${value}`) }))}
          data-testid="refund-type"
        />
      </Section>

      <List className="cm-refund-fields">
        <List.Item
          title={t('refund.amount')}
          description={t('refund.refundableHint', { amount: money(refundable) })}
          data-testid="refund-amount-row"
        >
          <Input
            inputMode={exponent === 0 ? 'numeric' : 'decimal'}
            value={amountText}
            onChange={setAmountText}
            aria-label={t('refund.amount')}
            data-testid="refund-amount"
          />
        </List.Item>
        <List.Item title={t('refund.productStatus')}>
          <Selector
            columns={2}
            value={[productStatus]}
            onChange={(value) => value[0] && setProductStatus(value[0])}
            options={refundProductStatuses.map((value) => ({ value, label: t(`refund.productStatuses.${value}`) }))}
          />
        </List.Item>
        <List.Item
          title={t('refund.reason')}
          extra={reason ? t(`refund.reasons.${reason}`) : t('refund.choose')}
          onClick={() => setPickingReason(true)}
          data-testid="refund-reason"
        >
          {null}
        </List.Item>
      </List>
      <Popup
        visible={pickingReason}
        onMaskClick={() => setPickingReason(false)}
        onClose={() => setPickingReason(false)}
        bodyClassName="cm-refund-reasons"
      >
        <h2 className="cm-refund-reasons__title">{t('refund.reason')}</h2>
        <CheckList
          value={reason ? [reason] : []}
          onChange={(value) => {
            if (value[0]) setReason(value[0] as RefundReason);
            setPickingReason(false);
          }}
          data-testid="refund-reasons"
        >
          {refundReasons.map((value) => (
            <CheckList.Item key={value} value={value}>
              {t(`refund.reasons.${value}`)}
            </CheckList.Item>
          ))}
        </CheckList>
      </Popup>

      <Section title={t('refund.explanation')}>
        <TextArea
          value={explanation}
          onChange={setExplanation}
          placeholder={t('refund.explanationPlaceholder')}
          maxLength={refundLimits.explanationMaxLength}
          showCount
          rows={3}
          data-testid="refund-explanation"
        />
      </Section>

      <Section title={t('refund.proof')}>
        <ProofUploader onChange={setPictures} />
      </Section>

      <div className="cm-refund-submit">
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={pending}
          onClick={submit}
          data-testid="refund-submit"
        >
          {t('refund.submit')}
        </Button>
      </div>
    </>
  );
}

/** `/refund/:id?/:sn?/:product_ids?/:amount?`: the refund request of an order (or of some of its items). */
export default function RefundPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const orderId = parseId(params.id);
  const query = useQuery({ ...orderDetailQuery(orderId ?? 0, i18n.language), enabled: orderId !== undefined });
  const order = query.data;
  const linked = params.amount === undefined ? undefined : Number(params.amount);
  let body: React.ReactNode;
  if (query.isError && isRetryable(query.error)) body = <LoadError onRetry={() => query.refetch()} />;
  else if (orderId === undefined || query.isError)
    body = <EmptyState kind="noRecords" description={t('refund.orderNotFound')} />;
  else if (!order) body = <ListSkeleton rows={3} />;
  else if (order.refund && openStatuses.includes(order.refund.status)) {
    body = (
      <div className="cm-refund-notice" data-testid="refund-already">
        <p>{t('messages.refundSubmitted')}</p>
        <Link to={`/refundInfo/${order.refund.id}`}>{t('refund.viewRequest')}</Link>
      </div>
    );
  } else if (![1, 2, 3].includes(order.status) || order.total - order.refunded_amount <= 0) {
    body = (
      <div className="cm-refund-notice" data-testid="refund-unavailable">
        <p>{t('refund.notAvailable')}</p>
      </div>
    );
  } else {
    body = (
      <RefundForm
        order={order}
        itemIds={parseItemIds(params.product_ids, order)}
        {...(linked !== undefined && Number.isSafeInteger(linked) ? { linkedAmount: linked } : {})}
      />
    );
  }
  return <Page className="cm-refund-page">{body}</Page>;
}
