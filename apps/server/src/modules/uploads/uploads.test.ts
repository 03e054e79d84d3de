import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { failureEnvelopeSchema, loginResponseSchema, successEnvelope, uploadResultSchema } from '@crossmart/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createUser, defaultHashing } from '../accounts/index.ts';

let ctx: TestContext;
let dataDir: string;
type Body = { code: number; msg: string; data: unknown; error?: string; fields?: Record<string, string> };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'crossmart-uploads-'));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(() => ctx.close());

let sequence = 0;
async function login(role: 'buyer' | 'admin' = 'buyer') {
  sequence += 1;
  const account = `up${role}${sequence}`;
  await createUser(
    ctx.database.db,
    {
      account,
      password: 'secret1',
      role,
      family_name: 'T',
      given_name: 'U',
      email: `${account}@example.com`,
      mobile: `+8160${String(sequence).padStart(8, '0')}`,
    },
    { ...defaultHashing, memoryKib: 1024, timeCost: 1 },
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { account, password: 'secret1' },
  });
  return successEnvelope(loginResponseSchema).parse(res.json()).data.userinfo.token;
}

async function upload(
  token: string,
  file: Buffer,
  options: { purpose?: string; filename?: string; type?: string; lang?: string } = {},
) {
  const boundary = '----crossmartupload';
  const parts: Buffer[] = [];
  if (options.purpose !== '') {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${options.purpose ?? 'review'}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename ?? 'a.png'}"\r\nContent-Type: ${options.type ?? 'image/png'}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { token, lang: options.lang ?? 'en', 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Body;
}
const failure = (body: unknown) => failureEnvelopeSchema.parse(body);
const png = (width = 16, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

/** A valid tiny PNG whose header claims 30000 × 30000 pixels (900 MP): a decompression bomb. */
async function pixelBomb(): Promise<Buffer> {
  const file = Buffer.from(await png(1, 1));
  file.writeUInt32BE(30_000, 16);
  file.writeUInt32BE(30_000, 20);
  file.writeUInt32BE(crc32(file.subarray(12, 29)), 29);
  return file;
}

describe('POST /api/upload', () => {
  it('stores a re-encoded picture under a random name and serves public ones at /uploads/', async () => {
    const token = await login();
    const body = await upload(token, await png(), { filename: '../../etc/passwd.png' });
    const data = successEnvelope(uploadResultSchema).parse(body).data;
    expect(body.msg).toBe('Upload successful');
    expect(data.url).toMatch(/^\/uploads\/review\/[a-f0-9]{32}\.png$/);
    expect(data).toMatchObject({ width: 16, height: 16 });
    const served = await ctx.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('serves resized AVIF and WebP copies of a public picture, keeps a placeholder, and none of a private one', async () => {
    const token = await login();
    const data = successEnvelope(uploadResultSchema).parse(
      await upload(token, await png(800, 400), { purpose: 'product' }),
    ).data;
    const stored = data.url.replace('/uploads/', '');
    const avif = await ctx.app.inject({ method: 'GET', url: `/uploads/_v/320/${stored}.avif` });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ width: 320, height: 160 });
    // Above the original's width: the original's size, never enlarged; the second answer is the cached file.
    for (let i = 0; i < 2; i += 1) {
      const webp = await ctx.app.inject({ method: 'GET', url: `/uploads/_v/960/${stored}.webp` });
      expect(webp.headers['content-type']).toBe('image/webp');
      expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800 });
    }
    for (const url of [
      `/uploads/_v/321/${stored}.webp`,
      `/uploads/_v/320/${stored}.gif`,
      '/uploads/_v/320/product/nothere.png.webp',
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.url, data.url));
    expect(row?.placeholder).toMatch(/^data:image\/webp;base64,/);

    const proof = successEnvelope(uploadResultSchema).parse(
      await upload(token, await png(64, 64), { purpose: 'evidence' }),
    ).data;
    const name = proof.url.split('/').pop();
    const privateCopy = await ctx.app.inject({ method: 'GET', url: `/uploads/_v/160/evidence/${name}.webp` });
    expect(privateCopy.statusCode).toBe(404);
    const [privateRow] = await ctx.database.db.select().from(uploads).where(eq(uploads.url, proof.url));
    expect(privateRow?.placeholder).toBeNull();
  });

  it('removes EXIF metadata from stored images', async () => {
    const token = await login();
    const jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#3c3' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'SECRET-EXIF-MARKER', Artist: 'Someone' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(jpeg.includes('SECRET-EXIF-MARKER')).toBe(true);
    const data = successEnvelope(uploadResultSchema).parse(
      await upload(token, jpeg, { filename: 'p.jpg', type: 'image/jpeg' }),
    ).data;
    expect(data.url).toMatch(/\.jpg$/);
    const stored = await readFile(path.join(dataDir, 'uploads', data.url.replace('/uploads/', '')));
    expect(stored.includes('SECRET-EXIF-MARKER')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.format).toBe('jpeg');
  });

  it('refuses a renamed HTML file and an SVG, whatever their name and declared type', async () => {
    const token = await login();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
    );
    for (const [file, name] of [
      [html, 'photo.png'],
      [svg, 'icon.svg'],
      [svg, 'picture.jpg'],
    ] as const) {
      expect(failure(await upload(token, file, { filename: name }))).toMatchObject({
        error: 'UPLOAD_TYPE_NOT_ALLOWED',
        msg: 'Only JPEG, PNG or WebP pictures can be uploaded.',
      });
    }
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(failure(await upload(token, gif)).error).toBe('UPLOAD_TYPE_NOT_ALLOWED');
    const jp = failure(await upload(token, html, { lang: 'jp' }));
    expect(jp.msg).toBe('アップロードできるのは JPEG・PNG・WebP の画像のみです。');
  });

  it('accepts a picture of several megabytes (above the JSON body limit, under 5 MB)', async () => {
    const token = await login();
    const noise = Buffer.alloc(1100 * 1000 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1100, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(ctx.config.BODY_LIMIT_BYTES);
    expect(big.length).toBeLessThan(5 * 1024 * 1024);
    const data = successEnvelope(uploadResultSchema).parse(await upload(token, big)).data;
    expect(data).toMatchObject({ width: 1100, height: 1000 });
  });

  it('refuses a file over 5 MB', async () => {
    const token = await login();
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    expect(failure(await upload(token, big))).toMatchObject({
      error: 'UPLOAD_TOO_LARGE',
      msg: 'The picture is too large. The limit is 5 MB.',
    });
  });

  it('refuses a pixel bomb before decoding it', async () => {
    const token = await login();
    const started = Date.now();
    expect(failure(await upload(token, await pixelBomb()))).toMatchObject({
      error: 'UPLOAD_TOO_MANY_PIXELS',
      msg: 'The picture has too many pixels. Please upload a smaller one.',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a truncated image, a missing file, a bad purpose and visitors', async () => {
    const token = await login();
    const whole = await png(64, 64);
    expect(failure(await upload(token, whole.subarray(0, 60))).error).toBe('UPLOAD_INVALID_IMAGE');
    expect(failure(await upload(token, Buffer.alloc(0))).error).toBe('UPLOAD_MISSING_FILE');
    expect(failure(await upload(token, whole, { purpose: 'secret' })).fields?.purpose).toBe(
      'Please choose one of the offered options.',
    );
    expect(failure(await upload('', whole)).code).toBe(401);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { token },
      payload: { file: 'x' },
    });
    expect(failure(json.json()).error).toBe('UPLOAD_MISSING_FILE');
  });
});

describe('private proofs', () => {
  it('evidence is readable by its owner and admins only, never statically', async () => {
    const owner = await login();
    const other = await login();
    const admin = await login('admin');
    const data = successEnvelope(uploadResultSchema).parse(
      await upload(owner, await png(), { purpose: 'evidence' }),
    ).data;
    expect(data.url).toMatch(/^\/api\/upload\/file\/evidence\/[a-f0-9]{32}\.png$/);
    const name = data.url.split('/').pop() ?? '';
    expect(await readdir(path.join(dataDir, 'private-uploads', 'evidence'))).toContain(name);
    const read = (token: string) => ctx.app.inject({ method: 'GET', url: data.url, headers: { token } });
    const mine = await read(owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await read(admin)).statusCode).toBe(200);
    expect(failure((await read(other)).json()).error).toBe('NOT_FOUND');
    expect(failure((await ctx.app.inject({ method: 'GET', url: data.url })).json()).code).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/evidence/${name}` })).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.url, data.url));
    expect(row).toMatchObject({ isPrivate: true, purpose: 'evidence', mime: 'image/png' });
  });
});
