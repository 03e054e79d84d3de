import type { SupportMessage } from '@crossmart/contract';
import { describe, expect, it } from 'vitest';
import { mergeMessages } from './merge-messages.ts';

const message = (id: number, body = `m${id}`): SupportMessage => ({
  id,
  user_id: 1,
  sender: 'user',
  agent_name: null,
  kind: 'text',
  body,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('mergeMessages', () => {
  it('keeps one copy per id, in id order, whatever order pages and live events come in', () => {
    const merged = mergeMessages([message(3), message(5)], [message(4), message(5, 'again'), message(1)]);
    expect(merged.map((m) => m.id)).toEqual([1, 3, 4, 5]);
    expect(merged.at(-1)?.body).toBe('again');
  });
});
