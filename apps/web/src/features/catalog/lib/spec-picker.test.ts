import type { Sku } from '@crossmart/contract';
import { describe, expect, it } from 'vitest';
import { chosenSku, isAvailable, priceRange } from './spec-picker.ts';

const sku = (id: number, color: string, size: string, price: number, stock: number): Sku => ({
  id,
  specs: [
    { name: 'Color', value: color },
    { name: 'Size', value: size },
  ],
  price,
  stock,
});
const skus = [sku(1, 'Red', 'S', 1000, 3), sku(2, 'Red', 'M', 1200, 0), sku(3, 'Blue', 'M', 1500, 2)];
const names = ['Color', 'Size'];

describe('spec picker', () => {
  it('designates a SKU only once every spec has a value', () => {
    expect(chosenSku(skus, names, { Color: 'Red' })).toBeUndefined();
    expect(chosenSku(skus, names, { Color: 'Blue', Size: 'M' })?.id).toBe(3);
  });

  it('a product without specs is its one SKU', () => {
    const only: Sku = { id: 9, specs: [], price: 500, stock: 1 };
    expect(chosenSku([only], [], {})?.id).toBe(9);
  });

  it('disables values whose combinations are sold out or do not exist', () => {
    expect(isAvailable(skus, { Color: 'Red' }, 'Size', 'S')).toBe(true);
    expect(isAvailable(skus, { Color: 'Red' }, 'Size', 'M')).toBe(false);
    expect(isAvailable(skus, { Size: 'S' }, 'Color', 'Blue')).toBe(false);
    expect(isAvailable(skus, {}, 'Color', 'Blue')).toBe(true);
  });

  it('narrows the price range with the choice', () => {
    expect(priceRange(skus, {})).toEqual({ min: 1000, max: 1500 });
    expect(priceRange(skus, { Size: 'M' })).toEqual({ min: 1200, max: 1500 });
    expect(priceRange(skus, { Color: 'Blue' })).toEqual({ min: 1500, max: 1500 });
  });
});
