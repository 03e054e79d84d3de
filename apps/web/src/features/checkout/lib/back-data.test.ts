import type { OrderCreateResult } from '@crossmart/contract';
import { describe, expect, it } from 'vitest';
import { chosenAddress, handedOrders } from './back-data.ts';

describe('back data', () => {
  it('reads an address chosen on /address?select=1, nothing else', () => {
    const address = { id: 4, name: 'A', is_default: false };
    expect(chosenAddress({ kind: 'address', address })).toBe(address);
    expect(chosenAddress({ kind: 'orders', address })).toBeUndefined();
    expect(chosenAddress({ kind: 'address', address: { id: '4' } })).toBeUndefined();
    expect(chosenAddress(null)).toBeUndefined();
  });

  it('reads the create answer only for the same orders', () => {
    const result = { orders: [], order_ids: [12, 13], total: 5000 } as OrderCreateResult;
    expect(handedOrders({ kind: 'orders', result }, [13, 12])).toBe(result);
    expect(handedOrders({ kind: 'orders', result }, [12])).toBeUndefined();
    expect(handedOrders({ kind: 'address', result }, [12, 13])).toBeUndefined();
    expect(handedOrders(undefined, [12])).toBeUndefined();
  });
});
