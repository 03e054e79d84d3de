import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fixedStatement, runFixed } from '../../db/prepared.ts';
import { productSkus, products } from '../../db/schema/catalog.ts';
import { AppError } from '../../errors.ts';

/**
 * Moves a SKU's stock and its product's total by `delta` in ONE statement (a data-modifying CTE):
 * one round trip, no savepoint, and the SKU row lock is taken first, as in every other writer.
 * The guarded form only changes a SKU that has enough stock; the CHECK on stock backs it up.
 * Both texts are built once (ADR 0013, addendum 4).
 */
function moveStockStatement(guard: boolean) {
  const delta = sql.placeholder('delta');
  const enough = guard ? sql`and stock + ${delta}::int >= 0` : sql``;
  return fixedStatement(sql`
    with sku as (
      update ${productSkus} set stock = stock + ${delta}::int where id = ${sql.placeholder('skuId')}::int ${enough}
      returning product_id
    )
    update ${products} set stock = ${products.stock} + ${delta}::int from sku where ${products.id} = sku.product_id
    returning ${products.id}`);
}
const moveStockStatements = { guarded: moveStockStatement(true), unguarded: moveStockStatement(false) };

async function moveStock(db: Database, skuId: number, delta: number, guard: boolean): Promise<boolean> {
  const rows = await runFixed<{ id: number }>(db, moveStockStatements[guard ? 'guarded' : 'unguarded'], {
    skuId,
    delta,
  });
  return rows.length > 0;
}

/**
 * Takes `quantity` from a SKU's stock (checkout). The conditional update and the CHECK on stock
 * make overselling impossible; a shortfall is answered with INSUFFICIENT_STOCK.
 */
export async function reserveStock(db: Database, skuId: number, quantity: number): Promise<void> {
  if (await moveStock(db, skuId, -quantity, true)) return;
  const [exists] = await db.select({ id: productSkus.id }).from(productSkus).where(eq(productSkus.id, skuId));
  throw new AppError(exists ? 'INSUFFICIENT_STOCK' : 'SKU_NOT_FOUND');
}

/** Gives reserved stock back (cancelled order). */
export async function releaseStock(db: Database, skuId: number, quantity: number): Promise<void> {
  if (!(await moveStock(db, skuId, quantity, false))) throw new AppError('SKU_NOT_FOUND');
}
