import type { RefundSummary } from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Image, Segmented, Tag, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { newActionKey } from '../../../shared/api/index.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatTime } from '../../../shared/lib/format-time.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { confirm, toast } from '../../../shared/ui/feedback.ts';
import { PrivateImage } from '../../../shared/ui/private-image.tsx';
import {
  approveSellerRefund,
  getSellerRefund,
  listSellerRefunds,
  receiveSellerReturn,
  refuseSellerRefund,
  sellerRefundsKey,
} from '../refunds-api.ts';

const statusColors: Record<RefundSummary['status'], string> = {
  pending: 'warning',
  refused: 'danger',
  escalated: 'danger',
  awaiting_return: 'primary',
  returning: 'primary',
  refunded: 'success',
  closed: 'default',
};

/** One request: the buyer's reason, explanation and proof, and the shop's answer. */
function RefundCard({ refund }: { refund: RefundSummary }) {
  const { t } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const detail = useQuery({
    queryKey: [...sellerRefundsKey, 'detail', refund.id],
    queryFn: () => getSellerRefund(refund.id),
    enabled: open,
  });

  async function act(work: () => Promise<unknown>, success: string) {
    setPending(true);
    try {
      await work();
      toast(success, 'success');
      setRefusing(false);
    } catch {
      // shown by the API client
    } finally {
      setPending(false);
    }
    await queryClient.invalidateQueries({ queryKey: sellerRefundsKey });
  }

  async function approve() {
    const sure = await confirm({
      title: t('refund.seller.approveTitle'),
      content:
        refund.type === 'refund_only'
          ? t('refund.seller.approveRefund', { amount: money(refund.amount) })
          : t('refund.seller.approveReturn'),
      confirmText: t('refund.seller.approve'),
      cancelText: t('common.cancel'),
    });
    if (sure) await act(() => approveSellerRefund(refund.id, newActionKey()), t('refund.seller.approved'));
  }

  async function receive() {
    const sure = await confirm({
      title: t('refund.seller.receiveTitle'),
      content: t('refund.seller.approveRefund', { amount: money(refund.amount) }),
      confirmText: t('refund.seller.receive'),
      cancelText: t('common.cancel'),
    });
    if (sure) await act(() => receiveSellerReturn(refund.id, newActionKey()), t('refund.seller.received'));
  }

  return (
    <Card
      className="cm-seller-refund"
      data-testid="seller-refund"
      data-refund-id={refund.id}
      title={
        <span>
          <bdi dir="ltr">{refund.order_no}</bdi> · {refund.buyer}
        </span>
      }
      extra={<Tag color={statusColors[refund.status]}>{t(`refund.status.${refund.status}`)}</Tag>}
    >
      <div className="cm-seller-refund__summary">
        <strong>
          <bdi dir="ltr">{money(refund.amount)}</bdi>
        </strong>
        <span>
          {t(`refund.types.${refund.type}`)} · {t(`refund.reasons.${refund.reason}`)}
        </span>
        {refund.due_at && (
          <span className="cm-seller-refund__due">
            {t('refund.dueAt')} <time dateTime={refund.due_at}>{formatTime(refund.due_at)}</time>
          </span>
        )}
      </div>
      <Button size="mini" fill="none" onClick={() => setOpen(!open)} data-testid="seller-refund-toggle">
        {open ? t('refund.seller.hide') : t('refund.seller.show')}
      </Button>
      {open && detail.data && (
        <div className="cm-seller-refund__detail">
          <p className="cm-seller-refund__explanation">
            <bdi>{detail.data.explanation}</bdi>
          </p>
          <p className="cm-seller-refund__meta">
            {t(`refund.productStatuses.${detail.data.product_status}`)}
            {detail.data.return_tracking_no && (
              <>
                {' · '}
                {t('refund.returnParcel')}{' '}
                <bdi dir="ltr">
                  {detail.data.return_carrier} {detail.data.return_tracking_no}
                </bdi>
              </>
            )}
          </p>
          <div className="cm-seller-refund__pictures">
            {detail.data.pictures.map((url, index) => (
              <PrivateImage key={url} url={url} alt={t('refund.proofAlt', { n: index + 1 })} />
            ))}
          </div>
          {detail.data.items.map((item) => (
            <div key={item.id} className="cm-seller-refund__item">
              {item.image && <Image src={item.image} width={36} height={36} fit="cover" />}
              <bdi>{item.title}</bdi>
              <span>× {item.quantity}</span>
            </div>
          ))}
        </div>
      )}
      {refund.status === 'pending' && !refusing && (
        <div className="cm-seller-actions">
          <Button size="small" color="primary" loading={pending} onClick={approve} data-testid="seller-refund-approve">
            {t('refund.seller.approve')}
          </Button>
          <Button
            size="small"
            color="danger"
            fill="outline"
            onClick={() => setRefusing(true)}
            data-testid="seller-refund-refuse"
          >
            {t('refund.seller.refuse')}
          </Button>
        </div>
      )}
      {refusing && (
        <div className="cm-seller-refund__refuse">
          <TextArea
            placeholder={t('refund.seller.refuseReason')}
            value={reason}
            onChange={setReason}
            maxLength={200}
            rows={2}
            data-testid="seller-refund-reason"
          />
          <div className="cm-seller-actions">
            <Button size="small" onClick={() => setRefusing(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              size="small"
              color="danger"
              disabled={!reason.trim()}
              loading={pending}
              onClick={() => act(() => refuseSellerRefund(refund.id, reason.trim()), t('refund.seller.refused'))}
              data-testid="seller-refund-refuse-send"
            >
              {t('refund.seller.refuse')}
            </Button>
          </div>
        </div>
      )}
      {refund.status === 'returning' && (
        <div className="cm-seller-actions">
          <Button size="small" color="primary" loading={pending} onClick={receive} data-testid="seller-refund-receive">
            {t('refund.seller.receive')}
          </Button>
        </div>
      )}
    </Card>
  );
}

/** The after-sale tab's refunds: open requests first (answer, or confirm a return's arrival), or all of them. */
export function RefundsSection() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<'open' | 'all'>('open');
  const { data } = useQuery({ queryKey: [...sellerRefundsKey, filter], queryFn: () => listSellerRefunds(filter) });
  return (
    <section className="cm-seller-refunds" data-testid="seller-refunds">
      <div className="cm-seller-refunds__head">
        <h2 className="cm-seller-heading">{t('seller.refunds')}</h2>
        <Segmented
          value={filter}
          onChange={(value) => setFilter(value === 'all' ? 'all' : 'open')}
          options={[
            { value: 'open', label: t('refund.seller.open') },
            { value: 'all', label: t('refund.seller.all') },
          ]}
        />
      </div>
      {data && data.list.length === 0 && <Empty description={t('seller.noRefunds')} />}
      {data?.list.map((refund) => (
        <RefundCard key={refund.id} refund={refund} />
      ))}
    </section>
  );
}
