import {
  forgotCodeRequestSchema,
  forgotCodeResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutQuerySchema,
  profileRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetPayRequestSchema,
  sessionListSchema,
  sessionRevokeRequestSchema,
  sessionRevokeResultSchema,
  setLanguageQuerySchema,
  setLanguageResponseSchema,
  successEnvelope,
  userInfoSchema,
} from '@crossmart/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { connectInvalidation } from '../../shared/invalidation.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  type AccountsContext,
  changePassword,
  getUserInfo,
  login,
  logout,
  registerUser,
  resetPasswordWithCode,
  sendResetCode,
  setLanguage,
  type UserInfoProvider,
  updateProfile,
} from './accounts.service.ts';
import { createMailTransport } from './mail.service.ts';
import { dummyHash, hashingFromConfig } from './passwords.ts';
import { setPayPassword } from './pay-code.service.ts';
import { payCodeKeys } from './pay-code-keys.ts';
import { listSessions, revokeOtherSessions, revokeOwnSession } from './sessions.service.ts';
import { sourceKeyOf } from './source-key.ts';
import { hitThrottle } from './throttle.service.ts';

export interface AccountsRouteOptions extends ModuleDeps {
  /** Fill `balance` and `shop_id` of the user info (wallet and merchant modules). */
  userInfoProviders?: readonly UserInfoProvider[];
}

const quarterHourMs = 15 * 60 * 1000;
const hourMs = 60 * 60 * 1000;
const forgotCodesPerAccountPerHour = 5;
const tokenSecurity = [{ token: [] }];
const noData = z.null();

