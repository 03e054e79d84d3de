import type { PlatformSettings } from '@crossmart/contract';
import type { Database } from '../../db/client.ts';
import { getSettings } from '../wallet/index.ts';

/** The order timers and commission of docs/product-rules.md (order lifecycle), from the admin-editable platform settings. */
export interface OrderSettings {
  unpaidMinutes: number;
  autoReceiveDays: number;
  afterSaleDays: number;
  /** Commission in basis points of the order total (500 = 5 %). */
  commissionBps: number;
  /** Unpaid orders one buyer may hold at once. */
  maxUnpaidOrders: number;
  /** Refund timers (days): the merchant's answer and the return's arrival, the escalation window, the return's shipping. */
  refundResponseDays: number;
  refundEscalateDays: number;
  refundReturnDays: number;
  /** The platform time zone (config): a completed sale counts on its platform day. */
  timeZone: string;
}

export function orderSettingsOf(platform: PlatformSettings, timeZone: string): OrderSettings {
  return {
    unpaidMinutes: platform.order_unpaid_minutes,
    autoReceiveDays: platform.order_auto_receive_days,
    afterSaleDays: platform.order_after_sale_days,
    commissionBps: platform.commission_rate_bp,
    maxUnpaidOrders: platform.max_unpaid_orders,
    refundResponseDays: platform.refund_response_days,
    refundEscalateDays: platform.refund_escalate_days,
    refundReturnDays: platform.refund_return_days,
    timeZone,
  };
}

/** Read per call (one prepared statement), so an admin's change applies to the next request and sweep. */
export async function loadOrderSettings(db: Database, timeZone: string): Promise<OrderSettings> {
  return orderSettingsOf(await getSettings(db), timeZone);
}
