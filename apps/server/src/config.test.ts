import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

describe('config', () => {
  it('applies defaults: port 3000, embedded database, demo seed on, JPY, Tokyo', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
    expect(config.CURRENCY).toBe('JPY');
    expect(config.TIME_ZONE).toBe('Asia/Tokyo');
  });

  it('treats empty strings as unset and parses booleans', () => {
    const config = parseConfig({ DATABASE_URL: '', SEED_DEMO: 'false', PORT: '8080' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(false);
    expect(config.PORT).toBe(8080);
  });

  it('fails fast with the list of every bad key', () => {
    let error: unknown;
    try {
      parseConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db/x',
        SEED_DEMO: 'maybe',
        CURRENCY: 'yen',
        LOG_LEVEL: 'loud',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const configError = error as ConfigError;
    expect(configError.keys.sort()).toEqual(['CURRENCY', 'DATABASE_URL', 'LOG_LEVEL', 'PORT', 'SEED_DEMO']);
    expect(configError.message).toMatch(/^Invalid configuration:\n/);
    for (const key of configError.keys) expect(configError.message).toContain(`  ${key}: `);
  });

  it('stores uploads on the local disk by default; the S3 store needs its bucket and keys', () => {
    const local = parseConfig({});
    expect(local).toMatchObject({ UPLOAD_STORAGE: 'local', S3_FORCE_PATH_STYLE: true, S3_PREFIX: '' });
    expect(local).toMatchObject({ UPLOAD_MAX_PER_MINUTE: 20, UPLOAD_MAX_PER_DAY: 200 });
    let error: unknown;
    try {
      parseConfig({ UPLOAD_STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).keys.sort()).toEqual(['S3_ACCESS_KEY_ID', 'S3_BUCKET', 'S3_SECRET_ACCESS_KEY']);
    const s3 = parseConfig({
      UPLOAD_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'crossmart',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(s3).toMatchObject({ UPLOAD_STORAGE: 's3', S3_BUCKET: 'crossmart', S3_FORCE_PATH_STYLE: false });
    expect(() => parseConfig({ S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
  });

  it('refuses the order test clock in production', () => {
    expect(parseConfig({ ORDER_TEST_CLOCK: 'true', NODE_ENV: 'test' }).ORDER_TEST_CLOCK).toBe(true);
    expect(() => parseConfig({ ORDER_TEST_CLOCK: 'true', NODE_ENV: 'production' })).toThrow(/ORDER_TEST_CLOCK/);
  });

  it('runs housekeeping hourly by default; 0 turns it off, negatives are refused', () => {
    expect(parseConfig({}).HOUSEKEEPING_INTERVAL_MS).toBe(3_600_000);
    expect(parseConfig({ HOUSEKEEPING_INTERVAL_MS: '0' }).HOUSEKEEPING_INTERVAL_MS).toBe(0);
    expect(() => parseConfig({ HOUSEKEEPING_INTERVAL_MS: '-1' })).toThrow(/HOUSEKEEPING_INTERVAL_MS/);
  });

  it('accepts postgres and redis URLs', () => {
    const config = parseConfig({ DATABASE_URL: 'postgresql://u@h:5432/db', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(config.DATABASE_URL).toBe('postgresql://u@h:5432/db');
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
  });
});
