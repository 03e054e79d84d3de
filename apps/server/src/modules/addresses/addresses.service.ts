import {
  type Address,
  type AddressDeleteResult,
  type AddressTag,
  addressLimits,
  type addressSaveRequestSchema,
} from '@crossmart/contract';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { addresses } from '../../db/schema/addresses.ts';
import { AppError } from '../../errors.ts';
import { lockUserRow } from '../accounts/index.ts';

type AddressRow = typeof addresses.$inferSelect;
export type AddressInput = z.output<typeof addressSaveRequestSchema>;

/** What an order keeps of the address at checkout (orders module). */
export interface AddressSnapshot {
  name: string;
  mobile: string;
  area: { codes: string[]; text: string };
  address: string;
  tag: AddressTag;
}

function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    area: { codes: row.areaCodes, text: row.areaText },
    address: row.address,
    tag: row.tag as AddressTag,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Every change to a user's address book runs in one transaction that first takes the user's row
 * lock (`FOR NO KEY UPDATE`: it does not block foreign-key checks of other tables). Concurrent
 * changes of one user's addresses therefore run one after another, so the cap and the one-default
 * rule are decided on a stable set of rows; the partial unique index is the last line of defence.
 */
async function inUserLock<T>(db: Database, userId: number, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (!(await lockUserRow(tx, userId))) throw new AppError('NOT_FOUND');
    return work(tx);
  });
}

const owned = (userId: number, addressId: number) => and(eq(addresses.userId, userId), eq(addresses.id, addressId));

/** Clears the current default (if any other than `keepId`) before a new one is set: two statements, so the unique index never sees two. */
async function clearDefault(tx: Database, userId: number, keepId?: number) {
  const where = [eq(addresses.userId, userId), eq(addresses.isDefault, true)];
  if (keepId !== undefined) where.push(ne(addresses.id, keepId));
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(...where));
}

/** The user's addresses: the default first, then newest first. */
export async function listAddresses(db: Database, userId: number): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toAddress);
}

/** One of the user's addresses; another user's id or an unknown one → NOT_FOUND. */
export async function findAddress(db: Database, userId: number, addressId: number): Promise<Address> {
  const [row] = await db.select().from(addresses).where(owned(userId, addressId));
  if (!row) throw new AppError('NOT_FOUND');
  return toAddress(row);
}

/** The fields an order snapshots at checkout; undefined when the address is not the user's. */
export async function getAddress(
  db: Database,
  userId: number,
  addressId: number,
): Promise<AddressSnapshot | undefined> {
  // Every checkout reads it: built once per process (no query building, no planning per request).
  const statement = preparedOnce(db, 'addresses.get', (root) =>
    root
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, sql.placeholder('userId')), eq(addresses.id, sql.placeholder('addressId')))),
  );
  const [row] = await statement.execute({ userId, addressId });
  if (!row) return undefined;
  const { name, mobile, area, address, tag } = toAddress(row);
  return { name, mobile, area, address, tag };
}

/** The user's default address id, if any. */
export async function getDefaultAddressId(db: Database, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  return row?.id;
}

/**
 * `address_add`: creates (the first address becomes the default; at most `maxPerUser`) or, with
 * `id`, updates one of the user's addresses. `is_default: true` moves the default here;
 * `is_default: false` on the current default keeps it (a user with addresses always has one default).
 */
export async function saveAddress(db: Database, userId: number, input: AddressInput): Promise<Address> {
  const values = {
    name: input.name,
    mobile: input.mobile,
    areaCodes: input.area.codes,
    areaText: input.area.text,
    address: input.address,
    tag: input.tag,
  };
  return inUserLock(db, userId, async (tx) => {
    if (input.id !== undefined) {
      const [current] = await tx.select({ id: addresses.id }).from(addresses).where(owned(userId, input.id));
      if (!current) throw new AppError('NOT_FOUND');
      if (input.is_default) await clearDefault(tx, userId, input.id);
      const [row] = await tx
        .update(addresses)
        .set({ ...values, ...(input.is_default ? { isDefault: true } : {}), updatedAt: new Date() })
        .where(owned(userId, input.id))
        .returning();
      if (!row) throw new AppError('NOT_FOUND');
      return toAddress(row);
    }
    const [existing] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    const n = existing?.n ?? 0;
    if (n >= addressLimits.maxPerUser) throw new AppError('ADDRESS_LIMIT', { max: addressLimits.maxPerUser });
    const isDefault = n === 0 || input.is_default === true;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ ...values, userId, isDefault })
      .returning();
    if (!row) throw new Error('insert returned no address');
    return toAddress(row);
  });
}

/** `address_set_default`: exactly one default afterwards, even under concurrent calls. */
export async function setDefaultAddress(db: Database, userId: number, addressId: number): Promise<Address> {
  return inUserLock(db, userId, async (tx) => {
    const [current] = await tx.select({ id: addresses.id }).from(addresses).where(owned(userId, addressId));
    if (!current) throw new AppError('NOT_FOUND');
    await clearDefault(tx, userId, addressId);
    const [row] = await tx
      .update(addresses)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(owned(userId, addressId))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    return toAddress(row);
  });
}

/** `address_del`: deleting the default promotes the most recent remaining address. */
export async function deleteAddress(db: Database, userId: number, addressId: number): Promise<AddressDeleteResult> {
  return inUserLock(db, userId, async (tx) => {
    const [deleted] = await tx
      .delete(addresses)
      .where(owned(userId, addressId))
      .returning({ isDefault: addresses.isDefault });
    if (!deleted) throw new AppError('NOT_FOUND');
    if (!deleted.isDefault) return { default_id: (await getDefaultAddressId(tx, userId)) ?? null };
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1);
    if (!next) return { default_id: null };
    await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    return { default_id: next.id };
  });
}
