import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.timing.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The web app's logic (API client, guard, history, session, i18n) in a DOM; API-client tests
        // that talk to a real local HTTP server opt into Node with `@vitest-environment node`.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        // The phone budget over the built web app (bench/budgets.ts, ADR 0014); builds when stale.
        test: {
          name: 'budgets',
          include: ['bench/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The deployment package (Dockerfile, compose, nginx and Prometheus configs), linted.
        test: {
          name: 'deploy',
          include: ['deploy/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Wall-clock measurements (`*.timing.test.ts`) run after every other file, alone, so that
        // the suites' own parallel work does not drown what they measure.
        test: {
          name: 'server-timing',
          include: ['apps/server/src/**/*.timing.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
