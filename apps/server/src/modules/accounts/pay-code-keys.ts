import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Config, decodeKey } from '../../config.ts';
import { verifySecret } from './passwords.ts';

/**
 * Payment codes are stored as HMAC-SHA-256 under a key that lives outside the database
 * (ADR 0011): a stolen table is useless without the key, and a check costs microseconds.
 * Stored form: `hmac-sha256$<key id>$<salt>$<mac>` (salt and mac base64url). Codes stored as
 * argon2id by older versions still verify and are rewritten on the next correct entry.
 */
export interface PayCodeKeys {
  currentId: string;
  byId: ReadonlyMap<string, Buffer>;
}

const scheme = 'hmac-sha256';
const minKeyBytes = 32;

/** Where the embedded default keeps its generated key: beside the database directory, not in it. */
export function defaultKeyFile(config: Config): string {
  return path.join(config.DATA_DIR, 'pay-code.key');
}

function readOrCreateKeyFile(file: string): Buffer {
  if (existsSync(file)) {
    const key = decodeKey(readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a key of at least ${minKeyBytes} bytes`);
    return key;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(minKeyBytes);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

/** Tests without a configured key share one random key per process (several apps, one process). */
let processTestKey: Buffer | undefined;
const loaded = new WeakMap<Config, PayCodeKeys>();

/**
 * The key ring of a configuration: PAY_CODE_KEY (or the file PAY_CODE_KEY_FILE, a mounted secret)
 * under PAY_CODE_KEY_ID, plus PAY_CODE_PREVIOUS_KEYS (`id:key,…`) that still verify during a
 * rotation. Production requires a key (config.ts); development generates one into DATA_DIR.
 */
export function payCodeKeys(config: Config): PayCodeKeys {
  const found = loaded.get(config);
  if (found) return found;
  let current: Buffer;
  if (config.PAY_CODE_KEY) current = config.PAY_CODE_KEY;
  else if (config.PAY_CODE_KEY_FILE) current = readOrCreateKeyFile(config.PAY_CODE_KEY_FILE);
  else if (config.NODE_ENV === 'test') {
    processTestKey ??= randomBytes(minKeyBytes);
    current = processTestKey;
  } else current = readOrCreateKeyFile(defaultKeyFile(config));
  const byId = new Map(config.PAY_CODE_PREVIOUS_KEYS);
  byId.set(config.PAY_CODE_KEY_ID, current);
  const keys = { currentId: config.PAY_CODE_KEY_ID, byId };
  loaded.set(config, keys);
  return keys;
}

function mac(key: Buffer, salt: Buffer, code: string): Buffer {
  return createHmac('sha256', key).update(salt).update(code, 'utf8').digest();
}

/** The stored form of a new payment code under the current key, with a fresh per-user salt. */
export function hashPayCode(code: string, keys: PayCodeKeys): string {
  const key = keys.byId.get(keys.currentId);
  if (!key) throw new Error('the current pay-code key is missing from the key ring');
  const salt = randomBytes(16);
  return [scheme, keys.currentId, salt.toString('base64url'), mac(key, salt, code).toString('base64url')].join('$');
}

export interface PayCodeCheck {
  ok: boolean;
  /** Set when the code was right but is stored in an older form or under an older key. */
  upgraded?: string;
}

/** Checks a code against its stored form; never throws on user input or a malformed row. */
export async function checkPayCode(stored: string, code: string, keys: PayCodeKeys): Promise<PayCodeCheck> {
  if (stored.startsWith('$argon2')) {
    const ok = await verifySecret(stored, code);
    return ok ? { ok, upgraded: hashPayCode(code, keys) } : { ok };
  }
  const [kind, keyId, salt, expected] = stored.split('$');
  const key = keyId === undefined ? undefined : keys.byId.get(keyId);
  if (kind !== scheme || !key || salt === undefined || expected === undefined) return { ok: false };
  const actual = mac(key, Buffer.from(salt, 'base64url'), code);
  const wanted = Buffer.from(expected, 'base64url');
  const ok = actual.length === wanted.length && timingSafeEqual(actual, wanted);
  return ok && keyId !== keys.currentId ? { ok, upgraded: hashPayCode(code, keys) } : { ok };
}
