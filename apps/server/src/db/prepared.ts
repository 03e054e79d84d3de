import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

const statements = new WeakMap<Database, Map<string, unknown>>();

/** The value under `key`, created by `create` and kept on first use. */
function getOrAdd<K, V>(
  map: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  create: () => V,
): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

/**
 * A named prepared statement, built once per database handle. Building a Drizzle query costs
 * more than running a small one (measured: ~3x fewer queries/s than raw pg for a 34-row read),
 * so hot read paths prepare theirs; parameters go in as `sql.placeholder(...)`.
 */
export function prepared<T>(db: Database, name: string, build: (db: Database, name: string) => T): T {
  const byName = getOrAdd(statements, db, () => new Map<string, unknown>());
  return getOrAdd(byName, name, () => build(db, name)) as T;
}

const dialect = new PgDialect();

/**
 * At most this many texts get a name. Each name is parsed once per pooled connection and stays
 * prepared in that backend for the connection's life (node-postgres and PostgreSQL both keep it),
 * so the names must stay few: a text that varies with the input (an `in (…)` list of N ids) would
 * otherwise add a name, a backend plan and a map entry per variant, without bound. The texts the
 * code writes are a few dozen; past the cap a new text runs unnamed (parsed and planned each
 * time, as before ADR 0013's addendum), which costs planning CPU, never memory or correctness.
 */
export const maxPreparedNames = 256;
/** Statement text → its name; bounded by `maxPreparedNames`. */
const names = new Map<string, string>();

/** The name of a text, or undefined (run unnamed) once `maxPreparedNames` texts have one. */
export function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= maxPreparedNames) return undefined;
    // Unique per text: a connection refuses a second text under a name it has prepared.
    name = `x_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
    names.set(text, name);
  }
  return name;
}

/** How many texts have a name (tests). */
export function preparedNameCount(): number {
  return names.size;
}

/** A statement whose text is built once (parameters as `sql.placeholder(name)`), with its name. */
export interface FixedStatement {
  readonly query: { sql: string; params: unknown[] };
  readonly name: string | undefined;
}

/**
 * Builds a raw statement's text once, at module load: its parameters are `sql.placeholder(...)`
 * and its values are given to `runFixed` (an array as one `= any($1::int[])` parameter keeps the
 * text fixed). A request then costs neither Drizzle's query building nor, on PostgreSQL, a parse
 * and plan (ADR 0013, addendum 3).
 */
export function fixedStatement(statement: SQL): FixedStatement {
  const query = dialect.sqlToQuery(statement);
  return { query, name: nameOf(query.sql) };
}

/** Runs a `fixedStatement` on any handle (the pool or a transaction) with the placeholders' values. */
export async function runFixed<Row extends Record<string, unknown>>(
  db: Database,
  statement: FixedStatement,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const result = await db._.session
    .prepareQuery<PreparedQueryConfig & { execute: { rows: Row[] } }>(statement.query, undefined, statement.name, false)
    .execute(values);
  return result.rows;
}

/** Prepared Drizzle queries built once per engine's session class, by key (`preparedOnce`). */
const onceByEngine = new WeakMap<object, Map<string, object>>();

/**
 * A Drizzle query builder (parameters as `sql.placeholder(...)`) prepared ONCE per process and
 * key, then run on whichever handle is given: the pool or a transaction's connection. Drizzle binds
 * a prepared query to the connection it was built on (its `client`), and a transaction is a new
 * handle each time, so `prepared()` (cached per handle) would build again in every transaction;
 * here the query built first is reused through an object whose `client` is the given handle's
 * (both drivers' prepared queries send through `this.client`; `prepared.test.ts` checks that a
 * reused statement runs inside the caller's transaction on both engines). Keeps Drizzle's row
 * mapping; costs no query building per request.
 */
export function preparedOnce<Prepared extends object>(
  db: Database,
  key: string,
  build: (db: Database) => { toSQL(): { sql: string }; prepare(name: string): Prepared },
): Prepared {
  const session = db._.session as unknown as { client: unknown };
  const engine = Object.getPrototypeOf(session) as object;
  const byKey = getOrAdd(onceByEngine, engine, () => new Map<string, object>());
  const statement = getOrAdd(byKey, key, () => {
    const query = build(db);
    return query.prepare(nameOf(query.toSQL().sql) ?? '');
  });
  return Object.create(statement, { client: { value: session.client } }) as Prepared;
}

/**
 * `fixedStatement` for a statement over a list of ids, one text per length: `build` gets the list
 * as `in (…)` placeholders (`id0`, `id1`, …; values from `listValues`). Not one `= any($1)` array
 * text for all lengths: PostgreSQL keeps a generic plan for a named statement only when it costs
 * no more than the custom ones, and an array parameter of unknown length is estimated at 10 rows
 * (a generic plan of seq scans), so that text was planned again on every run; `in ($1, …, $n)`
 * estimates n rows, as its custom plans do (ADR 0013, addendum 3). The lengths in use are few
 * (a buy-now is 1); `maxPreparedNames` bounds them.
 */
export function fixedStatementsByLength(build: (list: SQL, length: number) => SQL): (length: number) => FixedStatement {
  const byLength = new Map<number, FixedStatement>();
  return (length) =>
    getOrAdd(byLength, length, () => {
      const list = sql.join(
        Array.from({ length }, (_, index) => sql.placeholder(`id${index}`)),
        sql`, `,
      );
      return fixedStatement(build(list, length));
    });
}

/** The placeholder values of a `fixedStatementsByLength` list. */
export function listValues(ids: readonly number[]): Record<string, number> {
  return Object.fromEntries(ids.map((id, index) => [`id${index}`, id]));
}
