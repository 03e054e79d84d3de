/**
 * Messages between the server's thread and the embedded engine's worker (ADR 0022). Rows,
 * parameters and errors cross the thread by structured clone; a database error travels as its
 * fields (`code`, `constraint`, …) because a clone drops an Error's own properties.
 */
import type { Results } from '@electric-sql/pglite';

export type RowMode = 'array' | 'object';

export type WorkerRequest =
  | { id: number; kind: 'query'; text: string; params: unknown[]; rowMode?: RowMode; transaction?: number }
  /** Opens a transaction; the answer to `id` comes once it is open, `end` answers with its outcome. */
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'end'; transaction: number; commit: boolean }
  | { id: number; kind: 'close' };

export type WorkerAnswer =
  | { id: number; ok: true; result?: Results<unknown> }
  | { id: number; ok: false; error: SerializedError };

export type WorkerStart = { kind: 'ready' } | { kind: 'failed'; error: SerializedError };

export interface SerializedError {
  message: string;
  name: string;
  fields: Record<string, unknown>;
}

/** The fields a PostgreSQL error carries that the services read (`code`, `constraint`) and logs show. */
const errorFields = [
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'query',
  'params',
] as const;

export function serializeError(error: unknown): SerializedError {
  const source = (error ?? {}) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const key of errorFields) {
    const value = source[key];
    if (value !== undefined && typeof value !== 'function') fields[key] = value;
  }
  return {
    message: error instanceof Error ? error.message : String(error),
    name: error instanceof Error ? error.name : 'Error',
    fields,
  };
}

export function deserializeError(serialized: SerializedError): Error {
  const error = Object.assign(new Error(serialized.message), serialized.fields);
  error.name = serialized.name;
  return error;
}
