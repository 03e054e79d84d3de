import type { OrderCommentInput, OrderCommentResult } from '@crossmart/contract';
import { api } from '../../../shared/api/index.ts';

/**
 * `POST /api/order/comment`: the review of one line of a completed order. A second review of the
 * line answers ALREADY_COMMENTED (the client shows the server's "already commented" message).
 */
export function postReview(body: OrderCommentInput) {
  return api.post<OrderCommentResult>('/api/order/comment', body);
}
