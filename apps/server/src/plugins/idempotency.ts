import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deleteInBatches, purgeBatchSize } from '../db/batch-delete.ts';
import type { Database } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import { AppError } from '../errors.ts';
import { currentUser } from './auth.ts';
import { ok } from './envelope.ts';

/**
 * Idempotency-Key support for money-moving POSTs (docs/product-rules.md, money). Design and reasons:
 * `modules/wallet/README.md` ("Idempotency keys").
 *
 * A route opts in with `preHandler: replayIdempotent` (fast replay before any costly check such
 * as the payment code) and runs its business transaction through `runIdempotent`.
 *
 * Keys are kept 24 hours (`idempotencyKeyRetentionMs`), then housekeeping deletes them
 * (`purgeIdempotencyKeys`, jobs/housekeeping.ts). A client retries within minutes, so a day is
 * far beyond any real retry; a key reused after that runs as a new request.
 */
const headerName = 'idempotency-key';
/** The OpenAPI description of a route that takes the header. */
export const idempotencyKeyDescription =
  'Idempotency-Key: optional. A repeat with the same key and body returns the first answer; another body is refused.';
const keyPattern = /^[\w.:-]{8,128}$/;
/** Never part of the stored hash: a SHA-256 of a 6-digit code would give the code away. */
const secretFields = new Set(['paypwd', 'password', 'repaypwd', 'oldpaypwd']);

export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[headerName];
  if (value === undefined) return undefined;
  const key = Array.isArray(value) ? value[0] : value;
  if (!key || !keyPattern.test(key)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
  return key;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .filter((key) => !secretFields.has(key))
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** What "the same request" means: method, route and body (secrets left out), as parsed. */
export function requestHash(request: FastifyRequest): string {
  const subject = JSON.stringify([request.method, request.routeOptions.url, canonical(request.body ?? null)]);
  return createHash('sha256').update(subject).digest('hex');
}

type Stored = { requestHash: string; response: unknown };

async function findStored(db: Database, userId: number, key: string): Promise<Stored | undefined> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

function markReplay(reply: FastifyReply) {
  reply.header('idempotent-replayed', 'true');
}

/**
 * preHandler (after the auth guard): a request whose key already holds an answer gets that answer
 * again, before payment-code checks or anything else run; another body under that key is refused.
 */
export function replayIdempotent(database: { db: Database }) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const key = idempotencyKeyOf(request);
    if (!key) return;
    const stored = await findStored(database.db, currentUser(request).id, key);
    if (!stored) return;
    if (stored.requestHash !== requestHash(request)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    markReplay(reply);
    return reply.send(ok(request, stored.response));
  };
}

/**
 * Runs the business transaction of a request. With a key, the key row is inserted first in that
 * same transaction and the answer written to it before commit: effect, key and answer commit
 * together or not at all. A concurrent duplicate blocks on the unique index until the first
 * commits (then replays its answer) or rolls back (then runs itself).
 */
export async function runIdempotent<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(request);
  if (!key) return db.transaction((tx) => work(tx));
  const userId = currentUser(request).id;
  const hash = requestHash(request);
  const outcome = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (!claimed) {
      const stored = await findStored(tx, userId, key);
      if (!stored) throw new Error('idempotency key row disappeared');
      if (stored.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return { replayed: true, data: stored.response as T };
    }
    const data = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ response: data ?? null })
      .where(eq(idempotencyKeys.id, claimed.id));
    return { replayed: false, data };
  });
  if (outcome.replayed) markReplay(reply);
  return outcome.data;
}

/** How long a key keeps its answer. Clients retry within minutes; a day leaves a wide margin. */
export const idempotencyKeyRetentionMs = 24 * 60 * 60 * 1000;

/** Deletes keys created more than `idempotencyKeyRetentionMs` before `now`; returns how many. */
export function purgeIdempotencyKeys(db: Database, now: Date, batchSize: number = purgeBatchSize): Promise<number> {
  const cutoff = new Date(now.getTime() - idempotencyKeyRetentionMs);
  return deleteInBatches(db, idempotencyKeys, idempotencyKeys.id, lt(idempotencyKeys.createdAt, cutoff), batchSize);
}
