import type { RefundDetail } from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Steps, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ordersKey } from '../../../shared/api/query-keys.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatTime } from '../../../shared/lib/format-time.ts';
import { parseId } from '../../../shared/lib/parse-id.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { confirm, toast } from '../../../shared/ui/feedback.ts';
import { isRetryable, LoadError } from '../../../shared/ui/load-error.tsx';
import { Page, Section } from '../../../shared/ui/page.tsx';
import { PrivateImage } from '../../../shared/ui/private-image.tsx';
import { ListSkeleton } from '../../../shared/ui/skeletons.tsx';
import { escalateRefund, refundDetailQuery, submitReturn } from '../api/refunds.ts';
import { nextActionOf } from '../lib/refund-next.ts';
import '../refunds.css';

/** Colour family of the status header. */
function toneOf(status: RefundDetail['status']) {
  if (status === 'refunded') return 'done';
  if (status === 'closed') return 'closed';
  if (status === 'refused') return 'warn';
  return 'info';
}

function Amounts({ refund }: { refund: RefundDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const rows = [
    ['refund.requested', refund.amount],
    ['refund.orderTotal', refund.order_total],
    ['refund.refundedTotal', refund.refunded_total],
    ['refund.refundable', refund.refundable],
  ] as const;
  return (
    <dl className="cm-refund-lines" data-testid="refund-amounts">
      {rows.map(([label, amount]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>
            <bdi dir="ltr">{money(amount)}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function EscalateAction({ refund, onDone }: { refund: RefundDetail; onDone(): Promise<void> }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  async function escalate() {
    const sure = await confirm({
      title: t('refund.escalateTitle'),
      content: t('refund.escalateContent'),
      confirmText: t('refund.escalate'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    setPending(true);
    try {
      await escalateRefund(refund.id, reason.trim());
      toast(t('refund.escalated'), 'success');
    } catch {
      // shown by the API client
    } finally {
      setPending(false);
    }
    await onDone();
  }
  return (
    <Section title={t('refund.nextStep')}>
      <p className="cm-hint">{t('refund.escalateHint')}</p>
      <TextArea
        value={reason}
        onChange={setReason}
        placeholder={t('refund.escalatePlaceholder')}
        maxLength={200}
        rows={2}
        data-testid="refund-escalate-reason"
      />
      <Button block color="primary" shape="rounded" loading={pending} onClick={escalate} data-testid="refund-escalate">
        {t('refund.escalate')}
      </Button>
    </Section>
  );
}

function ReturnAction({ refund, onDone }: { refund: RefundDetail; onDone(): Promise<void> }) {
  const { t } = useTranslation();
  const [carrier, setCarrier] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const [pending, setPending] = useState(false);
  async function send() {
    if (!carrier.trim() || !trackingNo.trim()) {
      toast(t('refund.returnMissing'));
      return;
    }
    setPending(true);
    try {
      await submitReturn({ id: refund.id, carrier: carrier.trim(), tracking_no: trackingNo.trim() });
      toast(t('refund.returnSaved'), 'success');
    } catch {
      // shown by the API client
    } finally {
      setPending(false);
    }
    await onDone();
  }
  return (
    <Section title={t('refund.nextStep')}>
      <p className="cm-hint">{t('refund.returnHint')}</p>
      <div className="cm-refund-return">
        <Input
          placeholder={t('refund.carrier')}
          value={carrier}
          onChange={setCarrier}
          maxLength={60}
          data-testid="refund-carrier"
        />
        <Input
          placeholder={t('refund.trackingNo')}
          value={trackingNo}
          onChange={setTrackingNo}
          maxLength={60}
          data-testid="refund-tracking"
        />
      </div>
      <Button block color="primary" shape="rounded" loading={pending} onClick={send} data-testid="refund-return-submit">
        {t('refund.sendReturn')}
      </Button>
    </Section>
  );
}

function RefundInfo({ refund }: { refund: RefundDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const next = nextActionOf(refund.status, refund.due_at);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ordersKey });
  return (
    <>
      <div className={`cm-refund-hero cm-refund-hero--${toneOf(refund.status)}`} data-testid="refund-hero">
        <p className="cm-refund-hero__status" data-testid="refund-status">
          {t(`refund.status.${refund.status}`)}
        </p>
        <p className="cm-refund-hero__hint">{t(`refund.statusHint.${refund.status}`)}</p>
        {refund.due_at && (
          <p className="cm-refund-hero__due">
            {t('refund.dueAt')} <time dateTime={refund.due_at}>{formatTime(refund.due_at)}</time>
          </p>
        )}
      </div>

      {next === 'escalate' && <EscalateAction refund={refund} onDone={refresh} />}
      {next === 'return' && <ReturnAction refund={refund} onDone={refresh} />}

      <Section title={t('refund.amounts')}>
        <Amounts refund={refund} />
      </Section>

      <Section
        title={t('refund.request')}
        extra={
          <Link className="cm-section__more" to={`/orderInfo/${refund.order_id}`}>
            <bdi dir="ltr">{refund.order_no}</bdi>
          </Link>
        }
      >
        <dl className="cm-refund-facts">
          <div>
            <dt>{t('refund.type')}</dt>
            <dd>{t(`refund.types.${refund.type}`)}</dd>
          </div>
          <div>
            <dt>{t('refund.productStatus')}</dt>
            <dd>{t(`refund.productStatuses.${refund.product_status}`)}</dd>
          </div>
          <div>
            <dt>{t('refund.reason')}</dt>
            <dd>{t(`refund.reasons.${refund.reason}`)}</dd>
          </div>
          <div>
            <dt>{t('refund.shop')}</dt>
            <dd>
              <bdi>{refund.shop_name}</bdi>
            </dd>
          </div>
          {refund.return_tracking_no && (
            <div>
              <dt>{t('refund.returnParcel')}</dt>
              <dd>
                <bdi dir="ltr">
                  {refund.return_carrier} {refund.return_tracking_no}
                </bdi>
              </dd>
            </div>
          )}
        </dl>
        <p className="cm-refund-explanation">
          <bdi>{refund.explanation}</bdi>
        </p>
        <ul className="cm-refund-items">
          {refund.items.map((item) => (
            <li key={item.id}>
              <bdi>{item.title}</bdi>
              <bdi dir="ltr">× {item.quantity}</bdi>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('refund.proof')}>
        <div className="cm-refund-pictures" data-testid="refund-pictures">
          {refund.pictures.map((url, index) => (
            <PrivateImage
              key={url}
              url={url}
              alt={t('refund.proofAlt', { n: index + 1 })}
              className="cm-refund-picture"
            />
          ))}
        </div>
      </Section>

      <Section title={t('refund.steps')}>
        <Steps direction="vertical" current={refund.steps.length - 1} data-testid="refund-steps">
          {refund.steps.map((step, index) => (
            <Steps.Step
              // biome-ignore lint/suspicious/noArrayIndexKey: steps are append-only, in order
              key={index}
              title={t(`refund.step.${step.step}`)}
              description={
                <span className="cm-refund-step">
                  <span>
                    {t(`refund.actor.${step.actor}`)} · <time dateTime={step.at}>{formatTime(step.at)}</time>
                  </span>
                  {step.note && <bdi className="cm-refund-step__note">{step.note}</bdi>}
                </span>
              }
            />
          ))}
        </Steps>
      </Section>
    </>
  );
}

/** `/refundInfo/:id`: one refund request with its proof, its steps, the amounts and the buyer's next action. */
export default function RefundInfoPage() {
  const { t, i18n } = useTranslation();
  const id = parseId(useParams().id);
  const query = useQuery({ ...refundDetailQuery(id ?? 0, i18n.language), enabled: id !== undefined });
  let body: React.ReactNode;
  if (query.isError && isRetryable(query.error)) body = <LoadError onRetry={() => query.refetch()} />;
  else if (id === undefined || query.isError) body = <EmptyState kind="noRecords" description={t('refund.notFound')} />;
  else if (!query.data) body = <ListSkeleton rows={3} />;
  else body = <RefundInfo refund={query.data} />;
  return <Page className="cm-refund-page">{body}</Page>;
}
