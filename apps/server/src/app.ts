import { randomUUID } from 'node:crypto';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { startHousekeeping } from './jobs/housekeeping.ts';
import { startOrderSweeps } from './jobs/order-sweeps.ts';
import { startSearchFlush } from './jobs/search-flush.ts';
import { startShopWindowRefresh } from './jobs/shop-windows.ts';
import { accountsRoutes, findSessionUser } from './modules/accounts/index.ts';
import { addressesRoutes, getAddress } from './modules/addresses/index.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { cartRoutes } from './modules/cart/index.ts';
import { catalogRoutes, catalogUserRoutes, findShopByOwner, getSharePreview } from './modules/catalog/index.ts';
import { contentRoutes } from './modules/content/index.ts';
import { getUserBalance } from './modules/ledger/index.ts';
import { merchantsRoutes } from './modules/merchants/index.ts';
import type { ModuleDeps } from './modules/module-deps.ts';
import { mutualAidRoutes } from './modules/mutual-aid/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import {
  type AddressLookup,
  isRefundPictureOfShopOwner,
  loadOrderSettings,
  ordersRoutes,
  refundsRoutes,
  sweepBacklog,
} from './modules/orders/index.ts';
import { platformRoutes } from './modules/platform/index.ts';
import { createSearchRecorder, searchRoutes } from './modules/search/index.ts';
import {
  countUserUnread,
  isPictureInConversationOf,
  openEventStreamCount,
  serviceRoutes,
} from './modules/service/index.ts';
import { supportRoutes } from './modules/support/index.ts';
import { createUploadStorage, type UploadStorage, uploadsRoutes } from './modules/uploads/index.ts';
import { getSettings, pendingAuditCounts, walletRoutes } from './modules/wallet/index.ts';
import { Lifecycle } from './ops/lifecycle.ts';
import { createMetrics, type Metrics } from './ops/metrics.ts';
import { adminGuardPlugin } from './plugins/admin-guard.ts';
import { authPlugin } from './plugins/auth.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { answerClientError, envelopePlugin, sendFailure, sendFrameworkFailure } from './plugins/envelope.ts';
import { nulGuardPlugin } from './plugins/nul-guard.ts';
import { observabilityPlugin } from './plugins/observability.ts';
import { docsHideAdmin, openApiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { requestLanguagePlugin } from './plugins/request-language.ts';
import { requestQueuePlugin } from './plugins/request-queue.ts';
import { createResponseSerializer } from './plugins/response-serializer.ts';
import { routeCatalogPlugin } from './plugins/route-catalog.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { uploadsPlugin } from './plugins/uploads.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  redis?: Redis | undefined;
  /** Key prefix in Redis, so that test runs and deployments sharing one Redis stay apart. */
  redisNamespace?: string;
  /** Where checkout finds a buyer's address; the addresses module unless a test passes its own. */
  addressLookup?: AddressLookup;
  /** Where uploaded files live; by default the store `config` names (`createUploadStorage`). Closed with the app. */
  uploadStorage?: UploadStorage;
  /** The process phase readiness reports; `startServer` passes its own, tests get a ready one. */
  lifecycle?: Lifecycle;
  /** The metrics registry; `startServer` shares it with the management listener. */
  metrics?: Metrics;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /**
   * Runs when the app has closed, after every close hook of its own: the jobs' last writes (the
   * search counts) need the database that this closes.
   */
  onClosed?: () => Promise<void>;
}

/** Checkout snapshots the address book entry: the area as its display text. */
const addressBookLookup: AddressLookup = async (db, userId, addressId) => {
  const found = await getAddress(db, userId, addressId);
  return found && { name: found.name, mobile: found.mobile, area: found.area.text, address: found.address };
};

/** Never log credentials, tokens or payment codes, wherever they appear. */
export const redactedPaths = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.repassword',
  '*.oldpassword',
  '*.newpassword',
  '*.renewpassword',
  '*.paypwd',
  '*.repaypwd',
  '*.oldpaypwd',
  '*.token',
  '*.code',
];

