import { describe, expect, it } from 'vitest';
import { keyForAction, retryWindowMs } from './action-key.ts';

describe('keyForAction', () => {
  let made = 0;
  const make = () => `key-${++made}`;

  it('keeps the key while the action is the same, and makes a new one when it changes', () => {
    const first = keyForAction(undefined, '{"cart_ids":[1]}', make);
    expect(keyForAction(first, '{"cart_ids":[1]}', make)).toBe(first);
    const other = keyForAction(first, '{"cart_ids":[1],"promo_code":"X"}', make);
    expect(other.key).not.toBe(first.key);
    // After a success the caller drops the key: the same body is then a new action.
    expect(keyForAction(undefined, '{"cart_ids":[1]}', make).key).not.toBe(first.key);
  });

  it('starts a new action when the same one comes back after the retry window', () => {
    const first = keyForAction(undefined, '{"sku_id":7}', make, 1_000);
    expect(keyForAction(first, '{"sku_id":7}', make, 1_000 + retryWindowMs - 1)).toBe(first);
    expect(keyForAction(first, '{"sku_id":7}', make, 1_000 + retryWindowMs).key).not.toBe(first.key);
  });
});
