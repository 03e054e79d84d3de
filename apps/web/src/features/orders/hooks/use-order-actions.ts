import type { OrderStatus, OrderSummary } from '@crossmart/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { newActionKey } from '../../../shared/api/index.ts';
import { ordersKey, walletKey } from '../../../shared/api/query-keys.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useMoney } from '../../../shared/lib/use-money.ts';
import { refreshUserInfo } from '../../../shared/session/account-api.ts';
import { confirm, toast } from '../../../shared/ui/feedback.ts';
import { cancelOrder } from '../api/cancel-order.ts';
import { confirmOrder } from '../api/confirm-order.ts';
import { cancelRefunds, type OrderAction, reviewableItems, reviewPath } from '../lib/order-actions.ts';

/** What an action needs to know about its order. */
export interface ActionTarget {
  id: number;
  status: OrderStatus;
  total: number;
  order_no: string;
  refund: OrderSummary['refund'];
  items: readonly { id: number; reviewed: boolean }[];
}

/**
 * Runs an order action: pay and the links navigate; cancel and confirm receipt ask first (docs/spec.md §4),
 * then toast and refresh every order list, the counts, the detail and the balance.
 */
export function useOrderActions() {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<number | undefined>();
  // From the first tap to the answer (dialog included): a second tap meanwhile does nothing.
  const busy = useRef(false);

  async function refreshAfterChange() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ordersKey }),
      // A refund shows in the fund record (the wallet feature's queries).
      queryClient.invalidateQueries({ queryKey: walletKey }),
      refreshUserInfo().catch(() => undefined),
    ]);
  }

  async function change(order: ActionTarget, work: () => Promise<unknown>, success: string) {
    setPending(order.id);
    try {
      await work();
      toast(success, 'success');
    } catch {
      // The API client has shown the reason; the order may have moved on (e.g. timed out), so the
      // lists are refreshed either way.
    } finally {
      setPending(undefined);
    }
    await refreshAfterChange();
  }

  async function cancel(order: ActionTarget) {
    const refund = cancelRefunds(order.status);
    const sure = await confirm({
      title: t('orders.cancelTitle'),
      content: refund ? t('orders.cancelRefundConfirm', { amount: money(order.total) }) : t('orders.cancelConfirm'),
      confirmText: t('orders.cancelOrder'),
      cancelText: t('orders.keepOrder'),
    });
    if (!sure) return;
    // One key per confirmed action: a replay of this request cannot refund twice.
    const key = newActionKey();
    await change(order, () => cancelOrder(order.id, key), t(refund ? 'orders.cancelledRefunded' : 'orders.cancelled'));
  }

  async function receive(order: ActionTarget) {
    const sure = await confirm({
      title: t('orders.confirmTitle'),
      content: t('orders.confirmContent'),
      confirmText: t('orders.confirmReceipt'),
      cancelText: t('orders.notYet'),
    });
    if (!sure) return;
    await change(order, () => confirmOrder(order.id), t('orders.received'));
  }

  function run(action: OrderAction, order: ActionTarget) {
    switch (action) {
      case 'pay':
        navigate(`/payment?order_ids=${order.id}`);
        return;
      case 'details':
        navigate(`/orderInfo/${order.id}`);
        return;
      case 'refund':
        navigate(`/refund/${order.id}/${order.order_no}`);
        return;
      case 'refundInfo':
        if (order.refund) navigate(`/refundInfo/${order.refund.id}`);
        return;
      case 'review': {
        // The card's action opens the first line still to review; the detail has one per line.
        const [item] = reviewableItems(order);
        if (item) navigate(reviewPath(order.id, item.id));
        return;
      }
      case 'logistics':
        navigate(`/orderInfo/${order.id}?logistics=1`);
        return;
      case 'cancel':
      case 'confirm':
        if (busy.current) return;
        busy.current = true;
        void (action === 'cancel' ? cancel(order) : receive(order)).finally(() => {
          busy.current = false;
        });
        return;
    }
  }

  return { run, pending };
}
