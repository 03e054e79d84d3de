import { orderStatuses } from '@crossmart/contract';
import { describe, expect, it } from 'vitest';
import { statusLabelKey, statusTone } from './status-label.ts';

describe('status badge tone', () => {
  it('marks unpaid as needing action, moving orders as info, done and closed apart', () => {
    expect(orderStatuses.map((status) => [status, statusTone(status)])).toEqual([
      [0, 'warn'],
      [1, 'info'],
      [2, 'info'],
      [3, 'done'],
      [4, 'done'],
      [-1, 'closed'],
      [-2, 'closed'],
      [-4, 'info'],
    ]);
  });
});

describe('status label', () => {
  it('tells a requested refund from one in progress while the order is in after-sale', () => {
    expect(statusLabelKey(-4, { id: 1, status: 'pending' })).toBe('orderStatus.refundRequested');
    for (const status of ['escalated', 'awaiting_return', 'returning'] as const) {
      expect(statusLabelKey(-4, { id: 1, status })).toBe('orderStatus.refundInProgress');
    }
    expect(statusLabelKey(-4)).toBe('orderStatus.-4');
    // A refused or settled request leaves the order's own status shown.
    expect(statusLabelKey(3, { id: 1, status: 'refused' })).toBe('orderStatus.3');
    expect(statusLabelKey(-2, { id: 1, status: 'refunded' })).toBe('orderStatus.-2');
  });
});
