import { beforeEach, describe, expect, it } from 'vitest';
import { maxViewed, readViewed, rememberViewed, type ViewedProduct, withViewed } from './recently-viewed.ts';

const product = (id: number): ViewedProduct => ({
  id,
  shop_id: 1,
  title: `P${id}`,
  image: `/p${id}.jpg`,
  price: id * 100,
});

beforeEach(() => localStorage.clear());

describe('recently viewed', () => {
  it('keeps the newest first, once per product', () => {
    rememberViewed(product(1));
    rememberViewed(product(2));
    rememberViewed(product(1));
    expect(readViewed().map((entry) => entry.id)).toEqual([1, 2]);
  });

  it('keeps at most 20', () => {
    let list: ViewedProduct[] = [];
    for (let id = 1; id <= maxViewed + 5; id += 1) list = withViewed(list, product(id));
    expect(list).toHaveLength(maxViewed);
    expect(list[0]?.id).toBe(maxViewed + 5);
  });

  it('survives a reload (read back from storage) and ignores damaged storage', () => {
    rememberViewed(product(3));
    expect(JSON.parse(localStorage.getItem('crossmart-recently-viewed') ?? '[]')).toEqual([product(3)]);
    localStorage.setItem('crossmart-recently-viewed', '{not json');
    rememberViewed(product(4));
    expect(readViewed().map((entry) => entry.id)).toEqual([4]);
    localStorage.setItem('crossmart-recently-viewed', JSON.stringify([{ id: 'x' }, product(5)]));
    rememberViewed(product(6));
    expect(readViewed().map((entry) => entry.id)).toEqual([6, 5]);
  });
});
