import type { ProductDetail, ShopDetail } from '@crossmart/contract';

/*
 * Optimistic follow and favourite: the screen changes at once with these guesses, the server's
 * answer (exact counts) replaces them, and a refused call puts the saved caches back (the API client
 * shows why). A count moves only when the flag really changes and never goes below zero.
 */

function moved(count: number, was: boolean, now: boolean): number {
  if (was === now) return count;
  return Math.max(0, count + (now ? 1 : -1));
}

export function guessShopFollow<T extends ShopDetail | undefined>(shop: T, shopId: number, follow: boolean): T {
  if (!shop || shop.id !== shopId) return shop;
  return { ...shop, is_followed: follow, fans: moved(shop.fans, shop.is_followed, follow) };
}

export function guessProductShopFollow<T extends ProductDetail | undefined>(
  product: T,
  shopId: number,
  follow: boolean,
): T {
  if (!product || product.shop.id !== shopId) return product;
  const { shop } = product;
  return { ...product, shop: { ...shop, is_followed: follow, fans: moved(shop.fans, shop.is_followed, follow) } };
}

export function guessFavourite<T extends ProductDetail | undefined>(
  product: T,
  productId: number,
  favourite: boolean,
): T {
  if (!product || product.id !== productId) return product;
  return {
    ...product,
    is_favourite: favourite,
    favourite_count: moved(product.favourite_count, product.is_favourite, favourite),
  };
}
