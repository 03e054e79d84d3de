import {
  type Blockchain,
  type ChannelSaveRequest,
  type DepositChannel,
  defaultPlatformSettings,
  type PlatformSettings,
  platformSettingsSchema,
  unsupportedNetworkPattern,
} from '@crossmart/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { depositChannels, settings } from '../../db/schema/wallet.ts';
import { AppError } from '../../errors.ts';
import { invalidate } from '../../shared/invalidation.ts';
import { createReadCache, type ReadCache } from '../../shared/read-cache.ts';
import { writeAuditLog } from '../audit/index.ts';

/**
 * How long the platform settings are answered from memory: a checkout read them twice (create and
 * pay), for values an admin changes a few times a year. `saveSettings` empties the cache at once
 * on every instance (ADR 0013, addendum 2); the TTL bounds only a change made outside the app.
 */
export const settingsCacheMs = 2000;
const settingsCaches = new WeakMap<Database, ReadCache<PlatformSettings>>();

const settingsLockSpace = 0x73657474; // 'sett'

/** Call after any write to the settings table (the app's only one is `saveSettings`). */
export function settingsChanged(): void {
  invalidate('settings', '*');
}

/**
 * Settings of docs/product-rules.md (money): stored values over the defaults; a bad stored value
 * falls back. Inside a transaction they are read from it (what it changes or locks is seen), on
 * the root handle from the cache.
 */
export async function getSettings(db: Database): Promise<PlatformSettings> {
  if (isTransaction(db)) return readSettings(db);
  let cache = settingsCaches.get(db);
  if (!cache) {
    cache = createReadCache('settings', settingsCacheMs);
    settingsCaches.set(db, cache);
  }
  const cached = cache.get('platform');
  if (cached) return cached;
  const readAt = cache.generation();
  const fresh = await readSettings(db);
  cache.set('platform', 'platform', fresh, readAt);
  return fresh;
}

/** A plain boolean (no type guard): narrowing a Database to PgTransaction loses its schema type. */
function isTransaction(db: Database): boolean {
  return db instanceof PgTransaction;
}

async function readSettings(db: Database): Promise<PlatformSettings> {
  const rows = await prepared(db, 'wallet_settings', (db, name) =>
    db.select({ key: settings.key, value: settings.value }).from(settings).prepare(name),
  ).execute();
  const merged: Record<string, unknown> = { ...defaultPlatformSettings };
  for (const row of rows) if (row.key in merged) merged[row.key] = row.value;
  const parsed = platformSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : defaultPlatformSettings;
}

/**
 * Saves are one at a time (a transaction-scoped advisory lock; a key never saved has no row to
 * lock): the audit's `before` is what this save replaced, also when two admins save at once.
 */
export async function saveSettings(tx: Database, adminId: number, input: PlatformSettings): Promise<PlatformSettings> {
  await tx.execute(sql`select pg_advisory_xact_lock(${settingsLockSpace}, 0)`);
  const before = await getSettings(tx);
  for (const [key, value] of Object.entries(input)) {
    await tx
      .insert(settings)
      .values({ key, value, updatedBy: adminId })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: adminId, updatedAt: sql`now()` } });
  }
  settingsChanged();
  await writeAuditLog(tx, {
    adminId,
    action: 'settings_save',
    targetType: 'settings',
    targetId: 'platform',
    before,
    after: input,
  });
  return getSettings(tx);
}

type ChannelRow = typeof depositChannels.$inferSelect;
function toChannel(row: ChannelRow): DepositChannel {
  return {
    id: row.id,
    kind: row.kind === 'bank' ? 'bank' : 'chain',
    network: row.network,
    coin: row.coin,
    address: row.address,
    bank_name: row.bankName,
    account_name: row.accountName,
    account_number: row.accountNumber,
    branch: row.branch,
    is_enabled: row.isEnabled,
    sort_order: row.sortOrder,
  };
}

export async function listChannels(db: Database, options: { enabledOnly: boolean }): Promise<DepositChannel[]> {
  const rows = await db
    .select()
    .from(depositChannels)
    .where(options.enabledOnly ? eq(depositChannels.isEnabled, true) : undefined)
    .orderBy(asc(depositChannels.sortOrder), asc(depositChannels.id));
  return rows.map(toChannel);
}

/** `GET /api/user/getBlockchain`: enabled on-chain channels grouped by network, and bank accounts. */
export async function getBlockchain(db: Database): Promise<Blockchain> {
  const channels = await listChannels(db, { enabledOnly: true });
  const networks = new Map<string, Blockchain['networks'][number]>();
  for (const channel of channels) {
    if (channel.kind !== 'chain' || !channel.network || !channel.coin || !channel.address) continue;
    const entry = networks.get(channel.network) ?? { network: channel.network, coins: [] };
    entry.coins.push({ coin: channel.coin, address: channel.address, channel_id: channel.id });
    networks.set(channel.network, entry);
  }
  return { networks: [...networks.values()], banks: channels.filter((channel) => channel.kind === 'bank') };
}

export async function findChainChannel(db: Database, network: string, coin: string) {
  const [row] = await db
    .select()
    .from(depositChannels)
    .where(
      sql`${depositChannels.kind} = 'chain' and ${depositChannels.isEnabled}
        and lower(${depositChannels.network}) = lower(${network}) and lower(${depositChannels.coin}) = lower(${coin})`,
    )
    .limit(1);
  return row ? toChannel(row) : undefined;
}

export async function saveChannel(tx: Database, adminId: number, input: ChannelSaveRequest): Promise<DepositChannel> {
  if (input.network && unsupportedNetworkPattern.test(input.network)) throw new AppError('NETWORK_NOT_SUPPORTED');
  const isChain = input.kind === 'chain';
  const values = {
    kind: input.kind,
    network: isChain ? (input.network ?? null) : null,
    coin: isChain ? (input.coin ?? null) : null,
    address: isChain ? (input.address ?? null) : null,
    bankName: isChain ? null : (input.bank_name ?? null),
    accountName: isChain ? null : (input.account_name ?? null),
    accountNumber: isChain ? null : (input.account_number ?? null),
    branch: isChain ? null : (input.branch ?? null),
    isEnabled: input.is_enabled,
    sortOrder: input.sort_order,
  };
  const [previous] = input.id
    ? await tx.select().from(depositChannels).where(eq(depositChannels.id, input.id)).for('update')
    : [];
  const [row] = input.id
    ? await tx
        .update(depositChannels)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(depositChannels.id, input.id))
        .returning()
    : await tx.insert(depositChannels).values(values).returning();
  if (!row) throw new AppError('NOT_FOUND');
  await writeAuditLog(tx, {
    adminId,
    action: input.id ? 'channel_update' : 'channel_create',
    targetType: 'deposit_channel',
    targetId: String(row.id),
    before: previous ? toChannel(previous) : null,
    after: toChannel(row),
  });
  return toChannel(row);
}