/** The account name a request is about, normalised like the look-up, for per-account limits. */
function accountKey(request: FastifyRequest): string {
  const body = request.body as { account?: unknown } | undefined;
  const account = typeof body?.account === 'string' ? body.account.trim().toLowerCase() : '';
  return account.slice(0, 64);
}

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRouteOptions> = async (app, options) => {
  const { config, database } = options;
  const db = database.db;
  const providers = options.userInfoProviders ?? [];
  const hashing = hashingFromConfig(config);
  const payCodes = payCodeKeys(config);
  const mailTransport = createMailTransport(config);
  // Computed once up front, so the first unknown-account login takes no longer than the others.
  await dummyHash(hashing);
  // The session and settings caches of this instance hear the other instances' writes (ADR 0013, addendum 2).
  if (options.redis) {
    const leave = connectInvalidation(options.redis, config.REDIS_NAMESPACE);
    app.addHook('onClose', async () => leave());
  }

  const contextOf = (request: FastifyRequest): AccountsContext => ({
    hashing,
    providers,
    mailTransport,
    session: { ip: request.ip, userAgent: request.headers['user-agent'] },
  });

  /** Counting limits: every request counts; the one past the maximum is refused. */
  const countingLimit = (max: number, timeWindow: number, key: (request: FastifyRequest) => string) => {
    const limiter = app.createRateLimit({ max, timeWindow, keyGenerator: key });
    return async (request: FastifyRequest) => {
      const state = await limiter(request);
      if (!state.isAllowed && state.isExceeded) {
        throw new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(state.ttl / 1000)) });
      }
    };
  };
  /**
   * Durable counting limits (PostgreSQL rows): the reset-code limits guard a 6-digit secret, so
   * they must not be flushed out of a bounded cache by trying other names, and hold on every instance.
   */
  const durableLimit = (max: number, windowMs: number, key: (request: FastifyRequest) => string) => {
    return async (request: FastifyRequest) => {
      const hit = await hitThrottle(db, key(request), windowMs);
      if (hit.hits > max) throw new AppError('RATE_LIMITED', { seconds: hit.retrySeconds });
    };
  };

  const source = (request: FastifyRequest) => sourceKeyOf(request.ip);
  const registerPerIp = countingLimit(config.REGISTER_MAX_PER_IP, hourMs, (r) => `register-ip:${source(r)}`);
  const resetPerIp = durableLimit(config.RESET_MAX_PER_IP, hourMs, (r) => `reset-ip:${source(r)}`);
  const forgotPerAccount = durableLimit(forgotCodesPerAccountPerHour, hourMs, (r) => `forgot-account:${accountKey(r)}`);
  const loginLimits = {
    perSource: config.LOGIN_MAX_FAILURES_PER_IP,
    perAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    windowMs: quarterHourMs,
  };

  app.post(
    '/api/user/register',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Create a buyer account and log it in',
        body: registerRequestSchema,
        response: { 200: successEnvelope(loginResponseSchema) },
      },
    },
    async (request) => {
      await registerPerIp(request);
      const data = await registerUser(db, request.body, { ...contextOf(request), language: request.lang });
      return ok(request, data, 'success.register');
    },
  );

  app.post(
    '/api/user/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Log in; the answer carries data.userinfo.token',
        body: loginRequestSchema,
        response: { 200: successEnvelope(loginResponseSchema) },
      },
    },
    async (request) => {
      // Counted in the service, before the password is checked (durable, per source and account).
      return ok(request, await login(db, request.body, { ...contextOf(request), loginLimits }), 'success.login');
    },
  );

  app.get(
    '/api/user/getUserInfo',
    {
      onRequest: requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'The logged-in user',
        security: tokenSecurity,
        response: { 200: successEnvelope(userInfoSchema) },
      },
    },
    async (request) => ok(request, await getUserInfo(db, currentUser(request).id, providers)),
  );

  app.post(
    '/api/user/logout',
    {
      onRequest: requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'End this session',
        security: tokenSecurity,
        querystring: logoutQuerySchema,
        response: { 200: successEnvelope(noData) },
      },
    },
    async (request) => {
      await logout(db, currentUser(request).sessionId);
      return ok(request, null, 'success.logout');
    },
  );

  app.post(
    '/api/user/profile',
    {
      onRequest: requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Change names, email, mobile or avatar (only the fields sent)',
        security: tokenSecurity,
        body: profileRequestSchema,
        response: { 200: successEnvelope(userInfoSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await updateProfile(db, currentUser(request).id, request.body, providers, { mailTransport }),
        'success.saved',
      ),
  );

  app.post(
    '/api/user/resetpwd',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the password (token + oldpassword) or reset it (account + mailed code); ends every session',
        body: resetPasswordRequestSchema,
        response: { 200: successEnvelope(noData) },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.code !== undefined && body.account) {
        await resetPerIp(request);
        await resetPasswordWithCode(
          db,
          { account: body.account, code: body.code, newpassword: body.newpassword },
          hashing,
        );
        return ok(request, null, 'success.changed');
      }
      await requireUser(request);
      await changePassword(
        db,
        currentUser(request).id,
        { oldpassword: body.oldpassword ?? '', newpassword: body.newpassword },
        hashing,
      );
      return ok(request, null, 'success.changed');
    },
  );

  app.post(
    '/api/user/forgot_code',
    {
      schema: {
        tags: ['accounts'],
        summary: "Mail a 6-digit reset code (10 minutes) to the account's email",
        body: forgotCodeRequestSchema,
        response: { 200: successEnvelope(forgotCodeResponseSchema) },
      },
    },
    async (request) => {
      await resetPerIp(request);
      await forgotPerAccount(request);
      return ok(request, await sendResetCode(db, request.body.account, contextOf(request)), 'success.code_sent');
    },
  );

  app.post(
    '/api/user/resetPay',
    {
      onRequest: requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Set the payment code (first time: login password) or change it (old code)',
        security: tokenSecurity,
        body: resetPayRequestSchema,
        response: { 200: successEnvelope(noData) },
      },
    },
    async (request) => {
      await setPayPassword(db, currentUser(request).id, request.body, payCodes);
      return ok(request, null, 'success.changed');
    },
  );

  app.get(
    '/api/user/sessions',
    {
      onRequest: requireUser,
      schema: {
        tags: ['accounts'],
        summary: "The user's open sessions (device, IP, last use); `current` is this one",
        security: tokenSecurity,
        response: { 200: successEnvelope(sessionListSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return ok(request, { list: await listSessions(db, user.id, user.sessionId) });
    },
  );

  app.post(
    '/api/user/session_revoke',
    {
      onRequest: requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'End one of your sessions (id), or every one but this (others: true)',
        security: tokenSecurity,
        body: sessionRevokeRequestSchema,
        response: { 200: successEnvelope(sessionRevokeResultSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.body.others) {
        return ok(request, { revoked: await revokeOtherSessions(db, user.id, user.sessionId) }, 'success.logout');
      }
      // Another user's session answers exactly like a missing one.
      if (!(await revokeOwnSession(db, user.id, request.body.id ?? 0))) throw new AppError('NOT_FOUND');
      return ok(request, { revoked: 1 }, 'success.logout');
    },
  );

  app.get(
    '/api/user/set_language',
    {
      onRequest: requireUser,
      schema: {
        tags: ['accounts'],
        summary: "Save the user's interface language (file_name)",
        security: tokenSecurity,
        querystring: setLanguageQuerySchema,
        response: { 200: successEnvelope(setLanguageResponseSchema) },
      },
    },
    async (request) => {
      const language = await setLanguage(db, currentUser(request).id, request.query.file_name);
      return ok(request, { language }, 'success.saved');
    },
  );
};
