import type { Address } from '@crossmart/contract';
import { describe, expect, it } from 'vitest';
import { checkoutAddress, earliestDeadline, payFailure } from './pay-rules.ts';

describe('pay deadline', () => {
  it('takes the earliest deadline of the orders paid together', () => {
    expect(earliestDeadline(['2026-11-21T10:30:00Z', null, '2026-11-21T10:29:00Z'])).toBe('2026-11-21T10:29:00Z');
    expect(earliestDeadline([null, undefined])).toBeUndefined();
  });
});

describe('pay refusals', () => {
  it('asks for a payment code, offers a top-up or a new code, or lets the buyer try again', () => {
    expect(payFailure('PAY_PASSWORD_NOT_SET')).toBe('setPayCode');
    expect(payFailure('INSUFFICIENT_BALANCE')).toBe('topUp');
    expect(payFailure('PAY_PASSWORD_WRONG')).toBe('forgotCode');
    expect(payFailure('PAY_LOCKED')).toBe('forgotCode');
    for (const key of ['ORDER_STATUS_INVALID', 'ORDER_NOT_FOUND', undefined]) {
      expect(payFailure(key)).toBe('retry');
    }
  });
});

describe('checkout address', () => {
  const address = (id: number, is_default = false): Address => ({
    id,
    name: `Name ${id}`,
    mobile: '+819000000000',
    area: { codes: ['JP'], text: 'Japan' },
    address: 'Street 1',
    tag: 'home',
    is_default,
    created_at: '2026-11-21T10:00:00Z',
    updated_at: '2026-11-21T10:00:00Z',
  });
  const book = [address(1), address(2, true), address(3)];

  it('uses the picked address, else the default, else the first', () => {
    expect(checkoutAddress(book, 3)?.id).toBe(3);
    expect(checkoutAddress(book, undefined)?.id).toBe(2);
    expect(checkoutAddress(book, 99)?.id).toBe(2);
    expect(checkoutAddress([address(5), address(6)], undefined)?.id).toBe(5);
  });

  it('has none for an empty or unloaded book', () => {
    expect(checkoutAddress([], 1)).toBeUndefined();
    expect(checkoutAddress(undefined, 1)).toBeUndefined();
  });
});
