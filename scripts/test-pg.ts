/**
 * `npm run test:pg`: the same suites on a real PostgreSQL and Redis. Each test file creates and
 * drops its own database on the server at DATABASE_URL.
 */
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};
console.log(`test:pg on ${new URL(env.DATABASE_URL).host} with Redis ${new URL(env.REDIS_URL).host}`);
const result = spawnSync('vitest', ['run', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
