import type { OrderDetail } from '@crossmart/contract';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, newActionKey } from '../../../shared/api/index.ts';
import { orderDetailQuery } from '../../../shared/api/order-detail.ts';
import { ordersKey, walletKey } from '../../../shared/api/query-keys.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { refreshUserInfo } from '../../../shared/session/account-api.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { confirm, toast } from '../../../shared/ui/feedback.ts';
import { Page, Section } from '../../../shared/ui/page.tsx';
import { ListSkeleton } from '../../../shared/ui/skeletons.tsx';
import { verifyPay } from '../api/payment.ts';
import { type ActionKey, keyForAction } from '../lib/action-key.ts';
import { handedOrders } from '../lib/back-data.ts';
import { parseOrderIds } from '../lib/checkout-input.ts';
import { earliestDeadline, payFailure } from '../lib/pay-rules.ts';
import '../checkout.css';
import { formatCountdown, useCountdown } from '../../../shared/lib/countdown.ts';
import { PayCodeDialog } from '../../../shared/ui/pay-code-dialog.tsx';

/** Orders of one payment, as far as the screen needs them (the create answer or the details). */
interface PayOrder {
  id: number;
  order_no: string;
  shop_name: string;
  status: number;
  total: number;
}

/**
 * Payment (docs/spec.md §2 `/payment?order_ids=`): the amount of the unpaid orders, the pay deadline, the
 * balance, and the pay dialog with the payment-code keypad (`POST /api/user/verify_pay`).
 */
