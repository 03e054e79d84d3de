import type { RefundStatus } from '@crossmart/contract';

/** What the buyer can do next on the refund detail screen. */
export type RefundNextAction = 'escalate' | 'return' | 'none';

export function nextActionOf(status: RefundStatus, dueAt: string | null, now = Date.now()): RefundNextAction {
  const open = dueAt === null || new Date(dueAt).getTime() > now;
  if (status === 'refused' && open) return 'escalate';
  if (status === 'awaiting_return' && open) return 'return';
  return 'none';
}
