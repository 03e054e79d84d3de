import type { RefundStatus } from '@crossmart/contract';
import { desc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderRefunds } from '../../db/schema/orders.ts';

/** Latest refund per order, for the order cards' labels and links. */
export async function latestRefunds(
  db: Database,
  orderIds: number[],
): Promise<Map<number, { id: number; status: RefundStatus }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([orderRefunds.orderId], {
      orderId: orderRefunds.orderId,
      id: orderRefunds.id,
      status: orderRefunds.status,
    })
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, orderIds))
    .orderBy(orderRefunds.orderId, desc(orderRefunds.id));
  return new Map(rows.map((row) => [row.orderId, { id: row.id, status: row.status as RefundStatus }]));
}
