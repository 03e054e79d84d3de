import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.ts';

export interface DurabilitySettings {
  fsync: string;
  synchronous_commit: string;
}

/**
 * Why a PostgreSQL server with these settings may lose a committed transaction in a crash (an
 * acknowledged payment gone after a power cut), or undefined when it may not. `synchronous_commit`
 * `local`, `remote_write`, `remote_apply` and `on` all flush the local WAL before answering.
 */
export function nonDurableReason(settings: DurabilitySettings): string | undefined {
  const off = [
    settings.fsync === 'off' ? 'fsync' : undefined,
    settings.synchronous_commit === 'off' ? 'synchronous_commit' : undefined,
  ].filter((name) => name !== undefined);
  return off.length > 0 ? `${off.join(' and ')} off` : undefined;
}

/**
 * Refuses to serve from a PostgreSQL that does not make commits durable, unless the configuration
 * says it is a throwaway test database (`DATABASE_ALLOW_NON_DURABLE`). PGlite is not checked: it is
 * the embedded development engine and never durable (ADR 0002).
 */
export async function assertDurableDatabase(database: DatabaseHandle, allowNonDurable: boolean): Promise<void> {
  if (database.engine !== 'postgres' || allowNonDurable) return;
  const result = await database.db.execute<{ fsync: string; synchronous_commit: string }>(
    sql`select current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('PostgreSQL returned no settings');
  const reason = nonDurableReason(row);
  if (reason) {
    throw new Error(
      `PostgreSQL runs with ${reason}: a crash could lose acknowledged payments. Turn it on, or set DATABASE_ALLOW_NON_DURABLE=true for a throwaway test database.`,
    );
  }
}
