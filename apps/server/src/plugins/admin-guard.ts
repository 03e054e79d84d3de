import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { adminPermissions, permissionKey } from './admin-permissions.ts';
import { optionalUser } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every `/api/admin/*` route as `METHOD /url`, in registration order (the permission test reads it). */
    adminRoutes: string[];
  }
}

export const adminPrefix = '/api/admin/';

/**
 * The guard of one admin route: not logged in → 401; not an admin, or an admin whose role the
 * permission table does not list for the route (or a route missing from the table) → FORBIDDEN.
 */
function guardFor(key: string) {
  const permission = adminPermissions[key];
  return async function adminPermissionGuard(request: FastifyRequest): Promise<void> {
    await optionalUser(request);
    const user = request.user;
    if (!user) throw new AppError('UNAUTHORIZED');
    if (user.role !== 'admin' || !user.adminRole) throw new AppError('FORBIDDEN');
    if (!permission?.roles.includes(user.adminRole)) throw new AppError('FORBIDDEN');
  };
}

/**
 * Puts the permission guard in front of every `/api/admin/*` route, whichever module registers
 * it: register this plugin before the modules. HEAD routes Fastify adds for GETs share the key.
 */
export const adminGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('adminRoutes', [] as string[]);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(adminPrefix)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const key = permissionKey(method === 'HEAD' ? 'GET' : method, route.url);
        if (method !== 'HEAD') app.adminRoutes.push(key);
        const guard = guardFor(key) as onRequestHookHandler;
        const existing = route.onRequest;
        route.onRequest = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
      }
    });
  },
  { name: 'admin-guard', dependencies: ['auth'] },
);
