import type { RefundDetail, RefundPage, RefundResult } from '@crossmart/contract';
import { api } from '../../shared/api/index.ts';

/** The seller's refund calls (issue 13): the shop's own requests only. */

export const sellerRefundsKey = ['seller', 'refunds'] as const;

export const listSellerRefunds = (status: 'open' | 'all') =>
  api.get<RefundPage>('/api/merchant/refund_list', { status, page: 1, limit: 50 });
export const getSellerRefund = (id: number) => api.get<RefundDetail>('/api/merchant/refund_detail', { id });
/** Approving pays escrow → buyer (a refund) or waits for the parcel (a return): one key per action. */
export const approveSellerRefund = (id: number, idempotencyKey: string) =>
  api.post<RefundResult>('/api/merchant/refund_approve', { id }, { idempotencyKey });
export const refuseSellerRefund = (id: number, reason: string) =>
  api.post<RefundResult>('/api/merchant/refund_refuse', { id, reason });
/** The returned parcel arrived: pays escrow → buyer. */
export const receiveSellerReturn = (id: number, idempotencyKey: string) =>
  api.post<RefundResult>('/api/merchant/refund_receive', { id }, { idempotencyKey });
