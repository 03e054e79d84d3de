/**
 * Import boundaries of design.md §3, checked by `npm run boundaries` (part of `npm test`).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'module-through-index',
      comment: 'Another module is imported only through its index.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'outside-module-through-index',
      comment: 'Code outside the modules reaches a module only through its index.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/modules/' },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'module-owns-its-tables',
      comment:
        "A module imports only its own db/schema/<module>.ts; another module's tables are reached through " +
        "that module's index.ts, called with the caller's transaction (docs/architecture.md, module map). " +
        'Allowed: json-types.ts (shapes of JSON columns copied as snapshots, no tables). Test files arrange ' +
        'fixtures across modules and are exempt; the services they test are not.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/server/src/db/schema/',
        pathNot: ['^apps/server/src/db/schema/$1\\.ts$', '^apps/server/src/db/schema/json-types\\.ts$'],
      },
    },
    {
      name: 'only-infrastructure-imports-all-tables',
      comment:
        'db/schema/index.ts hands every table to the database client and drizzle-kit only (and to tests). ' +
        'Plugins and the seed import the one schema file they own (idempotency.ts, platform.ts).',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: ['^apps/server/src/db/client\\.ts$', '\\.test\\.ts$', '^apps/server/src/test/'],
      },
      to: { path: '^apps/server/src/db/schema/index\\.ts$' },
    },
    {
      name: 'routes-stay-thin',
      comment: 'A route file parses and answers; the service does the work and owns the queries.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: ['^apps/server/src/db/schema/', '^drizzle-orm', 'node_modules/drizzle-orm'] },
    },
    {
      name: 'services-without-http',
      comment: 'Services never see request or reply.',
      severity: 'error',
      from: { path: '\\.service\\.ts$' },
      to: { path: ['node_modules/fastify/', '^apps/server/src/plugins/'] },
    },
    {
      name: 'contract-is-a-leaf',
      comment: 'The contract is shared by server and web and depends on neither.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'feature-isolation',
      comment: 'A web feature imports shared/ and the contract, never another feature.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'features-below-app',
      comment: 'Only the app layer (routes) composes features; shared/ never imports a feature or the app.',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: ['^apps/web/src/features/', '^apps/web/src/app/'] },
    },
    {
      name: 'only-api-client-talks-http',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: '^apps/web/src/shared/api' },
      to: { path: 'node_modules/axios/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/dist/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
