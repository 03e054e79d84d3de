import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { driverError, isUniqueViolation } from './pg-errors.ts';

/** Set under `npm run test:pg`; PGlite otherwise: both drivers' errors must read the same. */
const serverUrl = readConfig().DATABASE_URL;

describe('driver errors', () => {
  let database: DatabaseHandle;
  const table = `pg_errors_${process.pid}`;

  beforeAll(async () => {
    database = await openDatabase(serverUrl ? { url: serverUrl, poolSize: 2 } : { memory: true });
    await database.db.execute(
      sql.raw(`create table ${table} (id int primary key, name text constraint ${table}_name_key unique)`),
    );
  });
  afterAll(async () => {
    await database.db.execute(sql.raw(`drop table if exists ${table}`));
    await database.close();
  });

  const failureOf = async (statement: string) => {
    try {
      await database.db.execute(sql.raw(statement));
    } catch (error) {
      return error;
    }
    throw new Error(`no error from: ${statement}`);
  };

  it('reads the SQLSTATE and the constraint of a unique violation through Drizzle’s wrapper', async () => {
    await database.db.execute(sql.raw(`insert into ${table} values (1, 'a')`));
    const error = await failureOf(`insert into ${table} values (2, 'a')`);
    expect(driverError(error)).toEqual({ code: '23505', constraint: `${table}_name_key` });
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, `${table}_name_key`)).toBe(true);
    expect(isUniqueViolation(error, `${table}_pkey`)).toBe(false);
  });

  it('tells other failures apart', async () => {
    const error = await failureOf(`insert into ${table} values (null, 'b')`);
    expect(driverError(error)?.code).toBe('23502');
    expect(isUniqueViolation(error)).toBe(false);
    expect(driverError(new Error('plain'))).toBeUndefined();
    expect(driverError({ code: 'ECONNREFUSED' })).toBeUndefined();
  });
});
