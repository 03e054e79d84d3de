/** `npm run bench`: runs every bench scenario file in this folder, one after another. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
let failed = false;
for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && name !== 'run.ts')) {
  console.log(`\n== bench/${file}`);
  const result = spawnSync(process.execPath, [path.join(dir, file)], { stdio: 'inherit' });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
