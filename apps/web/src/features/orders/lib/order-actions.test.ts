import { orderStatuses } from '@crossmart/contract';
import { describe, expect, it } from 'vitest';
import { actionsFor, cancelRefunds } from './order-actions.ts';

describe('order actions by status (docs/spec.md §4, docs/product-rules.md §3)', () => {
  it('lets an unpaid order be paid or cancelled, pay being the primary one', () => {
    expect(actionsFor(0)).toEqual(['cancel', 'pay']);
  });
  it('lets a paid order waiting for delivery be cancelled or refunded', () => {
    expect(actionsFor(1)).toEqual(['refund', 'cancel']);
  });
  it('lets a delivered order be received, with its logistics and a refund request beside', () => {
    expect(actionsFor(2)).toEqual(['refund', 'logistics', 'confirm']);
  });
  it('lets a received order ask for a refund until it completes', () => {
    expect(actionsFor(3)).toEqual(['refund', 'details']);
  });
  it('offers only the details for completed and closed orders without a refund', () => {
    for (const status of [4, -1, -2] as const) expect(actionsFor(status), String(status)).toEqual(['details']);
  });
  it('links to an open refund instead of offering another, and to a past one beside a new request', () => {
    expect(actionsFor(-4, { id: 9, status: 'pending' })).toEqual(['refundInfo']);
    expect(actionsFor(2, { id: 9, status: 'refused' })).toEqual(['refundInfo', 'logistics', 'confirm']);
    expect(actionsFor(3, { id: 9, status: 'refunded' })).toEqual(['refundInfo', 'refund', 'details']);
    expect(actionsFor(-2, { id: 9, status: 'refunded' })).toEqual(['refundInfo', 'details']);
  });
  it('never offers cancel after shipping, nor confirm before it, nor a refund before payment or after completion', () => {
    for (const status of orderStatuses) {
      const actions = actionsFor(status);
      expect(actions.includes('cancel'), String(status)).toBe(status === 0 || status === 1);
      expect(actions.includes('confirm'), String(status)).toBe(status === 2);
      expect(actions.includes('pay'), String(status)).toBe(status === 0);
      expect(actions.includes('refund'), String(status)).toBe(status === 1 || status === 2 || status === 3);
    }
  });
  it('refunds on cancel only once paid', () => {
    expect(orderStatuses.filter(cancelRefunds)).toEqual([1]);
  });
});
