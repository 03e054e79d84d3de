import { access, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploads } from '../../db/schema/index.ts';
import { runHousekeeping } from '../../jobs/housekeeping.ts';
import { registerBuyer } from '../../test/fixtures.ts';
import { apiClient, failure } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { pngOf, uploadedUrl, uploadPicture } from '../../test/upload-fixtures.ts';
import { decodeSlots, Slots } from './decode-slots.ts';

let ctx: TestContext;
let dataDir: string;
const { post } = apiClient(() => ctx.app);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'crossmart-upload-limits-'));
  // Two a day and four calls a minute per user: small enough to reach in a test.
  ctx = await createTestApp({ env: { DATA_DIR: dataDir, UPLOAD_MAX_PER_DAY: '2', UPLOAD_MAX_PER_MINUTE: '4' } });
});
afterAll(() => ctx.close());

const buyer = () => registerBuyer(ctx.app);
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
const publicFile = (url: string) => path.join(dataDir, 'uploads', url.replace('/uploads/', ''));
const privateFile = (url: string) => path.join(dataDir, 'private-uploads', url.replace('/api/upload/file/', ''));

describe('per-user upload limits', () => {
  it('refuses uploads past the daily quota, then past the per-minute rate, for that user only', async () => {
    const user = await buyer();
    const picture = await pngOf();
    expect((await uploadPicture(ctx.app, user.token, picture)).code).toBe(1);
    expect((await uploadPicture(ctx.app, user.token, picture)).code).toBe(1);
    expect(failure(await uploadPicture(ctx.app, user.token, picture))).toMatchObject({
      error: 'UPLOAD_DAILY_QUOTA',
      msg: 'You have uploaded 2 pictures in the last 24 hours, the most allowed. Please try again later.',
    });
    expect(failure(await uploadPicture(ctx.app, user.token, picture, 'review', 'jp')).msg).toBe(
      '24時間以内にアップロードできる画像は 2 枚までです。しばらくしてからもう一度お試しください。',
    );
    // The fifth call in the minute (refused ones count too) meets the rate limit first.
    const limited = failure(await uploadPicture(ctx.app, user.token, picture, 'review', 'jp'));
    expect(limited.error).toBe('RATE_LIMITED');
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.userId, user.id))).toHaveLength(2);

    const other = await buyer();
    expect((await uploadPicture(ctx.app, other.token, picture)).code).toBe(1);
  });

  it('counts the last 24 hours: an upload older than a day frees a place', async () => {
    const user = await buyer();
    const picture = await pngOf('#3a3');
    const first = await uploadedUrl(ctx.app, user.token, picture);
    await uploadedUrl(ctx.app, user.token, picture);
    expect(failure(await uploadPicture(ctx.app, user.token, picture, 'review', 'jp')).msg).toBe(
      '24時間以内にアップロードできる画像は 2 枚までです。しばらくしてからもう一度お試しください。',
    );
    await ctx.database.db
      .update(uploads)
      .set({ createdAt: hoursAgo(25) })
      .where(eq(uploads.url, first));
    expect((await uploadPicture(ctx.app, user.token, picture)).code).toBe(1);
  });

  it('parallel uploads cannot pass the quota together', async () => {
    const user = await buyer();
    const picture = await pngOf('#33a');
    const answers = await Promise.all([1, 2, 3].map(() => uploadPicture(ctx.app, user.token, picture)));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(2);
    expect(answers.filter((answer) => answer.error === 'UPLOAD_DAILY_QUOTA')).toHaveLength(1);
  });
});

