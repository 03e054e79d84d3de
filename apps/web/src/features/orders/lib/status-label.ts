import type { OrderStatus } from '@crossmart/contract';

/** Colour family of a status badge: open work, moving, done, closed. */
export function statusTone(status: OrderStatus): 'warn' | 'info' | 'done' | 'closed' {
  if (status === 0) return 'warn';
  if (status === 1 || status === 2 || status === -4) return 'info';
  if (status === 3 || status === 4) return 'done';
  return 'closed';
}
