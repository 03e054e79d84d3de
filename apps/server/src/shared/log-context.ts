import { AsyncLocalStorage } from 'node:async_hooks';

/** The part of a pino logger the services use; Fastify's `request.log` and `app.log` are one. */
export interface ContextLogger {
  info(fields: Record<string, unknown>, message: string): void;
}

/**
 * The logger of the request (or job run) the current code runs for, so that a service deep in a
 * call chain logs with the request id, user id and route without being handed `request`
 * (services never see it). The app enters it in its first request hook; jobs run inside it.
 */
const current = new AsyncLocalStorage<ContextLogger>();

export function runWithLogger<T>(log: ContextLogger, fn: () => T): T {
  return current.run(log, fn);
}

export function contextLogger(): ContextLogger | undefined {
  return current.getStore();
}

/** One money movement, as the ledger posted it (inside the caller's transaction). */
export interface MoneyMovement {
  transactionId: number;
  kind: string;
  reference: string;
  /** Minor units moved: the sum of the positive legs. */
  amount: number;
  legs: { account: string; amount: number }[];
}

type MoneyListener = (movement: MoneyMovement) => void;
const moneyListeners = new Set<MoneyListener>();

/** The app subscribes (audit log line, metrics); returns the unsubscribe for its close hook. */
export function onMoneyMovement(listener: MoneyListener): () => void {
  moneyListeners.add(listener);
  return () => moneyListeners.delete(listener);
}

export function reportMoneyMovement(movement: MoneyMovement): void {
  for (const listener of moneyListeners) listener(movement);
}
