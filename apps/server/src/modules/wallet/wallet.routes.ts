import {
  adminAuditListQuerySchema,
  adminRechargePageSchema,
  adminWithdrawalPageSchema,
  auditLogQuerySchema,
  billPageSchema,
  billQuerySchema,
  blockchainSchema,
  channelListSchema,
  channelSaveRequestSchema,
  depositChannelSchema,
  extractAuditRequestSchema,
  extractInfoSchema,
  extractRequestSchema,
  ledgerReportSchema,
  platformSettingsSchema,
  rechargeAuditRequestSchema,
  rechargePageSchema,
  rechargeRequestSchema,
  rechargeSchema,
  successEnvelope,
  withdrawalPageSchema,
  withdrawalSchema,
} from '@crossmart/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyDescription, replayIdempotent, runIdempotent } from '../../plugins/idempotency.ts';
import { payCodeKeys, verifyPayPassword } from '../accounts/index.ts';
import { listUserEntries, verifyLedger } from '../ledger/index.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  getBlockchain,
  getSettings,
  listChannels,
  saveChannel,
  saveSettings,
  settingsChanged,
} from './settings.service.ts';
import {
  auditRecharge,
  auditWithdrawal,
  createRecharge,
  getExtractInfo,
  listRecharges,
  listRechargesForAdmin,
  listWithdrawals,
  listWithdrawalsForAdmin,
  requestWithdrawal,
} from './wallet.service.ts';

const tokenSecurity = [{ token: [] }];

