import type { ProductDetail, ShopDetail } from '@crossmart/contract';
import { describe, expect, it } from 'vitest';
import { guessFavourite, guessProductShopFollow, guessShopFollow } from './optimistic.ts';

const shop = { id: 7, fans: 3, is_followed: false } as ShopDetail;
const product = {
  id: 11,
  is_favourite: false,
  favourite_count: 0,
  shop: { id: 7, fans: 3, is_followed: false },
} as unknown as ProductDetail;

describe('optimistic guesses', () => {
  it('follows and unfollows a shop with the fan count moved by one', () => {
    const followed = guessShopFollow(shop, 7, true);
    expect(followed).toMatchObject({ is_followed: true, fans: 4 });
    expect(guessShopFollow(followed, 7, false)).toMatchObject({ is_followed: false, fans: 3 });
    expect(guessProductShopFollow(product, 7, true)?.shop).toMatchObject({ is_followed: true, fans: 4 });
  });

  it('leaves other shops and products, and repeated taps, as they are', () => {
    expect(guessShopFollow(shop, 8, true)).toBe(shop);
    expect(guessProductShopFollow(product, 8, true)).toBe(product);
    expect(guessFavourite(product, 12, true)).toBe(product);
    expect(guessShopFollow(shop, 7, false)).toMatchObject({ fans: 3 });
    expect(guessShopFollow(undefined, 7, true)).toBeUndefined();
  });

  it('never counts below zero', () => {
    const odd = { ...product, is_favourite: true, favourite_count: 0 };
    expect(guessFavourite(odd, 11, false)).toMatchObject({ is_favourite: false, favourite_count: 0 });
    expect(guessFavourite(product, 11, true)).toMatchObject({ is_favourite: true, favourite_count: 1 });
  });
});
