import { defineConfig } from 'vitest/config';

// `npm run test:reliability` (scripts/reliability.ts) runs these files on PostgreSQL + Redis, one
// at a time: the scenarios load the machine on purpose and must not disturb each other's figures.
export default defineConfig({
  test: {
    name: 'reliability',
    include: ['apps/server/src/test/reliability/**/*.rel.ts'],
    environment: 'node',
    testTimeout: 900_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
