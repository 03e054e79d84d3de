import type { Address, OrderCreateResult } from '@crossmart/contract';

/**
 * What other screens hand to checkout and payment through the session's `backData`:
 * `/address?select=1` stores `{ kind: 'address', address }` (features/address `ChosenAddress`);
 * checkout stores `{ kind: 'orders', result }` for the payment screen it opens, so the amount shows
 * at once (the order details follow, and are all there is after a reload).
 */
export interface OrdersHandoff {
  kind: 'orders';
  result: OrderCreateResult;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function chosenAddress(backData: unknown): Address | undefined {
  if (!isRecord(backData) || backData.kind !== 'address' || !isRecord(backData.address)) return undefined;
  return typeof backData.address.id === 'number' ? (backData.address as unknown as Address) : undefined;
}

/** The create answer when it is for exactly these orders. */
export function handedOrders(backData: unknown, orderIds: readonly number[]): OrderCreateResult | undefined {
  if (!isRecord(backData) || backData.kind !== 'orders' || !isRecord(backData.result)) return undefined;
  const result = backData.result as unknown as OrderCreateResult;
  const ids = Array.isArray(result.order_ids) ? result.order_ids : [];
  const same = ids.length === orderIds.length && ids.every((id) => orderIds.includes(id));
  return same ? result : undefined;
}
