import { orderStatuses } from '@crossmart/contract';
import { describe, expect, it } from 'vitest';
import { statusTone } from './status-label.ts';

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
