/**
 * Builds what `npm start` runs when it is missing or older than its sources: the web app
 * (apps/web/dist) and the compiled server (apps/server/dist, scripts/build-server.ts).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildState, ensureServerBuilt, root } from './build-server.ts';

const web = buildState(path.join(root, 'apps/web/dist/index.html'), [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/first-screens-chunk.ts',
  'apps/web/pwa.config.ts',
  'packages/contract/src',
]);
if (web === 'current') {
  console.log('web app is up to date');
} else {
  console.log(web === 'missing' ? 'building the web app (first start)' : 'web sources changed: rebuilding the web app');
  const result = spawnSync('npm', ['run', 'build', '-w', '@crossmart/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = await ensureServerBuilt();
console.log(
  {
    current: 'server build is up to date',
    missing: 'built the server (first start)',
    stale: 'server sources changed: rebuilt the server',
  }[server],
);
