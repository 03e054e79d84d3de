import { Column, type DriverValueDecoder, fillPlaceholders, is, SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client.ts';
import { prepared } from './prepared.ts';

/**
 * A hot read as a named prepared statement that runs on node-postgres without drizzle's
 * per-call work. drizzle's `execute()` finds each column's decoder again for every value of every
 * row (`is()` up the class chain), wraps the call in tracing spans and builds a new type-parser
 * lookup per query: measured at ~27 µs of ~290 µs CPU per uncached product list (20 rows, 10
 * columns; bench/catalog.ts, ADR 0019). Here the SQL text, the placeholder slots and the column
 * decoders are worked out once, when the statement is built; a call only fills the values, sends
 * them and copies each row into an object.
 *
 * The SQL is drizzle's own (same text, same statement name), and the values are decoded by the
 * same decoders with the same type parsers, so the rows are exactly what `execute()` returns. On
 * PGlite, or on a transaction handle, the statement simply runs through drizzle.
 */
export interface RowStatement<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

/** The part of a drizzle select builder this needs (its rows' type, its SQL, its fields). */
interface SelectQuery<Row> {
  readonly _: { readonly selectedFields: Record<string, unknown>; readonly result: Row[] };
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> };
}

/** As drizzle's node-postgres session: dates and times stay the strings PostgreSQL sent. */
const rawTypeIds = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const keepText = (value: string) => value;
const typeParsers = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    rawTypeIds.has(typeId) ? keepText : pg.types.getTypeParser(typeId, format),
};

type Decoder = DriverValueDecoder<unknown, unknown>;
const asSent: Decoder = { mapFromDriverValue: (value) => value };

/**
 * The decoder drizzle's `mapResultRow` picks for a selected field: a column's own, or the one an
 * SQL expression was given with `.mapWith()` (drizzle keeps it in `decoder`, which its typings
 * do not declare), else the value as the driver parsed it. Undefined: a field this does not know
 * (a nested selection, a subquery), which the caller leaves to drizzle.
 */
function decoderOf(field: unknown): Decoder | undefined {
  if (is(field, Column)) return field;
  const expression = is(field, SQL) ? field : is(field, SQL.Aliased) ? field.sql : undefined;
  if (!expression) return undefined;
  return (expression as { decoder?: Decoder }).decoder ?? asSent;
}

function poolOf(db: Database): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * A function that turns one row array into the row object, generated once per statement: its body
 * is an object literal with the statement's keys in column order, so every row gets the same
 * hidden class from its first property on (V8 then keeps the reads of the rows monomorphic) and
 * no loop, key array or decoder array is read per value. Each key is written as a JSON string in
 * a computed key (`["a\"b"]: …`): JSON.stringify quotes and escapes anything (quotes, backslashes,
 * line breaks), so a column name can never become code, and a computed `["__proto__"]` defines an
 * own property where a plain `__proto__:` would set the prototype. Only indices and these
 * escaped strings reach the generated source; the decoders come in as an argument.
 */
export function rowBuilder(keys: readonly string[], decoders: readonly Decoder[]): (row: unknown[]) => object {
  const fields = keys.map(
    (key, index) =>
      `[${JSON.stringify(key)}]: row[${index}] === null ? null : d${index}.mapFromDriverValue(row[${index}])`,
  );
  const names = keys.map((_, index) => `d${index}`);
  const source = `const [${names.join(', ')}] = decoders;\nreturn (row) => ({\n${fields.join(',\n')}\n});`;
  return new Function('decoders', source)(decoders) as (row: unknown[]) => object;
}

export function rowStatement<Row>(db: Database, name: string, query: SelectQuery<Row>): RowStatement<Row> {
  const pool = poolOf(db);
  // A flat selection's columns come in its key order (drizzle's `orderSelectedFields`).
  const fields = Object.entries(query._.selectedFields);
  const decoders = fields.map(([, field]) => decoderOf(field));
  if (!pool || !decoders.every((decoder) => decoder !== undefined)) return query.prepare(name);
  const { sql: text, params } = query.toSQL();
  const toRow = rowBuilder(
    fields.map(([key]) => key),
    decoders,
  ) as (row: unknown[]) => Row;
  const config = { name, text, rowMode: 'array' as const, types: typeParsers };
  return {
    async execute(values) {
      const result = await pool.query<unknown[]>(config, fillPlaceholders(params, values));
      return result.rows.map(toRow);
    },
  };
}

/** A row statement built once per database handle and name; `build` returns the select, not yet prepared. */
export function preparedRows<Row>(db: Database, name: string, build: () => SelectQuery<Row>): RowStatement<Row> {
  return prepared(db, name, () => rowStatement(db, name, build()));
}
