import type { MerchantApplication, MerchantApplyAuditBody, MerchantApplyBody, MerchantInfo } from '@crossmart/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { merchantApplications } from '../../db/schema/merchants.ts';
import { AppError } from '../../errors.ts';
import { accountNamesOf, findUserRole, lockUserRow, setUserRole } from '../accounts/index.ts';
import { writeAuditLog } from '../audit/index.ts';
import { findShopByOwner, isShopNameTaken, openMerchantShop } from '../catalog/index.ts';
import { attachOwnUploads, uploadPlaceholders } from '../uploads/index.ts';

type ApplicationRow = typeof merchantApplications.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function applicationOut(row: ApplicationRow): MerchantApplication {
  return {
    id: row.id,
    shop_name: row.shopName,
    logo: row.logo,
    contact_name: row.contactName,
    mobile: row.mobile,
    email: row.email,
    category_id: row.categoryId,
    description: row.description,
    document: row.document,
    status: row.status as 0 | 1 | 2,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    audited_at: iso(row.auditedAt),
  };
}

const fieldError = (field: string, key: string) => new AppError('VALIDATION_FAILED', undefined, { [field]: key });

/**
 * A buyer asks for a shop (pending until an admin audits it); one pending application per user.
 * The user's row lock comes first: an approval of the pending application changes the role under
 * it, so the role read here is the one the approval committed, and a merchant cannot be left with
 * a new pending application (the index alone let the second through once the first was approved).
 */
export async function applyForShop(
  db: Database,
  userId: number,
  body: MerchantApplyBody,
): Promise<MerchantApplication> {
  return db.transaction(async (tx) => {
    if (!(await lockUserRow(tx, userId))) throw new AppError('FORBIDDEN');
    const user = await findUserRole(tx, userId);
    if (user?.role !== 'buyer') throw new AppError(user?.role === 'merchant' ? 'ALREADY_MERCHANT' : 'FORBIDDEN');
    if (await isShopNameTaken(tx, body.shop_name)) throw fieldError('shop_name', 'validation.shop_name_taken');
    if (!(await attachOwnUploads(tx, userId, 'shop', [body.logo])))
      throw fieldError('logo', 'validation.logo_required');
    if (!(await attachOwnUploads(tx, userId, 'evidence', [body.document]))) {
      throw fieldError('document', 'validation.document_required');
    }
    try {
      const [row] = await tx
        .insert(merchantApplications)
        .values({
          userId,
          shopName: body.shop_name,
          logo: body.logo,
          contactName: body.contact_name,
          mobile: body.mobile,
          email: body.email,
          categoryId: body.category_id,
          description: body.description,
          document: body.document,
        })
        .returning();
      if (!row) throw new Error('application insert returned nothing');
      return applicationOut(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('APPLICATION_PENDING');
      throw error;
    }
  });
}

async function latestApplication(db: Database, userId: number): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(merchantApplications)
    .where(eq(merchantApplications.userId, userId))
    .orderBy(desc(merchantApplications.id))
    .limit(1);
  return row;
}

/** Who the caller is for the seller platform: role, latest application and own shop. */
export async function getMerchantInfo(db: Database, userId: number): Promise<MerchantInfo> {
  const [user, application, shop] = await Promise.all([
    findUserRole(db, userId),
    latestApplication(db, userId),
    findShopByOwner(db, userId),
  ]);
  return {
    role: user?.role ?? 'buyer',
    application: application ? applicationOut(application) : null,
    shop: shop ?? null,
  };
}

export async function listApplicationsForAdmin(
  db: Database,
  query: { status: 'all' | '0' | '1' | '2'; page: number; limit: number },
) {
  const filter = query.status === 'all' ? undefined : eq(merchantApplications.status, Number(query.status));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(merchantApplications)
      .where(filter)
      .orderBy(sql`${merchantApplications.status} = 0 desc`, desc(merchantApplications.id))
      .limit(query.limit + 1)
      .offset((query.page - 1) * query.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(merchantApplications).where(filter),
  ]);
  const page = rows.slice(0, query.limit);
  const names = await accountNamesOf(db, [...new Set(page.map((row) => row.userId))]);
  return {
    list: page.map((row) => ({ ...applicationOut(row), user_id: row.userId, account: names.get(row.userId) ?? '' })),
    page: query.page,
    limit: query.limit,
    has_more: rows.length > query.limit,
    total: Number(total?.n ?? 0),
  };
}

/**
 * Approve: the shop is made and the account becomes a merchant, in this one transaction; refuse:
 * only the application changes. The row lock makes a second, concurrent audit see the first one's
 * result (ALREADY_AUDITED), so an application never makes two shops.
 */
export async function auditApplication(
  db: Database,
  adminId: number,
  body: MerchantApplyAuditBody,
): Promise<MerchantApplication> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(merchantApplications)
      .where(eq(merchantApplications.id, body.id))
      .for('update');
    if (!row) throw new AppError('APPLICATION_NOT_FOUND');
    if (row.status !== 0) throw new AppError('ALREADY_AUDITED');
    let shopId: number | null = null;
    if (body.status === 1) {
      const user = await findUserRole(tx, row.userId);
      if (user?.role !== 'buyer') throw new AppError(user?.role === 'merchant' ? 'ALREADY_MERCHANT' : 'FORBIDDEN');
      const shop = await openMerchantShop(tx, {
        ownerUserId: row.userId,
        name: row.shopName,
        logo: row.logo,
        logoPlaceholder: (await uploadPlaceholders(tx, [row.logo]))[0] ?? '',
        description: row.description,
      });
      shopId = shop.id;
      await setUserRole(tx, row.userId, 'merchant');
    }
    const [updated] = await tx
      .update(merchantApplications)
      .set({
        status: body.status,
        reason: body.status === 2 ? (body.reason ?? null) : null,
        shopId,
        auditedBy: adminId,
        auditedAt: sql`now()`,
      })
      .where(and(eq(merchantApplications.id, body.id), eq(merchantApplications.status, 0)))
      .returning();
    if (!updated) throw new AppError('ALREADY_AUDITED');
    await writeAuditLog(tx, {
      adminId,
      action: body.status === 1 ? 'merchant_apply_approve' : 'merchant_apply_refuse',
      targetType: 'merchant_application',
      targetId: String(body.id),
      before: { status: 0 },
      after: { status: updated.status, shop_id: shopId },
      reason: updated.reason,
    });
    return applicationOut(updated);
  });
}

/** Applications waiting for an admin (the console's dashboard). */
export async function countPendingApplications(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(merchantApplications)
    .where(eq(merchantApplications.status, 0));
  return row?.n ?? 0;
}
