import { describe, expect, it } from 'vitest';
import { dayOf, notificationLink, notificationParams } from './notification-view.ts';

describe('notification view', () => {
  it('links each ref to its screen', () => {
    expect(notificationLink({ ref: 'order:12' })).toBe('/orderInfo/12');
    expect(notificationLink({ ref: 'recharge:3' })).toBe('/topUpRecord');
    expect(notificationLink({ ref: 'refund:5', kind: 'refund_approved' })).toBe('/refundInfo/5');
    expect(notificationLink({ ref: 'refund:5', kind: 'refund_requested' })).toBe('/seller/after-sale');
    expect(notificationLink({ ref: 'withdrawal:4' })).toBe('/depositRecord');
    expect(notificationLink({ ref: 'service' })).toBe('/service');
    expect(notificationLink({ ref: 'unknown:1' })).toBeUndefined();
  });

  it('formats amounts as money and leaves the other params as text', () => {
    const money = (minor: number) => `¥${minor.toLocaleString('en')}`;
    expect(notificationParams({ params: { amount: 12000, order_no: 'A1', reason: 'x', count: 2 } }, money)).toEqual({
      amount: '¥12,000',
      order_no: 'A1',
      reason: 'x',
      count: '2',
    });
  });

  it('groups by the local calendar day', () => {
    const morning = new Date(2026, 0, 5, 8, 0).toISOString();
    const evening = new Date(2026, 0, 5, 23, 0).toISOString();
    const next = new Date(2026, 0, 6, 0, 30).toISOString();
    expect(dayOf(morning)).toBe(dayOf(evening));
    expect(dayOf(evening)).not.toBe(dayOf(next));
  });
});
