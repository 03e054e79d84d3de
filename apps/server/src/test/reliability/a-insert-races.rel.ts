/**
 * Part A, "read, then insert or update" races outside the money paths: cart, merchant applications,
 * text pages, customer service. Each scenario lines its requests up behind a row a third
 * transaction holds (lib-ab-lined-up.ts), so the interleaving that loses is the one that runs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Buyer } from '../commerce-fixtures.ts';
import { newBuyer, newSeller, outcome, type RaceApp, Scenario, startRaceApp } from './lib-ab-app.ts';
import { linedUpBehind } from './lib-ab-lined-up.ts';

let app: RaceApp;
beforeAll(async () => {
  app = await startRaceApp(3103);
});
afterAll(() => app?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await app.db.execute<T & Record<string, unknown>>(query)).rows;
}
/** A SKU row held as a merchant's edit of its product holds it (`FOR UPDATE`: inserts naming it wait). */
const skuRow = (skuId: number) => sql`select id from product_skus where id = ${skuId} for update`;
const addToCart = (buyer: Buyer, skuId: number, quantity: number) =>
  app.post('/api/cart/add', buyer.token, { sku_id: skuId, quantity });
async function cartQuantity(buyer: Buyer, skuId: number): Promise<number> {
  const [row] = await rows<{ quantity: number }>(
    sql`select quantity from cart_items where user_id = ${buyer.id} and sku_id = ${skuId}`,
  );
  return Number(row?.quantity ?? 0);
}

describe('A. insert races over HTTP on PostgreSQL', () => {
  it('the same SKU added twice at once: one line, the stock bounds the sum, a valid add never refused', async () => {
    const s = new Scenario('A', 'cart adds of one SKU at once');
    const rounds = [
      // [first, second, expected outcomes, expected quantity], stock 5.
      { adds: [1, 1], outcomes: ['ok', 'ok'], quantity: 2 },
      { adds: [3, 3], outcomes: ['ok', 'INSUFFICIENT_STOCK'], quantity: 3 },
      // An add beyond the stock beside a valid one: before, the first inserted its 7 (there was no
      // line to bound), the second found it and was refused, then the first deleted the line.
      { adds: [7, 1], outcomes: ['INSUFFICIENT_STOCK', 'ok'], quantity: 1 },
    ];
    for (const [round, { adds, outcomes, quantity }] of rounds.entries()) {
      const seller = await newSeller(app, 500, 5);
      const buyer = await newBuyer(app);
      const answers = await linedUpBehind(
        app.db,
        skuRow(seller.skuId),
        adds.map((n) => () => addToCart(buyer, seller.skuId, n)),
      );
      s.count(answers);
      s.faults += 1;
      s.check(
        JSON.stringify(answers.map(outcome)) === JSON.stringify(outcomes),
        `round ${round} (${adds.join(' + ')}): ${JSON.stringify(answers.map(outcome))}, expected ${JSON.stringify(outcomes)}`,
      );
      const stored = await cartQuantity(buyer, seller.skuId);
      s.check(stored === quantity, `round ${round} (${adds.join(' + ')}): ${stored} in the cart, expected ${quantity}`);
    }
    await s.finish(app.db);
  });
});
