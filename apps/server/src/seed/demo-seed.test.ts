import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../bootstrap.ts';
import { readConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { appMeta, languages } from '../db/schema/index.ts';
import { payCodeKeys } from '../modules/accounts/index.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { type SeedPart, seedDemoIfEmpty } from './demo-seed.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;
const uploadDir = path.join(tmpdir(), 'crossmart-seed-test');

const config = readConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const payCodes = payCodeKeys(config);

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase(config));
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('demo seed', () => {
  it('does not seed when SEED_DEMO is off, but still loads reference data', async () => {
    const runs: string[] = [];
    const part: SeedPart = { name: 'probe', run: async () => void runs.push('probe') };
    expect(await prepareDatabase(database, { seedDemo: false, seedParts: [part], uploadDir, payCodes })).toEqual({
      seeded: false,
    });
    expect(runs).toEqual([]);
    expect(await database.db.$count(languages)).toBe(34);
  });

  it('runs every part in order once on an empty database, and never again', async () => {
    const runs: string[] = [];
    const parts: SeedPart[] = [
      { name: 'first', run: async () => void runs.push('first') },
      { name: 'second', run: async () => void runs.push('second') },
    ];
    expect(await prepareDatabase(database, { seedDemo: true, seedParts: parts, uploadDir, payCodes })).toEqual({
      seeded: true,
    });
    expect(await prepareDatabase(database, { seedDemo: true, seedParts: parts, uploadDir, payCodes })).toEqual({
      seeded: false,
    });
    expect(runs).toEqual(['first', 'second']);
    const [marker] = await database.db.select().from(appMeta).where(eq(appMeta.key, 'demo_seed'));
    expect(marker?.value).toMatchObject({ parts: ['first', 'second'] });
  });

  it('leaves nothing behind when a part fails, so the next start seeds again', async () => {
    await database.db.delete(appMeta).where(eq(appMeta.key, 'demo_seed'));
    const failing: SeedPart = {
      name: 'broken',
      run: async (db) => {
        await db.insert(appMeta).values({ key: 'half_done', value: true });
        throw new Error('seed part failed');
      },
    };
    await expect(seedDemoIfEmpty(database.db, { uploadDir, payCodes }, [failing])).rejects.toThrow('seed part failed');
    expect(await database.db.$count(appMeta)).toBe(0);
  });
});
