import { describe, expect, it } from 'vitest';
import { nextActionOf } from './refund-next.ts';

describe('the buyer’s next refund action', () => {
  const now = Date.parse('2026-11-25T00:00:00Z');
  it('offers escalation after a refusal and the tracking number after an approved return, while their window is open', () => {
    expect(nextActionOf('refused', '2026-11-30T00:00:00Z', now)).toBe('escalate');
    expect(nextActionOf('refused', '2026-11-20T00:00:00Z', now)).toBe('none');
    expect(nextActionOf('awaiting_return', '2026-11-30T00:00:00Z', now)).toBe('return');
    for (const status of ['pending', 'escalated', 'returning', 'refunded', 'closed'] as const) {
      expect(nextActionOf(status, '2026-11-30T00:00:00Z', now)).toBe('none');
    }
  });
});
