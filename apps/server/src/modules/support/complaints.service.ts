import type {
  AdminComplaint,
  Complaint,
  ComplaintHandleRequest,
  ComplaintListQuery,
  complaintListQuerySchema,
  complaintRequestSchema,
  PageQuery,
} from '@crossmart/contract';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { complaints } from '../../db/schema/support.ts';
import { AppError } from '../../errors.ts';
import { listAccountNames } from '../accounts/index.ts';
import { findOpenShopByName, listOwnedShopIds } from '../catalog/index.ts';
import { attachOwnUploads } from '../uploads/index.ts';

type ComplaintRow = typeof complaints.$inferSelect;
type ListQuery = z.output<typeof complaintListQuerySchema>;

function toComplaint(row: ComplaintRow): Complaint {
  return {
    id: row.id,
    shop_id: row.shopId,
    shop_name: row.shopName,
    content: row.content,
    images: row.images,
    status: row.status === 1 ? 1 : 0,
    reply: row.reply,
    created_at: row.createdAt.toISOString(),
    handled_at: row.handledAt ? row.handledAt.toISOString() : null,
  };
}

async function listWhere(db: Database, where: SQL | undefined, query: PageQuery): Promise<ComplaintRow[]> {
  return db
    .select()
    .from(complaints)
    .where(where)
    .orderBy(desc(complaints.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
}

function statusFilter(status: ComplaintListQuery['status']) {
  return status === undefined || status === 'all' ? undefined : eq(complaints.status, Number(status));
}

function pageOfRows<T>(rows: ComplaintRow[], query: PageQuery, map: (row: ComplaintRow) => T) {
  return {
    list: rows.slice(0, query.limit).map(map),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
  };
}

/**
 * `POST /api/merchant/complaint`: a buyer complains about an open shop named exactly (ignoring
 * case) as typed or chosen from the search. Pictures must be the buyer's own evidence uploads.
 */
export async function fileComplaint(
  db: Database,
  userId: number,
  input: z.output<typeof complaintRequestSchema>,
): Promise<Complaint> {
  const shop = await findOpenShopByName(db, input.shop_name);
  if (!shop) throw new AppError('SHOP_NOT_FOUND');
  for (const url of input.images) {
    if (!(await attachOwnUploads(db, userId, 'evidence', [url]))) throw new AppError('COMPLAINT_IMAGES_INVALID');
  }
  const [row] = await db
    .insert(complaints)
    .values({ userId, shopId: shop.id, shopName: shop.name, content: input.content, images: [...input.images] })
    .returning();
  if (!row) throw new Error('insert returned no complaint');
  return toComplaint(row);
}

/** `GET /api/user/complaint_list`: the buyer's own complaints with the platform's replies. */
export async function listMyComplaints(db: Database, userId: number, query: ListQuery) {
  const rows = await listWhere(db, and(eq(complaints.userId, userId), statusFilter(query.status)), query);
  return pageOfRows(rows, query, toComplaint);
}

/** `GET /api/merchant/complaint_list`: complaints about the merchant's own shops only. */
export async function listShopComplaints(db: Database, merchantId: number, query: ListQuery) {
  const shopIds = await listOwnedShopIds(db, merchantId);
  if (shopIds.length === 0) return { list: [], page: query.page, limit: query.limit, has_more: false };
  const rows = await listWhere(db, and(inArray(complaints.shopId, shopIds), statusFilter(query.status)), query);
  return pageOfRows(rows, query, toComplaint);
}

/** `GET /api/admin/complaint_list`: the queue, with who complained. */
export async function listComplaintsForAdmin(db: Database, query: ListQuery) {
  const rows = await listWhere(db, statusFilter(query.status), query);
  const names = await listAccountNames(
    db,
    rows.map((row) => row.userId),
  );
  return pageOfRows(
    rows,
    query,
    (row): AdminComplaint => ({ ...toComplaint(row), user_id: row.userId, user_account: names.get(row.userId) ?? '' }),
  );
}

/**
 * `POST /api/admin/complaint_handle`: answers an open complaint and marks it handled. Only an
 * open one: the status guard in the update makes a second (or concurrent) answer ALREADY_PROCESSED.
 */
export async function handleComplaint(
  db: Database,
  adminId: number,
  input: ComplaintHandleRequest,
): Promise<Complaint> {
  const [row] = await db
    .update(complaints)
    .set({ status: 1, reply: input.reply.trim(), handledBy: adminId, handledAt: new Date() })
    .where(and(eq(complaints.id, Number(input.id)), eq(complaints.status, 0)))
    .returning();
  if (row) return toComplaint(row);
  const [existing] = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(eq(complaints.id, Number(input.id)));
  throw new AppError(existing ? 'ALREADY_PROCESSED' : 'NOT_FOUND');
}
