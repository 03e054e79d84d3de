import { parseId } from '../../../shared/lib/parse-id.ts';

/**
 * What the checkout and payment screens read from their address. `/checkout?cart_ids=1,2,3` (from
 * the bag) or `/checkout?sku_id=7&quantity=2` (buy now); `/payment?order_ids=12,13`. Anything
 * else is no input: the screen shows its empty state instead of calling the server.
 */
export type CheckoutSource = { cart_ids: number[] } | { sku_id: number; quantity: number };

const maxQuantity = 9999;

/** A comma list of ids, duplicates dropped; undefined when any part is not an id. */
export function parseIdList(text: string | null | undefined, maxCount: number): number[] | undefined {
  if (!text) return undefined;
  const ids: number[] = [];
  for (const part of text.split(',')) {
    const id = parseId(part);
    if (id === undefined) return undefined;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids.length > 0 && ids.length <= maxCount ? ids : undefined;
}

export function parseCheckoutSource(params: URLSearchParams): CheckoutSource | undefined {
  const cartIds = parseIdList(params.get('cart_ids'), 200);
  if (cartIds) return { cart_ids: cartIds };
  const skuId = parseId(params.get('sku_id'));
  const quantity = parseId(params.get('quantity') ?? '1', maxQuantity);
  return skuId !== undefined && quantity !== undefined ? { sku_id: skuId, quantity } : undefined;
}

/** `/payment?order_ids=`: at most 50 orders per payment (contract `verifyPayBodySchema`). */
export function parseOrderIds(params: URLSearchParams): number[] | undefined {
  return parseIdList(params.get('order_ids'), 50);
}

export function paymentPath(orderIds: readonly number[]): string {
  return `/payment?order_ids=${orderIds.join(',')}`;
}
