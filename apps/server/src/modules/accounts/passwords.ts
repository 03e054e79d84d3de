import { createHash, randomBytes, randomInt } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import type { Config } from '../../config.ts';

/** `Algorithm.Argon2id`; the package's enum is a const enum, which type stripping cannot inline. */
const argon2id: Algorithm.Argon2id = 2;

/** argon2id cost parameters; a hash records its own, so verification never needs them. */
export interface HashingOptions {
  memoryKib: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
export const defaultHashing: HashingOptions = { memoryKib: 19 * 1024, timeCost: 2, parallelism: 1 };

export function hashingFromConfig(config: Config): HashingOptions {
  return {
    memoryKib: config.ARGON2_MEMORY_KIB,
    timeCost: config.ARGON2_TIME_COST,
    parallelism: config.ARGON2_PARALLELISM,
  };
}

/** argon2id hash (PHC string) of a password, payment code or reset code. Runs off the event loop. */
export function hashSecret(secret: string, options: HashingOptions): Promise<string> {
  return hash(secret, {
    algorithm: argon2id,
    memoryCost: options.memoryKib,
    timeCost: options.timeCost,
    parallelism: options.parallelism,
  });
}

/** False for a wrong secret and for a malformed hash; never throws on user input. */
export async function verifySecret(phcHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(phcHash, secret);
  } catch {
    return false;
  }
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * A hash of a random secret with the same cost as real ones. Verifying against it when an
 * account does not exist makes that answer take as long as a wrong password.
 */
export function dummyHash(options: HashingOptions): Promise<string> {
  const key = `${options.memoryKib}:${options.timeCost}:${options.parallelism}`;
  let found = dummyHashes.get(key);
  if (!found) {
    found = hashSecret(randomBytes(16).toString('hex'), options);
    dummyHashes.set(key, found);
  }
  return found;
}

/** Burns the same work as one real verification, for answers that must not reveal a missing row. */
export async function verifyAgainstDummy(secret: string, options: HashingOptions): Promise<false> {
  await verifySecret(await dummyHash(options), secret);
  return false;
}

/** The demo seed's login passwords (docs/product-rules.md §8): published, so no other account may use them. */
export const demoSeedPasswords = {
  demo: 'demo123',
  merchant: 'merchant123',
  admin: 'admin123',
  support: 'support123',
} as const;
const demoPasswordSet = new Set<string>(Object.values(demoSeedPasswords));

/** True for a demo seed password in any letter case. */
export function isDemoPassword(password: string): boolean {
  return demoPasswordSet.has(password.trim().toLowerCase());
}

/** A new session token: 256 random bits, base64url. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a leaked table gives no usable token. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A uniformly random code of `digits` digits, zero-padded. */
export function newNumericCode(digits: number): string {
  return randomInt(0, 10 ** digits)
    .toString()
    .padStart(digits, '0');
}
