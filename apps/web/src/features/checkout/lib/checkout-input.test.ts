import { describe, expect, it } from 'vitest';
import { parseCheckoutSource, parseOrderIds, paymentPath } from './checkout-input.ts';

const params = (query: string) => new URLSearchParams(query);

describe('checkout input from the address', () => {
  it('reads the bag lines to settle', () => {
    expect(parseCheckoutSource(params('cart_ids=1,2,3'))).toEqual({ cart_ids: [1, 2, 3] });
    expect(parseCheckoutSource(params('cart_ids=4%2C5'))).toEqual({ cart_ids: [4, 5] });
    expect(parseCheckoutSource(params('cart_ids=2,2,3&backs=1'))).toEqual({ cart_ids: [2, 3] });
  });

  it('reads buy now: one SKU and a quantity (1 when missing)', () => {
    expect(parseCheckoutSource(params('sku_id=7&quantity=2'))).toEqual({ sku_id: 7, quantity: 2 });
    expect(parseCheckoutSource(params('sku_id=7'))).toEqual({ sku_id: 7, quantity: 1 });
  });

  it('prefers the bag lines when both are given', () => {
    expect(parseCheckoutSource(params('cart_ids=1&sku_id=7&quantity=2'))).toEqual({ cart_ids: [1] });
  });

  it('refuses anything that is not a list of ids or a valid quantity', () => {
    for (const query of [
      '',
      'cart_ids=',
      'cart_ids=1,,2',
      'cart_ids=1,x',
      'cart_ids=-1',
      'cart_ids=0',
      'cart_ids=1.5',
      'cart_ids=99999999999',
      'sku_id=abc',
      'sku_id=7&quantity=0',
      'sku_id=7&quantity=10000',
      'quantity=2',
    ]) {
      expect(parseCheckoutSource(params(query)), query).toBeUndefined();
    }
    const tooMany = Array.from({ length: 201 }, (_, index) => index + 1).join(',');
    expect(parseCheckoutSource(params(`cart_ids=${tooMany}`))).toBeUndefined();
  });
});

describe('payment input from the address', () => {
  it('reads the order ids, and writes them back the same way', () => {
    expect(parseOrderIds(params('order_ids=12,13'))).toEqual([12, 13]);
    expect(parseOrderIds(params(paymentPath([12, 13]).split('?')[1] ?? ''))).toEqual([12, 13]);
    expect(paymentPath([5])).toBe('/payment?order_ids=5');
  });

  it('refuses a missing or broken list, and more than 50 orders', () => {
    expect(parseOrderIds(params(''))).toBeUndefined();
    expect(parseOrderIds(params('order_ids=12,a'))).toBeUndefined();
    const tooMany = Array.from({ length: 51 }, (_, index) => index + 1).join(',');
    expect(parseOrderIds(params(`order_ids=${tooMany}`))).toBeUndefined();
  });
});
