import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

/** The production refusals of issue 17 (demo data, shared limits, proxy trust). */
function keysOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.keys;
    throw error;
  }
  return [];
}

/** A production environment with everything else it requires, so each test names only its own key. */
const payCodeKey = { PAY_CODE_KEY: 'ab'.repeat(32) };
const production = { NODE_ENV: 'production', REDIS_URL: 'redis://127.0.0.1:6379', ...payCodeKey };

describe('production configuration', () => {
  it('does not seed demo accounts in production unless asked, and refuses to be asked', () => {
    expect(parseConfig(production).SEED_DEMO).toBe(false);
    expect(keysOf({ ...production, SEED_DEMO: 'true' })).toEqual(['SEED_DEMO']);
    expect(parseConfig({ ...production, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    // Development keeps the demo on by default.
    expect(parseConfig({}).SEED_DEMO).toBe(true);
  });

  it('requires Redis in production, so that the limits hold across instances', () => {
    expect(keysOf({ NODE_ENV: 'production', ...payCodeKey })).toEqual(['REDIS_URL']);
    expect(keysOf({ NODE_ENV: 'development' })).toEqual([]);
  });

  it('takes TRUST_PROXY as a hop count or a list of proxy addresses, never "trust everything"', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.0.1.0/24']);
    expect(keysOf({ TRUST_PROXY: 'true' })).toEqual(['TRUST_PROXY']);
    expect(keysOf({ TRUST_PROXY: 'yes' })).toEqual(['TRUST_PROXY']);
    expect(keysOf({ TRUST_PROXY: 'not an address' })).toEqual(['TRUST_PROXY']);
  });

  it('has an absolute session lifetime of 30 days by default', () => {
    expect(parseConfig({}).SESSION_MAX_DAYS).toBe(30);
    expect(keysOf({ SESSION_MAX_DAYS: '0' })).toEqual(['SESSION_MAX_DAYS']);
  });
});