/** A hop count trusts that many proxies nearest the server (what proxy-addr does for a number). */
function trustProxyOption(setting: Config['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

const requestIdPattern = /^[\w.-]{8,64}$/;

function loggerOptions(config: Config, stream: AppDeps['logStream']): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  return {
    level: config.LOG_LEVEL,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  };
}

export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const lifecycle = deps.lifecycle ?? new Lifecycle('ready');
  const metrics = deps.metrics ?? createMetrics();
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    // plugins/observability.ts writes one line per request, with the route and the user.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    requestIdHeader: false,
    frameworkErrors: sendFrameworkFailure,
    // Fastify's own 503 while closing is its JSON, not the envelope: the hook below answers instead.
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
    // A caller's request id is kept when it looks like one, so logs join up across services.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Close hooks run last-added first, so the one added before all others runs after them.
  const { onClosed } = deps;
  if (onClosed) app.addHook('onClose', () => onClosed());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ strict: config.NODE_ENV === 'test' }));
  // While shutting down, in-flight answers close their keep-alive connection so close() can finish.
  let isShuttingDown = false;
  app.addHook('preClose', async () => {
    isShuttingDown = true;
    lifecycle.set('draining');
  });
  // Hooks on every request are written in callback style: an async hook costs a promise and a
  // microtask per request (bench/catalog.ts, "framework" column).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (isShuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });

  // Before every route, so that the catalog lists them all.
  await app.register(routeCatalogPlugin);
  // The first request hook, so that every later hook and handler runs with the request's logger in context.
  await app.register(observabilityPlugin, { metrics, metricsToken: config.METRICS_TOKEN });
  await app.register(requestLanguagePlugin);
  await app.register(envelopePlugin);
  await app.register(nulGuardPlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
  });
  // A request that arrives once the app is closing (after the drain, SHUTDOWN_DRAIN_MS) is refused
  // with the envelope in the caller's language and the security headers; the onSend hook above
  // closes its connection. Requests already past this point finish normally.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isShuttingDown) {
      done();
      return;
    }
    reply.header('retry-after', '1');
    sendFailure(request, reply, 'SERVICE_UNAVAILABLE', { status: 503 });
  });
  await app.register(compressionPlugin);
  await app.register(underPressure, {
    maxEventLoopDelay: config.MAX_EVENT_LOOP_DELAY_MS,
    pressureHandler: (request, reply) => {
      sendFailure(request, reply, 'SERVICE_UNAVAILABLE', { status: 503 });
    },
  });
  // Before the session lookup, which already reads the database.
  if (deps.database.engine === 'pglite' && config.EMBEDDED_CONCURRENT_REQUESTS > 0) {
    await app.register(requestQueuePlugin, {
      concurrency: config.EMBEDDED_CONCURRENT_REQUESTS,
      maxWaitMs: config.EMBEDDED_QUEUE_MAX_WAIT_MS,
      maxWaiting: config.EMBEDDED_QUEUE_MAX_WAITING,
    });
  }
  await app.register(authPlugin, {
    resolveSession: (token) => findSessionUser(deps.database.db, token, config.SESSION_MAX_DAYS),
  });
  // Before every module: it puts the permission guard in front of each `/api/admin/*` route.
  await app.register(adminGuardPlugin);
  await app.register(rateLimitPlugin, { redis: deps.redis, namespace: deps.redisNamespace ?? config.REDIS_NAMESPACE });
  await app.register(openApiPlugin, { hideAdmin: docsHideAdmin(config) });
  await app.register(uploadsPlugin, { config });
  await app.register(webAppPlugin, {
    distDir: config.WEB_DIST_DIR,
    currency: config.CURRENCY,
    pagePreview: (request, pathname) => getSharePreview(deps.database.db, request.lang, pathname),
  });

  const moduleDeps: ModuleDeps = { config, database: deps.database, redis: deps.redis };
  // One store of uploaded files (local disk or S3-compatible) for the routes and the orphan purge.
  const uploadStorage = deps.uploadStorage ?? createUploadStorage(config);
  app.addHook('onClose', async () => uploadStorage.close());
  // A deadlock or serialization failure is run again (ADR 0025), but each one names a lock-order
  // cycle or a hot row worth finding: counted, and logged with PostgreSQL's detail (one given up is
  // logged where its error lands: the envelope, or the job that ran it).
  const stopWatchingConflicts = deps.database.onTransactionConflict?.(({ kind, attempt, gaveUp, error }) => {
    metrics.dbConflicts.inc({ kind, outcome: gaveUp ? 'failed' : 'retried' });
    if (!gaveUp) app.log.warn({ err: error, attempt }, `database ${kind}: the transaction runs again`);
  });
  if (stopWatchingConflicts) app.addHook('onClose', async () => stopWatchingConflicts());
  metrics.setSources({
    pool: () => deps.database.poolStats?.(),
    sseConnections: openEventStreamCount,
    queues: async () => {
      const db = deps.database.db;
      const [audits, sweeps] = await Promise.all([
        pendingAuditCounts(db),
        loadOrderSettings(db, config.TIME_ZONE).then((settings) => sweepBacklog(db, settings, new Date())),
      ]);
      return {
        ...audits,
        order_sweep_unpaid: sweeps.unpaid,
        order_sweep_auto_receive: sweeps.auto_receive,
        order_sweep_completion: sweeps.completion,
      };
    },
  });
  await app.register(platformRoutes, {
    ...moduleDeps,
    lifecycle,
    walletSettings: async () => {
      const settings = await getSettings(deps.database.db);
      return { withdrawal_fee_bp: settings.withdrawal_fee_bp, min_withdrawal: settings.min_withdrawal };
    },
  });
  await app.register(contentRoutes, moduleDeps);
  await app.register(accountsRoutes, {
    ...moduleDeps,
    userInfoProviders: [
      async (db, userId) => ({ balance: await getUserBalance(db, userId) }),
      async (db, userId) => ({ shop_id: (await findShopByOwner(db, userId))?.id ?? null }),
    ],
  });
  // Searches that found something are counted in memory and written in batches (popular searches).
  const searches = createSearchRecorder(deps.database.db, config.TIME_ZONE);
  await app.register(catalogRoutes, {
    ...moduleDeps,
    onSearchFound: ({ lang, keyword, caller }) => searches.record({ lang, keyword, caller }),
  });
  await app.register(searchRoutes, moduleDeps);
  const searchFlush = startSearchFlush({
    recorder: searches,
    intervalMs: config.SEARCH_FLUSH_INTERVAL_MS,
    log: app.log,
  });
  app.addHook('onClose', () => searchFlush.stop());
  await app.register(catalogUserRoutes, moduleDeps);
  await app.register(uploadsRoutes, {
    ...moduleDeps,
    storage: uploadStorage,
    privateReaders: { service: isPictureInConversationOf, refund: isRefundPictureOfShopOwner },
  });
  await app.register(walletRoutes, moduleDeps);
  await app.register(addressesRoutes, moduleDeps);
  await app.register(cartRoutes, moduleDeps);
  await app.register(merchantsRoutes, moduleDeps);
  await app.register(ordersRoutes, { ...moduleDeps, addressLookup: deps.addressLookup ?? addressBookLookup });
  await app.register(refundsRoutes, moduleDeps);
  await app.register(supportRoutes, moduleDeps);
  await app.register(mutualAidRoutes, moduleDeps);
  await app.register(serviceRoutes, { ...moduleDeps, namespace: deps.redisNamespace ?? config.REDIS_NAMESPACE });
  await app.register(adminRoutes, moduleDeps);
  await app.register(notificationsRoutes, { ...moduleDeps, serviceUnread: countUserUnread });

  if (config.ORDER_SWEEP_INTERVAL_MS > 0) {
    const sweeps = startOrderSweeps({
      db: deps.database.db,
      intervalMs: config.ORDER_SWEEP_INTERVAL_MS,
      timeZone: config.TIME_ZONE,
      log: app.log,
    });
    app.addHook('onClose', () => sweeps.stop());
  }
  if (config.HOUSEKEEPING_INTERVAL_MS > 0) {
    const housekeeping = startHousekeeping({
      db: deps.database.db,
      intervalMs: config.HOUSEKEEPING_INTERVAL_MS,
      log: app.log,
      uploadStorage,
      uploadDir: config.UPLOAD_DIR,
    });
    app.addHook('onClose', () => housekeeping.stop());
    // The same maintenance rhythm slides the shops' 30-day windows.
    const windows = startShopWindowRefresh({
      db: deps.database.db,
      intervalMs: config.HOUSEKEEPING_INTERVAL_MS,
      timeZone: config.TIME_ZONE,
      log: app.log,
    });
    app.addHook('onClose', () => windows.stop());
  }

  app.setNotFoundHandler((request, reply) => {
    if (app.sendWebApp(request, reply)) return reply;
    return sendFailure(request, reply, 'ROUTE_NOT_FOUND', { status: 404 });
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
