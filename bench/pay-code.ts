/**
 * `npm run bench pay-code`: the cost of checking one payment code, as stored today (HMAC-SHA-256
 * under a key outside the database, ADR 0011) beside the argon2id hash it replaced (OWASP baseline,
 * 19 MiB / 2 passes / 1 lane), measured in the same run on this machine.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { defaultHashing, hashSecret, verifySecret } from '../apps/server/src/modules/accounts/passwords.ts';
import { checkPayCode, hashPayCode, type PayCodeKeys } from '../apps/server/src/modules/accounts/pay-code-keys.ts';

const keys: PayCodeKeys = { currentId: 'k1', byId: new Map([['k1', randomBytes(32)]]) };

async function perCheck(label: string, runs: number, check: () => Promise<boolean>): Promise<number> {
  for (let i = 0; i < Math.min(runs, 20); i += 1) await check();
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i += 1) if (!(await check())) throw new Error(`${label}: a right code was refused`);
  const micros = Number(process.hrtime.bigint() - started) / 1000 / runs;
  console.log(`${label.padEnd(34)} ${micros.toFixed(1).padStart(9)} µs per check (${runs} checks)`);
  return micros;
}

console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
const stored = hashPayCode('482915', keys);
const hmac = await perCheck(
  'HMAC-SHA-256 (keyed, current)',
  20_000,
  async () => (await checkPayCode(stored, '482915', keys)).ok,
);
const legacy = await hashSecret('482915', defaultHashing);
const argon = await perCheck('argon2id 19 MiB / 2 passes (before)', 100, () => verifySecret(legacy, '482915'));
console.log(
  `ratio: the keyed check costs ${((hmac / argon) * 100).toFixed(3)} % of argon2id (${(argon / hmac).toFixed(0)}× faster)`,
);
console.log(`target (issue: microseconds): ${hmac < 1000 ? 'PASS' : 'BELOW'}`);
