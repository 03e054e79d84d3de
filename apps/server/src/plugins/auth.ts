import type { AdminRole, LanguageFile, UserRole } from '@crossmart/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { bindLogFields } from './observability.ts';

/** The logged-in user of a request, as the accounts module resolves a token. */
export interface AuthUser {
  id: number;
  role: UserRole;
  /** `super` or `support` for admins, null otherwise (the admin guard reads it). */
  adminRole: AdminRole | null;
  language: LanguageFile;
  sessionId: number;
}

export type ResolveSession = (token: string) => Promise<AuthUser | undefined>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`, the role guards or `optionalUser`; null on routes without them. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    resolveSession: ResolveSession;
  }
}

const maxTokenLength = 256;

/** The `token` header (docs/product-rules.md, API conventions): never a cookie, so there is no CSRF surface. */
function tokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers.token;
  const token = Array.isArray(value) ? value[0] : value;
  if (!token || token.length > maxTokenLength) return undefined;
  return token;
}

async function authenticate(request: FastifyRequest): Promise<AuthUser | null> {
  if (request.user) return request.user;
  const token = tokenOf(request);
  if (!token) return null;
  request.user = (await request.server.resolveSession(token)) ?? null;
  // Every later log line of this request says whose it is.
  if (request.user) bindLogFields(request, { userId: request.user.id });
  return request.user;
}

/**
 * Route guard (`onRequest: requireUser`): a missing, unknown, expired or revoked token, or a
 * disabled account, answers `code: 401`.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!(await authenticate(request))) throw new AppError('UNAUTHORIZED');
}

/** Route guard for roles: not logged in → 401; logged in with another role → FORBIDDEN. */
export function requireRole(...roles: readonly UserRole[]) {
  return async function requireRoleGuard(request: FastifyRequest): Promise<void> {
    const user = await authenticate(request);
    if (!user) throw new AppError('UNAUTHORIZED');
    if (!roles.includes(user.role)) throw new AppError('FORBIDDEN');
  };
}

/** Shopping: buyers and merchants (a merchant is a buyer too, docs/product-rules.md). */
export const requireBuyer = requireRole('buyer', 'merchant');

/**
 * Seller calls: not logged in → 401; logged in but not a merchant → MERCHANT_REQUIRED, the one
 * clear refusal every `/api/merchant/*` seller call gives (the web app offers to open a shop).
 */
export async function requireMerchant(request: FastifyRequest): Promise<void> {
  const user = await authenticate(request);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (user.role !== 'merchant') throw new AppError('MERCHANT_REQUIRED');
}
export const requireAdmin = requireRole('admin');

/** Public routes that show more to a logged-in user: sets `request.user` when the token is valid, never fails. */
export async function optionalUser(request: FastifyRequest): Promise<void> {
  await authenticate(request);
}

/** The guarded route's user; throws UNAUTHORIZED when the route has no guard. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

/** Decorates requests with `user` and the app with the session resolver the guards use. */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { resolveSession: ResolveSession }) => {
    app.decorateRequest('user', null);
    app.decorate('resolveSession', options.resolveSession);
  },
  { name: 'auth' },
);