export const walletRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { database, config }) => {
  const db = database.db;
  const payCodes = payCodeKeys(config);
  const user = { onRequest: requireUser };
  const admin = { onRequest: requireAdmin };
  const replay = replayIdempotent(database);

  app.get(
    '/api/user/getBlockchain',
    {
      ...user,
      schema: {
        tags: ['wallet'],
        summary: 'Deposit channels: networks, coins, platform addresses and bank accounts',
        security: tokenSecurity,
        response: { 200: successEnvelope(blockchainSchema) },
      },
    },
    async (request) => ok(request, await getBlockchain(db)),
  );

  app.post(
    '/api/user/recharge',
    {
      ...user,
      preHandler: replay,
      schema: {
        tags: ['wallet'],
        summary: 'Submit a recharge for audit (status 0)',
        security: tokenSecurity,
        description: idempotencyKeyDescription,
        body: rechargeRequestSchema,
        response: { 200: successEnvelope(rechargeSchema) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const data = await runIdempotent(request, reply, db, (tx) => createRecharge(tx, userId, request.body));
      return ok(request, data, 'success.recharge_submitted');
    },
  );

  app.get(
    '/api/user/recharge_log',
    {
      ...user,
      schema: {
        tags: ['wallet'],
        summary: 'The user’s recharges, newest first; status all | 0 | 1 | 2',
        security: tokenSecurity,
        querystring: auditLogQuerySchema,
        response: { 200: successEnvelope(rechargePageSchema) },
      },
    },
    async (request) => ok(request, await listRecharges(db, currentUser(request).id, request.query)),
  );

  app.get(
    '/api/user/extract',
    {
      ...user,
      schema: {
        tags: ['wallet'],
        summary: 'Balance, withdrawal fee rate and minimum',
        security: tokenSecurity,
        response: { 200: successEnvelope(extractInfoSchema) },
      },
    },
    async (request) => ok(request, await getExtractInfo(db, currentUser(request).id)),
  );

  app.post(
    '/api/user/extract',
    {
      ...user,
      preHandler: replay,
      schema: {
        tags: ['wallet'],
        summary: 'Withdraw: the amount is held at once; fee and arrival computed by the server',
        description: idempotencyKeyDescription,
        security: tokenSecurity,
        body: extractRequestSchema,
        response: { 200: successEnvelope(withdrawalSchema) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      // Outside the business transaction (accounts README): a counted wrong try must stay counted.
      await verifyPayPassword(db, userId, request.body.paypwd, payCodes);
      const data = await runIdempotent(request, reply, db, (tx) => requestWithdrawal(tx, userId, request.body));
      return ok(request, data, 'success.withdraw_submitted');
    },
  );

  app.get(
    '/api/user/extract_log',
    {
      ...user,
      schema: {
        tags: ['wallet'],
        summary: 'The user’s withdrawals, newest first; status all | 0 | 1 | 2',
        security: tokenSecurity,
        querystring: auditLogQuerySchema,
        response: { 200: successEnvelope(withdrawalPageSchema) },
      },
    },
    async (request) => ok(request, await listWithdrawals(db, currentUser(request).id, request.query)),
  );

  app.get(
    '/api/user/bill',
    {
      ...user,
      schema: {
        tags: ['wallet'],
        summary: 'Fund record: the user’s ledger entries, newest first',
        security: tokenSecurity,
        querystring: billQuerySchema,
        response: { 200: successEnvelope(billPageSchema) },
      },
    },
    async (request) => ok(request, await listUserEntries(db, currentUser(request).id, request.query)),
  );

  // ---- admin console ----

  app.get(
    '/api/admin/recharge_list',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Recharges to audit',
        security: tokenSecurity,
        querystring: adminAuditListQuerySchema,
        response: { 200: successEnvelope(adminRechargePageSchema) },
      },
    },
    async (request) => ok(request, await listRechargesForAdmin(db, request.query)),
  );

  app.post(
    '/api/admin/recharge_audit',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Pass (with the actual arrival amount) or refuse (with a reason) a recharge',
        security: tokenSecurity,
        body: rechargeAuditRequestSchema,
        response: { 200: successEnvelope(rechargeSchema) },
      },
    },
    async (request) => {
      const adminId = currentUser(request).id;
      const data = await db.transaction((tx) => auditRecharge(tx, adminId, request.body));
      // A pass still waiting (status 0) is a first approval of a large recharge (four eyes).
      return ok(request, data, data.status === 0 ? 'success.first_approval' : 'success.audited');
    },
  );

  app.get(
    '/api/admin/extract_list',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Withdrawals to audit',
        security: tokenSecurity,
        querystring: adminAuditListQuerySchema,
        response: { 200: successEnvelope(adminWithdrawalPageSchema) },
      },
    },
    async (request) => ok(request, await listWithdrawalsForAdmin(db, request.query)),
  );

  app.post(
    '/api/admin/extract_audit',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Pass (pay out) or refuse (return the money) a withdrawal',
        security: tokenSecurity,
        body: extractAuditRequestSchema,
        response: { 200: successEnvelope(withdrawalSchema) },
      },
    },
    async (request) => {
      const adminId = currentUser(request).id;
      const data = await db.transaction((tx) => auditWithdrawal(tx, adminId, request.body));
      return ok(request, data, 'success.audited');
    },
  );

  app.get(
    '/api/admin/settings',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Platform settings (commission, withdrawal fee and minimum)',
        security: tokenSecurity,
        response: { 200: successEnvelope(platformSettingsSchema) },
      },
    },
    async (request) => ok(request, await getSettings(db)),
  );

  app.post(
    '/api/admin/settings_save',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Save platform settings',
        security: tokenSecurity,
        body: platformSettingsSchema,
        response: { 200: successEnvelope(platformSettingsSchema) },
      },
    },
    async (request) => {
      const adminId = currentUser(request).id;
      const data = await db.transaction((tx) => saveSettings(tx, adminId, request.body));
      // Again after the commit (saveSettings did before it): no instance keeps the old values.
      settingsChanged();
      return ok(request, data, 'success.saved');
    },
  );

  app.get(
    '/api/admin/channel_list',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Deposit channels, enabled or not',
        security: tokenSecurity,
        response: { 200: successEnvelope(channelListSchema) },
      },
    },
    async (request) => ok(request, { list: await listChannels(db, { enabledOnly: false }) }),
  );

  app.post(
    '/api/admin/channel_save',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Create (no id) or update a deposit channel',
        security: tokenSecurity,
        body: channelSaveRequestSchema,
        response: { 200: successEnvelope(depositChannelSchema) },
      },
    },
    async (request) => {
      const adminId = currentUser(request).id;
      const data = await db.transaction((tx) => saveChannel(tx, adminId, request.body));
      return ok(request, data, 'success.saved');
    },
  );

  app.get(
    '/api/admin/ledger_verify',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Check the ledger invariants',
        security: tokenSecurity,
        response: { 200: successEnvelope(ledgerReportSchema) },
      },
    },
    async (request) => ok(request, await verifyLedger(db)),
  );
};
