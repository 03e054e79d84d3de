/**
 * PostgreSQL's error of a failed statement, whichever engine raised it: node-postgres and PGlite
 * put the SQLSTATE in `code`, and Drizzle wraps their error in its own, with theirs as `cause`.
 */
interface DriverError {
  code: string;
  constraint?: string;
}

export function driverError(error: unknown, depth = 0): DriverError | undefined {
  if (typeof error !== 'object' || error === null || depth > 4) return undefined;
  const { code, constraint, cause } = error as { code?: unknown; constraint?: unknown; cause?: unknown };
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    return typeof constraint === 'string' ? { code, constraint } : { code };
  }
  return driverError(cause, depth + 1);
}

/** A unique index refused the row (SQLSTATE 23505), on the named constraint when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = driverError(error);
  return found?.code === '23505' && (constraint === undefined || found.constraint === constraint);
}