export default function PaymentPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const ids = parseOrderIds(search) ?? [];
  const user = useSession((state) => state.userInfo);

  // Checkout hands its answer over for an instant first paint; the details are the truth after it.
  const [handed] = useState(() => handedOrders(useSession.getState().backData, ids));
  useEffect(() => {
    if (handed) useSession.getState().setBackData(null);
  }, [handed]);

  const details = useQueries({ queries: ids.map((id) => orderDetailQuery(id, i18n.language)) });
  const loaded = details.every((detail) => detail.data);
  const failed = details.some((detail) => detail.isError);
  const orders: PayOrder[] | undefined = loaded ? details.map((detail) => detail.data as OrderDetail) : handed?.orders;
  const unpaid = orders?.filter((order) => order.status === 0) ?? [];
  const amount = unpaid.reduce((sum, order) => sum + order.total, 0);
  const deadline = loaded ? earliestDeadline(details.map((detail) => detail.data?.pay_deadline)) : undefined;
  const left = useCountdown(deadline);
  const expired = left === 0;
  const balance = user?.balance;

  // The balance shown is the server's, not an old copy.
  useEffect(() => {
    void refreshUserInfo().catch(() => undefined);
  }, []);

  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  // The way out a refusal offers under "pay failed".
  const [offer, setOffer] = useState<'topUp' | 'forgotCode' | undefined>();
  const actionKey = useRef<ActionKey | undefined>(undefined);

  async function askToSetPayCode() {
    setOpen(false);
    const go = await confirm({ content: t('messages.noPayPassword'), confirmText: t('messages.goToSettings') });
    if (go) navigate('/changePayPwd');
  }

  function openDialog() {
    if (user?.has_pay_password === false) return void askToSetPayCode();
    setCode('');
    setError(undefined);
    setOffer(undefined);
    setOpen(true);
  }

  async function pay(paypwd: string) {
    const payIds = unpaid.map((order) => order.id);
    if (busy || payIds.length === 0) return;
    // The code is not part of the action: a second try with another code is the same payment.
    const key = keyForAction(actionKey.current, payIds.join(','), newActionKey);
    actionKey.current = key;
    setBusy(true);
    try {
      const result = await verifyPay(payIds, paypwd, key.key);
      actionKey.current = undefined;
      toast(t('success.pay'), 'success');
      const session = useSession.getState();
      if (session.userInfo) session.setUserInfo({ ...session.userInfo, balance: result.balance });
      void refreshUserInfo().catch(() => undefined);
      // Orders changed status; the wallet's balance and fund record moved.
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      void queryClient.invalidateQueries({ queryKey: walletKey });
      setOpen(false);
      navigate('/myPurchases/1', { replace: true });
    } catch (failure) {
      const key = failure instanceof ApiError ? failure.errorKey : undefined;
      const what = payFailure(key);
      setCode('');
      if (what === 'setPayCode') return void askToSetPayCode();
      setError(failure instanceof Error ? failure.message : t('messages.payFailed'));
      setOffer(what === 'topUp' || what === 'forgotCode' ? what : undefined);
      if (key === 'ORDER_STATUS_INVALID') {
        for (const id of payIds)
          void queryClient.invalidateQueries({ queryKey: orderDetailQuery(id, i18n.language).queryKey });
      }
    } finally {
      setBusy(false);
    }
  }

  if (ids.length === 0 || (failed && !orders)) {
    return (
      <Page>
        <EmptyState kind="noRecords" description={t('payment.nothing')}>
          <Link to="/myPurchases/0" className="cm-pill">
            {t('payment.myOrders')}
          </Link>
        </EmptyState>
      </Page>
    );
  }

  if (!orders) {
    return (
      <Page>
        <ListSkeleton rows={2} />
      </Page>
    );
  }

  const payable = unpaid.length > 0 && !expired;
  return (
    <Page className="cm-payment-page">
      <section className="cm-pay-card" data-testid="payment-card">
        <p className="cm-pay-card__label">{t('payment.amount')}</p>
        <p className="cm-pay-card__amount" data-testid="payment-amount">
          {money(amount)}
        </p>
        {unpaid.length === 0 ? (
          <p className="cm-pay-card__note">{t('payment.nothingToPay')}</p>
        ) : expired ? (
          <p className="cm-pay-card__note cm-pay-card__note--late">{t('payment.expired')}</p>
        ) : left !== undefined ? (
          <p className="cm-pay-card__note" data-testid="payment-countdown">
            <ClockCircleOutline aria-hidden="true" />
            <span>{t('payment.timeLeft')}</span>
            <b dir="ltr" className="cm-pay-card__time">
              {formatCountdown(left)}
            </b>
          </p>
        ) : null}
      </section>

      <Section title={t('payment.orders', { count: orders.length })}>
        <ul className="cm-pay-orders">
          {orders.map((order) => (
            <li key={order.id} className="cm-pay-order">
              <span className="cm-pay-order__main">
                <bdi className="cm-pay-order__shop">{order.shop_name}</bdi>
                <span className="cm-pay-order__no" dir="ltr">
                  {order.order_no}
                </span>
              </span>
              <span className="cm-pay-order__end">
                <b className="cm-co-price">{money(order.total)}</b>
                {order.status !== 0 && <span className="cm-pay-order__status">{t(`orderStatus.${order.status}`)}</span>}
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('payment.method')}>
        <div className="cm-pay-balance">
          <span className="cm-pay-balance__main">
            <b>{t('payment.balance')}</b>
            <span data-testid="payment-balance">{balance === undefined ? t('common.notKnown') : money(balance)}</span>
          </span>
          {balance !== undefined && balance < amount && payable && (
            <Link to="/topUp" className="cm-pay-balance__topup">
              {t('payment.topUp')}
            </Link>
          )}
        </div>
        {balance !== undefined && balance < amount && payable && (
          <p className="cm-pay-balance__short">{t('payment.short')}</p>
        )}
      </Section>

      <div className="cm-co-bar">
        <p className="cm-co-bar__total">
          <span>{t('payment.amount')}</span>
          <b className="cm-co-price cm-co-price--total">{money(amount)}</b>
        </p>
        <Button
          color="primary"
          shape="rounded"
          className="cm-co-bar__button"
          disabled={!payable}
          onClick={openDialog}
          data-testid="payment-pay"
        >
          {t('payment.payNow')}
        </Button>
      </div>

      <PayCodeDialog
        open={open}
        amount={amount}
        code={code}
        busy={busy}
        error={error}
        errorAction={
          offer && (
            <Button
              size="small"
              shape="rounded"
              color="primary"
              fill="outline"
              onClick={() => {
                setOpen(false);
                navigate(offer === 'topUp' ? '/topUp' : '/changePayPwd');
              }}
            >
              {t(offer === 'topUp' ? 'payment.topUp' : 'payCode.forgot')}
            </Button>
          )
        }
        onCode={(value) => {
          setCode(value);
          if (value) setError(undefined);
        }}
        onFill={(value) => void pay(value)}
        onClose={() => setOpen(false)}
      />
    </Page>
  );
}
