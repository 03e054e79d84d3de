import { z } from 'zod';
import { specPairSchema } from './catalog.ts';
import { rowIdQuerySchema } from './envelope.ts';

/** Cart calls. Quantities are bounded by the SKU's stock when added or changed. */

const id = rowIdQuerySchema;
export const cartQuantitySchema = z.coerce.number().int().min(1, { error: 'validation.too_small' }).max(9999, {
  error: 'validation.too_big',
});

export const cartAddBodySchema = z.object({ sku_id: id, quantity: cartQuantitySchema.default(1) });
export type CartAddBody = z.infer<typeof cartAddBodySchema>;

export const cartUpdateBodySchema = z.object({
  id,
  quantity: cartQuantitySchema.optional(),
  selected: z.boolean().optional(),
});
export type CartUpdateBody = z.infer<typeof cartUpdateBodySchema>;

export const cartSelectAllBodySchema = z.object({ selected: z.boolean().default(true) });
export const cartDeleteBodySchema = z.object({ ids: z.array(id).min(1).max(200) });

/** `cart/add` and `cart/update` answer the row. */
export const cartItemRowSchema = z.object({
  id: z.number().int(),
  sku_id: z.number().int(),
  quantity: z.number().int(),
  selected: z.boolean(),
});
export type CartItemRow = z.infer<typeof cartItemRowSchema>;

/** A cart line with today's product data (price and stock are current, not snapshots). */
export const cartLineSchema = cartItemRowSchema.extend({
  product_id: z.number().int(),
  title: z.string(),
  image: z.string(),
  specs: z.array(specPairSchema),
  price: z.number().int(),
  stock: z.number().int(),
  /** false when the product is off the shelf or its shop closed: it cannot be checked out. */
  available: z.boolean(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartShopGroupSchema = z.object({
  shop_id: z.number().int(),
  shop_name: z.string(),
  shop_logo: z.string(),
  items: z.array(cartLineSchema),
});

export const cartListSchema = z.object({
  shops: z.array(cartShopGroupSchema),
  /** Units in the cart (the tab badge). */
  count: z.number().int(),
  /** Selected, available lines: units and their price sum (freight comes at checkout). */
  selected_count: z.number().int(),
  selected_amount: z.number().int(),
  all_selected: z.boolean(),
});
export type CartList = z.infer<typeof cartListSchema>;

export const cartCountSchema = z.object({ count: z.number().int() });
export const cartDeleteResultSchema = z.object({ deleted: z.number().int() });
