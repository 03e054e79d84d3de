import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

/**
 * The logged-in user's id as the auth plugin leaves it on `request.user` (accounts module), or
 * undefined for a visitor. Read structurally, so the catalog does not depend on how that plugin
 * declares its types.
 */
export function findViewerId(request: FastifyRequest): number | undefined {
  const { user } = request as FastifyRequest & { user?: { id?: unknown } | null };
  return typeof user?.id === 'number' && Number.isInteger(user.id) ? user.id : undefined;
}

/** The logged-in user's id, or the 401 answer (product.md §7) for a visitor. */
export function requireViewerId(request: FastifyRequest): number {
  const id = findViewerId(request);
  if (id === undefined) throw new AppError('UNAUTHORIZED');
  return id;
}
