import type { AddressList, CheckoutInput, OrderCreateResult, OrderPreview } from '@crossmart/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { addressListKey } from '../../../shared/api/query-keys.ts';

/**
 * The address book under the shared `addressListKey` (as `features/address/api/addresses.ts`):
 * one cache, so an address added or changed there shows here too.
 */
export const addressBookQuery = queryOptions({
  queryKey: addressListKey,
  queryFn: async () => (await api.get<AddressList>('/api/user/address_list')).list,
});

/**
 * `POST /api/order/preview`: orders per shop with goods, freight, discount and totals; reserves
 * nothing. A read, so the duplicate-submit guard is off (a remount may ask the same again).
 */
export function previewCheckout(body: CheckoutInput): Promise<OrderPreview> {
  return api.post<OrderPreview>('/api/order/preview', body, { repeatSubmit: false });
}

export const previewQuery = (lang: string, body: CheckoutInput) =>
  queryOptions({
    queryKey: ['order-preview', lang, body],
    queryFn: () => previewCheckout(body),
    staleTime: 0,
  });

/** `POST /api/order/create`: one order per shop, status 0; one Idempotency-Key per user action. */
export function createOrders(body: CheckoutInput, idempotencyKey: string): Promise<OrderCreateResult> {
  return api.post<OrderCreateResult>('/api/order/create', body, { idempotencyKey });
}