describe('decode slots', () => {
  it('lets two holders in, queues a third until one leaves, in arrival order, also after a failure', async () => {
    const slots = new Slots(2);
    const releases: (() => void)[] = [];
    const hold = () => slots.use(() => new Promise<void>((resolve) => releases.push(resolve)));
    const first = hold();
    const second = hold();
    const third = slots.use(() => Promise.reject(new Error('decode failed'))).catch((error: Error) => error.message);
    const fourth = hold();
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    // Two hold their slots; the third and fourth wait.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slots.active).toBe(2);
    expect(slots.waiting).toBe(2);
    releases[0]?.();
    await first;
    // The third ran (and failed), gave its slot back, and the fourth got it.
    expect(await third).toBe('decode failed');
    await vi.waitFor(() => expect(releases).toHaveLength(3));
    expect(slots.active).toBe(2);
    expect(slots.waiting).toBe(0);
    releases[1]?.();
    releases[2]?.();
    await Promise.all([second, fourth]);
    expect(slots.active).toBe(0);
  });

  it('an upload waits while two pictures are being decoded in this process', async () => {
    const user = await buyer();
    const releases: (() => void)[] = [];
    const holders = [1, 2].map(() => decodeSlots.use(() => new Promise<void>((resolve) => releases.push(resolve))));
    await vi.waitFor(() => expect(decodeSlots.active).toBe(2));
    let finished = false;
    const third = uploadPicture(ctx.app, user.token, await pngOf('#a3a')).then((answer) => {
      finished = true;
      return answer;
    });
    await vi.waitFor(() => expect(decodeSlots.waiting).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(finished).toBe(false);
    releases[0]?.();
    expect((await third).code).toBe(1);
    releases[1]?.();
    await Promise.all(holders);
  });
});

describe('orphan uploads', () => {
  it('housekeeping deletes files no row referenced within a day, and keeps referenced and young ones', async () => {
    const db = ctx.database.db;
    const owner = await buyer();
    const helper = await buyer();
    const orphan = await uploadedUrl(ctx.app, owner.token, await pngOf('#111'), 'review');
    const privateOrphan = await uploadedUrl(ctx.app, owner.token, await pngOf('#222'), 'evidence');
    const evidence = await uploadedUrl(ctx.app, helper.token, await pngOf('#333'), 'evidence');
    const avatar = await uploadedUrl(ctx.app, helper.token, await pngOf('#444'), 'avatar');
    const young = await uploadedUrl(ctx.app, (await buyer()).token, await pngOf('#555'), 'review');

    // The wallet and the profile save their references through uploads' index.ts.
    const recharge = await post(
      '/api/user/recharge',
      { method: 'bank', amount: 500, image: evidence },
      {
        token: helper.token,
      },
    );
    expect(recharge.code).toBe(1);
    expect((await post('/api/user/profile', { avatar }, { token: helper.token })).code).toBe(1);

    const old = [orphan, privateOrphan, evidence, avatar];
    await db
      .update(uploads)
      .set({ createdAt: hoursAgo(25) })
      .where(inArray(uploads.url, old));
    for (const file of [publicFile(orphan), privateFile(privateOrphan)]) expect(await exists(file)).toBe(true);
    // Resized copies cached for the public orphan and for the kept avatar.
    const copyOf = (url: string, width: number, format: string) =>
      path.join(dataDir, 'uploads', '_v', String(width), `${url.replace('/uploads/', '')}.${format}`);
    for (const [url, width, format] of [
      [orphan, 160, 'webp'],
      [orphan, 320, 'avif'],
      [avatar, 160, 'webp'],
    ] as const) {
      const copy = await ctx.app.inject({
        method: 'GET',
        url: `/uploads/_v/${width}/${url.replace('/uploads/', '')}.${format}`,
      });
      expect(copy.statusCode).toBe(200);
      expect(await exists(copyOf(url, width, format))).toBe(true);
    }

    // Other tests of this file may have left orphans too (the quota test ages an upload).
    const orphans = () =>
      db
        .select({ url: uploads.url })
        .from(uploads)
        .where(sql`${uploads.attachedAt} is null and ${uploads.createdAt} < now() - interval '1 day'`);
    const expected = (await orphans()).map((row) => row.url);
    expect(expected).toEqual(expect.arrayContaining([orphan, privateOrphan]));
    expect(expected).not.toContain(evidence);
    expect(expected).not.toContain(avatar);
    const result = await runHousekeeping(db, new Date(), {
      uploadStorage: ctx.uploadStorage,
      uploadDir: ctx.config.UPLOAD_DIR,
    });
    expect(result.orphanUploads).toBe(expected.length);
    expect(result.failed).toEqual([]);
    const left = await db
      .select({ url: uploads.url })
      .from(uploads)
      .where(inArray(uploads.url, [...old, young]));
    expect(left.map((row) => row.url).sort()).toEqual([evidence, avatar, young].sort());
    expect(await exists(publicFile(orphan))).toBe(false);
    expect(await exists(privateFile(privateOrphan))).toBe(false);
    expect(await exists(privateFile(evidence))).toBe(true);
    expect(await exists(publicFile(avatar))).toBe(true);
    // The purged picture's copies went with it; the kept one's stay.
    expect(await exists(copyOf(orphan, 160, 'webp'))).toBe(false);
    expect(await exists(copyOf(orphan, 320, 'avif'))).toBe(false);
    expect(await exists(copyOf(avatar, 160, 'webp'))).toBe(true);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/uploads/_v/160/${orphan.replace('/uploads/', '')}.webp` }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: orphan })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(200);

    // A purged picture can no longer be referenced.
    const late = await post(
      '/api/user/recharge',
      { method: 'bank', amount: 500, image: privateOrphan },
      {
        token: owner.token,
      },
    );
    expect(failure(late).error).toBe('EVIDENCE_INVALID');
    // A second run finds nothing more.
    expect((await runHousekeeping(db, new Date(), { uploadStorage: ctx.uploadStorage })).orphanUploads).toBe(0);
    expect(await orphans()).toEqual([]);
  });
});
