import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

/** The logged-in user's id (set by the auth plugin's guards), or undefined for a visitor. */
export function findViewerId(request: FastifyRequest): number | undefined {
  return request.user?.id;
}

/** The logged-in user's id, or the 401 answer (docs/product-rules.md, API conventions) for a visitor. */
export function requireViewerId(request: FastifyRequest): number {
  const id = findViewerId(request);
  if (id === undefined) throw new AppError('UNAUTHORIZED');
  return id;
}
