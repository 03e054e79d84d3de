/**
 * Whether an error means the database cannot be reached right now (restarting, refusing
 * connections, a connection cut mid-query) rather than a bug: the caller answers 503 and the
 * client retries, while the pool reconnects by itself once the server is back.
 */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
/** SQLSTATE: class 08 (connection exception), admin/crash shutdown, cannot connect now, too many connections. */
const unavailableStates = /^(08...|57P01|57P02|57P03|53300)$/;
/** node-postgres reports a cut connection or a full pool by message only. */
const unavailableMessages = /Connection terminated|connection timeout|Client has encountered a connection error/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (unreachableCodes.has(code) || unavailableStates.test(code))) return true;
  if (unavailableMessages.test(error.message)) return true;
  // Drizzle wraps the driver's error in `cause`; a refused connection to several addresses is an AggregateError.
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
