/**
 * Query keys that more than one feature reads or refreshes. Each is the first part of every key of
 * its kind, so one `invalidateQueries({ queryKey })` in one feature reaches the caches of another.
 */

/** Balance, records, extract info: refreshed after a payment, a cancel (refund) or a withdrawal. */
export const walletKey = ['wallet'] as const;
/** The bag's list and the tab bar's badge. */
export const cartKey = ['cart'] as const;
/** The badge: `[...cartCountKey, token]` (shared/session/cart-count.ts). */
export const cartCountKey = [...cartKey, 'count'] as const;
/** Order lists, counts and details: one invalidation after a payment, a cancel or a receipt. */
export const ordersKey = ['orders'] as const;
/** Product details (stock, favourite state): refreshed after an order or a favourite. */
export const productDetailKey = ['product-detail'] as const;
/** The address book, shared by the address screens and the checkout. */
export const addressListKey = ['address_list'] as const;
/** A product's review pages (the detail's sheet): refreshed after the buyer posts a review. */
export const productReviewsKey = ['product-reviews'] as const;
