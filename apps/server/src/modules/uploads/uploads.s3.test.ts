import { mkdtemp, readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { loginResponseSchema, successEnvelope } from '@crossmart/contract';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.ts';
import { runHousekeeping } from '../../jobs/housekeeping.ts';
import { registerBuyer } from '../../test/fixtures.ts';
import { failure } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { pngOf, uploadedUrl } from '../../test/upload-fixtures.ts';
import { createUser, defaultHashing } from '../accounts/index.ts';
import { s3Storage } from './storage.ts';

/**
 * The S3 driver against a real S3-compatible server (s3rver, in this process on the loopback):
 * the same requests the SDK sends to MinIO or AWS, signed, path-style.
 */
const bucket = 'crossmart-test';
const prefix = 'deploy-a/';
const keys = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let server: S3rver;
let endpoint: string;
let client: S3Client;
let ctx: TestContext;
let dataDir: string;

beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'crossmart-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(root, 'bucket-store'),
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
  client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: keys });
  dataDir = path.join(root, 'data');
  ctx = await createTestApp({
    env: {
      DATA_DIR: dataDir,
      UPLOAD_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
      S3_PREFIX: prefix,
    },
  });
});
afterAll(async () => {
  await ctx.close();
  client.destroy();
  await server.close();
});

async function objectKeys(): Promise<string[]> {
  const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (answer.Contents ?? []).map((object) => object.Key ?? '');
}

async function objectBytes(key: string): Promise<Buffer> {
  const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
}

async function adminToken(): Promise<string> {
  await createUser(
    ctx.database.db,
    {
      account: 's3admin',
      password: 'secret1',
      role: 'admin',
      family_name: 'A',
      given_name: 'D',
      email: 's3admin@example.com',
      mobile: '+818011112222',
    },
    { ...defaultHashing, memoryKib: 1024, timeCost: 1 },
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { account: 's3admin', password: 'secret1' },
  });
  return successEnvelope(loginResponseSchema).parse(res.json()).data.userinfo.token;
}

const nameOf = (url: string) => url.split('/').pop() ?? '';

describe('S3-compatible storage', () => {
  it('stores public pictures in the bucket and serves them at the same /uploads/ URL', async () => {
    const user = await registerBuyer(ctx.app);
    const url = await uploadedUrl(ctx.app, user.token, await pngOf('#0a0'), 'product');
    expect(url).toMatch(/^\/uploads\/product\/[a-f0-9]{32}\.png$/);
    const key = `${prefix}public/product/${nameOf(url)}`;
    expect(await objectKeys()).toContain(key);
    // Nothing on the local disk: the bucket is the store.
    expect(await readdir(path.join(dataDir, 'uploads')).catch(() => [])).not.toContain('product');

    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(await objectBytes(key))).toBe(true);

    const missing = url.replace(/[a-f0-9]{32}/, 'f'.repeat(32));
    expect((await ctx.app.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/product/..%2f..%2fsecret' })).statusCode).toBe(404);
  });

  it('keeps proofs private: streamed through the authorized route only', async () => {
    const owner = await registerBuyer(ctx.app);
    const other = await registerBuyer(ctx.app);
    const admin = await adminToken();
    const url = await uploadedUrl(ctx.app, owner.token, await pngOf('#a00'), 'evidence');
    const key = `${prefix}private/evidence/${nameOf(url)}`;
    expect(await objectKeys()).toContain(key);

    const read = (token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? { token } : {} });
    const mine = await read(owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.rawPayload.equals(await objectBytes(key))).toBe(true);
    expect((await read(admin)).statusCode).toBe(200);
    expect(failure((await read(other.token)).json()).error).toBe('NOT_FOUND');
    expect(failure((await read()).json()).code).toBe(401);
    // Not under the public URL, whatever the store.
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/evidence/${nameOf(url)}` })).statusCode).toBe(404);
  });

  it('housekeeping deletes orphans from the bucket', async () => {
    const user = await registerBuyer(ctx.app);
    const url = await uploadedUrl(ctx.app, user.token, await pngOf('#00a'), 'review');
    const key = `${prefix}public/review/${nameOf(url)}`;
    expect(await objectKeys()).toContain(key);
    await ctx.database.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(uploads.url, url));
    const result = await runHousekeeping(ctx.database.db, new Date(), { uploadStorage: ctx.uploadStorage });
    expect(result.orphanUploads).toBe(1);
    expect(result.failed).toEqual([]);
    expect(await objectKeys()).not.toContain(key);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('the driver answers undefined for a missing object and deletes idempotently', async () => {
    const storage = s3Storage({
      endpoint,
      region: 'us-east-1',
      bucket,
      ...keys,
      forcePathStyle: true,
      prefix: 'driver/',
    });
    const object = { visibility: 'private' as const, purpose: 'evidence', name: 'a'.repeat(32) + '.png' };
    expect(await storage.get(object)).toBeUndefined();
    await storage.put(object, Buffer.from('bytes'), 'image/png');
    const body = await storage.get(object);
    expect(body?.length).toBe(5);
    const chunks: Buffer[] = [];
    for await (const chunk of body?.stream ?? []) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString()).toBe('bytes');
    await storage.delete(object);
    await storage.delete(object);
    expect(await storage.get(object)).toBeUndefined();
    storage.close();
  });
});
