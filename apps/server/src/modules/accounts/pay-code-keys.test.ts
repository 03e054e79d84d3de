import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../config.ts';
import { hashSecret } from './passwords.ts';
import { checkPayCode, defaultKeyFile, hashPayCode, type PayCodeKeys, payCodeKeys } from './pay-code-keys.ts';

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const ringA: PayCodeKeys = { currentId: 'a', byId: new Map([['a', keyA]]) };
const rotated: PayCodeKeys = {
  currentId: 'b',
  byId: new Map([
    ['a', keyA],
    ['b', keyB],
  ]),
};

describe('payment codes under a keyed hash', () => {
  it('stores the key id and a fresh salt, and checks the code', async () => {
    const first = hashPayCode('482915', ringA);
    const second = hashPayCode('482915', ringA);
    expect(first).toMatch(/^hmac-sha256\$a\$[\w-]{22}\$[\w-]{43}$/);
    expect(second).not.toBe(first);
    expect(await checkPayCode(first, '482915', ringA)).toEqual({ ok: true });
    expect(await checkPayCode(first, '482916', ringA)).toEqual({ ok: false });
    expect(await checkPayCode(first, '4829150', ringA)).toEqual({ ok: false });
  });

  it('is useless without the key: another key never accepts the code', async () => {
    const stored = hashPayCode('482915', ringA);
    const other: PayCodeKeys = { currentId: 'a', byId: new Map([['a', keyB]]) };
    expect(await checkPayCode(stored, '482915', other)).toEqual({ ok: false });
  });

  it('moves a code under a retired key to the current one on a correct entry', async () => {
    const stored = hashPayCode('482915', ringA);
    const check = await checkPayCode(stored, '482915', rotated);
    expect(check.ok).toBe(true);
    expect(check.upgraded).toMatch(/^hmac-sha256\$b\$/);
    expect(await checkPayCode(check.upgraded ?? '', '482915', rotated)).toEqual({ ok: true });
    expect(await checkPayCode(stored, '000000', rotated)).toEqual({ ok: false });
  });

  it('refuses a code stored under a key it does not hold', async () => {
    const stored = hashPayCode('482915', rotated);
    expect(await checkPayCode(stored, '482915', ringA)).toEqual({ ok: false });
  });

  it('accepts an argon2id code of an older version once, and hands back its keyed form', async () => {
    const legacy = await hashSecret('482915', { memoryKib: 1024, timeCost: 1, parallelism: 1 });
    const check = await checkPayCode(legacy, '482915', ringA);
    expect(check.ok).toBe(true);
    expect(check.upgraded).toMatch(/^hmac-sha256\$a\$/);
    expect(await checkPayCode(legacy, '111111', ringA)).toEqual({ ok: false });
  });

  it('never throws on a malformed stored value', async () => {
    for (const stored of ['', 'hmac-sha256', 'hmac-sha256$a$$', '$argon2id$broken', 'plain']) {
      expect((await checkPayCode(stored, '482915', ringA)).ok).toBe(false);
    }
  });
});

describe('where the key comes from', () => {
  it('is required in production', () => {
    const attempt = () => parseConfig({ NODE_ENV: 'production', SEED_DEMO: 'false' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      expect((error as ConfigError).keys).toContain('PAY_CODE_KEY');
    }
  });

  it('refuses a short key and takes a hex key with older keys for rotation', () => {
    expect(() => parseConfig({ PAY_CODE_KEY: 'abcd' })).toThrow(/PAY_CODE_KEY/);
    const config = parseConfig({
      NODE_ENV: 'test',
      PAY_CODE_KEY: keyB.toString('hex'),
      PAY_CODE_KEY_ID: 'b',
      PAY_CODE_PREVIOUS_KEYS: `a:${keyA.toString('base64url')}`,
    });
    const keys = payCodeKeys(config);
    expect(keys.currentId).toBe('b');
    expect(keys.byId.get('a')?.equals(keyA)).toBe(true);
    expect(keys.byId.get('b')?.equals(keyB)).toBe(true);
  });

  it('generates the embedded default once into its own file beside the database, readable by the owner only', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'crossmart-keys-'));
    const first = payCodeKeys(parseConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }));
    const file = defaultKeyFile(parseConfig({ DATA_DIR: dataDir }));
    expect(path.dirname(file)).toBe(dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = payCodeKeys(parseConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }));
    expect(again.byId.get('k1')?.equals(first.byId.get('k1') ?? Buffer.alloc(0))).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.byId.get('k1')?.toString('hex'));
  });
});
