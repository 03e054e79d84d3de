import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { parse, protocol, types } from '@electric-sql/pglite';

/**
 * The embedded engine's statement path (ADR 0022). PGlite's own `query()` costs about twice what
 * the statement does on the list request, for three reasons measured there:
 * - every call sends Parse, Describe, Bind, Describe, Execute and Sync as six separate trips into
 *   the WASM backend, so PostgreSQL parses and plans the text again each time;
 * - a query that brings its own `parsers` (Drizzle's driver always does) has PGlite copy its whole
 *   parser table (~360 entries) into a new object for every result;
 * - both run on the server's only thread, between the requests.
 * This client keeps one named prepared statement per statement text (parsed and described once),
 * runs each call as a single Bind + Describe + Execute + Sync batch, and decodes with the
 * instance's parsers, which are set once to what Drizzle asks for.
 */

/** What Drizzle's PGlite driver passes on every query: dates, times and intervals stay strings. */
const keepAsText = (value: string) => value;
export const drizzleParsers = {
  [types.TIMESTAMP]: keepAsText,
  [types.TIMESTAMPTZ]: keepAsText,
  [types.INTERVAL]: keepAsText,
  [types.DATE]: keepAsText,
  1231: keepAsText, // numeric[]
  1115: keepAsText, // timestamp[]
  1185: keepAsText, // timestamptz[]
  1187: keepAsText, // interval[]
  1182: keepAsText, // date[]
} as const;

/** The part of a PGlite client Drizzle's driver uses: `query` and `transaction`. */
export interface EmbeddedClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: EmbeddedClient) => Promise<T>): Promise<T>;
}

interface PreparedStatement {
  name: string;
  /** Parameter type OIDs, from Describe: they choose each value's serializer, as PGlite does. */
  parameterTypes: number[];
}

/** Statements kept prepared at most; past it the oldest is closed (texts with `in (…)` lists vary). */
const maxPreparedStatements = 500;

/**
 * Only plain data statements are prepared by name. Anything else (DDL, `set`, `vacuum`, `begin`)
 * runs once or rarely and goes through PGlite's own path unchanged.
 */
const preparable = /^\s*(select|insert|update|delete|with)\b/i;

/** PostgreSQL's "cached plan must not change result type" after DDL changed a prepared statement's table. */
const featureNotSupported = '0A000';

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const describePortal = protocol.serialize.describe({ type: 'P' });
const execute = protocol.serialize.execute({});
const sync = protocol.serialize.sync();

export function createEmbeddedClient(pglite: PGlite): EmbeddedClient {
  const statements = new Map<string, PreparedStatement>();
  let counter = 0;

  function serialize(statement: PreparedStatement, params: unknown[]): (string | null)[] {
    return params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const oid = statement.parameterTypes[index];
      const serializer = oid === undefined ? undefined : pglite.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
  }

  /** Parse + Describe once per text; PostgreSQL keeps the statement (and, after a few runs, a generic plan). */
  async function prepare(text: string): Promise<PreparedStatement> {
    const known = statements.get(text);
    if (known) {
      // Most recently used last, so the oldest in the map is the one to close.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    counter += 1;
    const name = `e${counter}`;
    const messages = await pglite.execProtocolStream(
      concat([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), sync]),
      { syncToFs: false },
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    if (statements.size > maxPreparedStatements) {
      const [oldestText, oldest] = statements.entries().next().value as [string, PreparedStatement];
      statements.delete(oldestText);
      await pglite.execProtocolStream(concat([protocol.serialize.close({ type: 'S', name: oldest.name }), sync]), {
        syncToFs: false,
      });
    }
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = await prepare(text);
    const messages = await pglite.execProtocolStream(
      concat([
        protocol.serialize.bind({ statement: statement.name, values: serialize(statement, params) }),
        describePortal,
        execute,
        sync,
      ]),
      { syncToFs: false },
    );
    const [result] = parse.parseResults(messages, pglite.parsers, { rowMode: options?.rowMode ?? 'object' });
    return result as Results<T>;
  }

  /** One statement on the connection, holding PGlite's query lock as its own `query()` does. */
  async function statement<T>(text: string, params: unknown[], options: QueryOptions | undefined) {
    return pglite._runExclusiveQuery(async () => {
      try {
        return await run<T>(text, params, options);
      } catch (error) {
        throw Object.assign(error as Error, { query: text, params });
      }
    });
  }

  /** Drops every prepared statement after DDL changed what one of them returns. */
  async function forgetStatements(): Promise<void> {
    statements.clear();
    await pglite._runExclusiveQuery(() => pglite.execProtocolStream(protocol.serialize.query('deallocate all')));
  }

  const isStaleStatement = (error: unknown) => (error as { code?: unknown }).code === featureNotSupported;

  /** Drizzle's options carry its parsers; the instance already has them (see `drizzleParsers`). */
  const withoutParsers = (options: QueryOptions | undefined): QueryOptions | undefined =>
    options?.rowMode ? { rowMode: options.rowMode } : undefined;

  const inTransaction = (tx: Transaction): EmbeddedClient => ({
    query: <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (tx.closed) throw new Error('Transaction is closed');
      return preparable.test(text)
        ? statement<T>(text, params, options)
        : tx.query<T>(text, params, withoutParsers(options));
    },
    transaction: () => Promise.reject(new Error('nested transactions are savepoints in Drizzle')),
  });

  return {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      if (!preparable.test(text)) return pglite.query<T>(text, params, withoutParsers(options));
      // Outside a transaction a statement waits for any open one to end, as PGlite's `query()` does.
      return pglite._runExclusiveTransaction(async () => {
        let result: Results<T>;
        try {
          result = await statement<T>(text, params, options);
        } catch (error) {
          if (!isStaleStatement(error)) throw error;
          await forgetStatements();
          result = await statement<T>(text, params, options);
        }
        await pglite.syncToFs();
        return result;
      });
    },
    transaction: <T>(callback: (tx: EmbeddedClient) => Promise<T>) =>
      pglite.transaction((tx) => callback(inTransaction(tx))),
  };
}
