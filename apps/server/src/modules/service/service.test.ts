import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  type SupportMessage,
  supportInboxSchema,
  supportMessagePageSchema,
  supportMessageSchema,
  supportReadResultSchema,
  supportTicketSchema,
  uploadResultSchema,
} from '@crossmart/contract';
import { eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { supportStreamTickets } from '../../db/schema/index.ts';
import { openRedis } from '../../redis.ts';
import { type Buyer, call, expectOk, newBuyer, newUserWithRole } from '../../test/commerce-fixtures.ts';
import { type OpenStream, openEventStream } from '../../test/event-stream-client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let db: Database;
let admin: Buyer;
/** A second server instance on the same database; with Redis (test:pg) it is a separate app. */
let other: App;
let otherRedis: Redis | undefined;
let baseA = '';
let baseB = '';
const namespace = `crossmart-support-${randomBytes(4).toString('hex')}`;

const baseOf = (app: App) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/**
 * Building an app blocks the event loop for a while on a loaded machine, and under-pressure then
 * answers 503 until its next sample: wait for the health check, as a load balancer would.
 */
async function untilHealthy(app: App): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the app never became healthy');
}

beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crossmart-support-'));
  ctx = await createTestApp({ env: { DATA_DIR: dir }, redisNamespace: namespace });
  db = ctx.database.db;
  admin = await newUserWithRole(ctx.app, db, 'admin');
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  baseA = baseOf(ctx.app);
  if (ctx.config.REDIS_URL) {
    otherRedis = openRedis(ctx.config.REDIS_URL);
    other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      redis: otherRedis,
      redisNamespace: namespace,
    });
    await other.listen({ host: '127.0.0.1', port: 0 });
  } else {
    // Without Redis one process works alone: the "other" instance is the same one.
    other = ctx.app;
  }
  baseB = baseOf(other);
  await untilHealthy(ctx.app);
  await untilHealthy(other);
});
afterAll(async () => {
  if (other !== ctx.app) await other.close();
  await otherRedis?.quit();
  await ctx.close();
});

const send = (user: Buyer, body: string, kind: 'text' | 'image' = 'text') =>
  call(ctx.app, 'POST', '/api/service/send', user.token, supportMessageSchema, { kind, body });
const reply = (userId: number, body: string, kind: 'text' | 'image' = 'text') =>
  call(ctx.app, 'POST', '/api/admin/service_reply', admin.token, supportMessageSchema, { user_id: userId, kind, body });
const ticket = async (user: Buyer, app: App = ctx.app) =>
  expectOk(await call(app, 'POST', '/api/service/ticket', user.token, supportTicketSchema)).ticket;
const streamUrl = (base: string, value: string) => `${base}/api/service/stream?ticket=${encodeURIComponent(value)}`;

async function stream(user: Buyer, base: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const opened = await openEventStream(streamUrl(base, await ticket(user)), headers);
  expect(opened.status).toBe(200);
  return opened;
}
const messageOf = async (opened: OpenStream, timeoutMs = 1000): Promise<SupportMessage> => {
  const event = await opened.next(timeoutMs);
  expect(event.event).toBe('message');
  const message = supportMessageSchema.parse(JSON.parse(event.data));
  expect(event.id).toBe(String(message.id));
  return message;
};

async function upload(token: string): Promise<string> {
  const png = await sharp({ create: { width: 6, height: 6, channels: 3, background: '#f50' } })
    .png()
    .toBuffer();
  const boundary = '----support';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nservice\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return uploadResultSchema.parse(res.json().data).url;
}
const fetchPicture = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: { token } });

describe('live delivery', () => {
  it('a message sent to one instance reaches streams held by the other within 1 s, unbuffered', async () => {
    const user = await newBuyer(ctx.app, db);
    const userStream = await stream(user, baseB);
    const agentStream = await stream(admin, baseA);
    expect(userStream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(userStream.headers['cache-control']).toContain('no-transform');
    expect(userStream.headers['x-accel-buffering']).toBe('no');
    // The hijacked reply writes its own head: the security headers and the request id must be in it.
    expect(userStream.headers['content-security-policy']).toContain("default-src 'self'");
    expect(userStream.headers['x-content-type-options']).toBe('nosniff');
    expect(userStream.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);

    const sent = expectOk(await send(user, 'My recharge has not arrived'));
    expect(await messageOf(agentStream)).toEqual(sent);
    expect(await messageOf(userStream)).toEqual(sent);

    const answer = expectOk(await reply(user.id, 'Let me check that for you'));
    const received = await messageOf(userStream);
    expect(received).toEqual(answer);
    expect(received).toMatchObject({ sender: 'agent', agent_name: 'Yamada Hanako', user_id: user.id });
    userStream.close();
    agentStream.close();
  });

  it('replays what a reconnecting stream missed after its Last-Event-ID, then goes on live', async () => {
    const user = await newBuyer(ctx.app, db);
    const first = await stream(user, baseA);
    const seen = expectOk(await send(user, 'one'));
    expect((await messageOf(first)).id).toBe(seen.id);
    first.close();

    const missed = [expectOk(await reply(user.id, 'two')), expectOk(await send(user, 'three'))];
    const again = await stream(user, baseB, { 'last-event-id': String(seen.id) });
    expect(await messageOf(again)).toEqual(missed[0]);
    expect(await messageOf(again)).toEqual(missed[1]);
    const live = expectOk(await reply(user.id, 'four'));
    expect(await messageOf(again)).toEqual(live);
    again.close();

    // The same with the `last_id` query parameter (what the web client sends with a new ticket).
    const byQuery = await openEventStream(`${streamUrl(baseA, await ticket(user))}&last_id=${missed[0]?.id}`);
    expect((await messageOf(byQuery)).body).toBe('three');
    expect((await messageOf(byQuery)).body).toBe('four');
    byQuery.close();
  });
});

describe('stream tickets', () => {
  it('are single-use, short-lived and required', async () => {
    const user = await newBuyer(ctx.app, db);
    const value = await ticket(user);
    const first = await openEventStream(streamUrl(baseA, value));
    expect(first.status).toBe(200);
    first.close();
    const again = await ctx.app.inject({ method: 'GET', url: `/api/service/stream?ticket=${value}` });
    expect(again.json()).toMatchObject({ code: 0, error: 'SUPPORT_TICKET_INVALID' });

    const expiring = await ticket(user);
    await db.update(supportStreamTickets).set({ expiresAt: sql`now() - interval '1 second'` });
    const expired = await ctx.app.inject({ method: 'GET', url: `/api/service/stream?ticket=${expiring}` });
    expect(expired.json()).toMatchObject({ code: 0, error: 'SUPPORT_TICKET_INVALID' });

    expect((await ctx.app.inject({ method: 'GET', url: '/api/service/stream' })).json()).toMatchObject({
      error: 'VALIDATION_FAILED',
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/service/stream?ticket=made-up' })).json()).toMatchObject({
      error: 'SUPPORT_TICKET_INVALID',
    });
    // The ticket is stored hashed: the table never holds the value itself.
    const rows = await db.select().from(supportStreamTickets).where(eq(supportStreamTickets.userId, user.id));
    expect(rows.map((row) => row.hash)).not.toContain(expiring);
    expect(await call(ctx.app, 'POST', '/api/service/ticket', undefined, supportTicketSchema)).toMatchObject({
      code: 401,
    });
  });
});

describe('privacy', () => {
  it('a user reads and streams only their own conversation; the admin API is for admins', async () => {
    const alice = await newBuyer(ctx.app, db);
    const bob = await newBuyer(ctx.app, db);
    const bobStream = await stream(bob, baseB);
    expectOk(await send(alice, 'alice private'));
    expectOk(await reply(alice.id, 'for alice only'));
    const own = expectOk(await send(bob, 'bob here'));
    // Bob's stream's first event is his own message: Alice's were never sent to him.
    expect(await messageOf(bobStream)).toEqual(own);
    bobStream.close();

    const bobPage = expectOk(await call(ctx.app, 'GET', '/api/service/messages', bob.token, supportMessagePageSchema));
    expect(bobPage.list.map((m) => m.body)).toEqual(['bob here']);
    const alicePage = expectOk(
      await call(ctx.app, 'GET', '/api/service/messages', alice.token, supportMessagePageSchema),
    );
    expect(alicePage).toMatchObject({ has_more: false, unread: 1 });
    expect(alicePage.list.map((m) => [m.sender, m.body])).toEqual([
      ['user', 'alice private'],
      ['agent', 'for alice only'],
    ]);

    for (const url of ['/api/admin/service_inbox', `/api/admin/service_messages?user_id=${alice.id}`]) {
      expect(await call(ctx.app, 'GET', url, bob.token, supportInboxSchema)).toMatchObject({ error: 'FORBIDDEN' });
    }
    expect(
      await call(ctx.app, 'POST', '/api/admin/service_reply', bob.token, supportMessageSchema, {
        user_id: alice.id,
        kind: 'text',
        body: 'spoof',
      }),
    ).toMatchObject({ error: 'FORBIDDEN' });
    // An agent answers only an existing conversation.
    const silent = await newBuyer(ctx.app, db);
    expect(await reply(silent.id, 'hello?')).toMatchObject({ ok: false, error: 'NOT_FOUND' });
  });

  it('pictures are private to the conversation’s user and admins, and only one’s own upload can be sent', async () => {
    const alice = await newBuyer(ctx.app, db);
    const bob = await newBuyer(ctx.app, db);
    const picture = await upload(alice.token);
    expect(picture).toMatch(/^\/api\/upload\/file\/service\/[a-f0-9]{32}\.png$/);
    expect(expectOk(await send(alice, picture, 'image'))).toMatchObject({ kind: 'image', body: picture });
    expect(await send(bob, picture, 'image')).toMatchObject({ ok: false, error: 'SUPPORT_PICTURE_INVALID' });
    expect(await send(bob, '/uploads/product/x.png', 'image')).toMatchObject({ error: 'SUPPORT_PICTURE_INVALID' });

    expect((await fetchPicture(picture, alice.token)).headers['content-type']).toBe('image/png');
    expect((await fetchPicture(picture, admin.token)).statusCode).toBe(200);
    expect((await fetchPicture(picture, bob.token)).json()).toMatchObject({ code: 0, error: 'NOT_FOUND' });

    // An agent's picture in Alice's conversation: Alice may see it, Bob may not.
    const agentPicture = await upload(admin.token);
    expectOk(await reply(alice.id, agentPicture, 'image'));
    expect((await fetchPicture(agentPicture, alice.token)).headers['content-type']).toBe('image/png');
    expect((await fetchPicture(agentPicture, bob.token)).json()).toMatchObject({ error: 'NOT_FOUND' });
    // Bob cannot make it his by sending it: it is not his upload.
    expect(await send(bob, agentPicture, 'image')).toMatchObject({ error: 'SUPPORT_PICTURE_INVALID' });
  });
});

describe('admin inbox', () => {
  it('lists unread conversations first, then by last message; reading and replying clear the count', async () => {
    const quiet = await newBuyer(ctx.app, db);
    const waiting = await newBuyer(ctx.app, db);
    expectOk(await send(waiting, 'first question'));
    expectOk(await send(quiet, 'thanks'));
    expectOk(await reply(quiet.id, 'you are welcome'));
    expectOk(await send(waiting, 'second question'));
    const inbox = async () =>
      expectOk(await call(ctx.app, 'GET', '/api/admin/service_inbox', admin.token, supportInboxSchema)).list;
    const rows = await inbox();
    const waitingRow = rows.find((row) => row.user_id === waiting.id);
    const quietRow = rows.find((row) => row.user_id === quiet.id);
    expect(waitingRow).toMatchObject({ agent_unread: 2, last_message: { body: 'second question' } });
    expect(quietRow).toMatchObject({ agent_unread: 0, last_message: { sender: 'agent' } });
    const firstRead = rows.findIndex((row) => row.agent_unread === 0);
    expect(rows.slice(firstRead).every((row) => row.agent_unread === 0)).toBe(true);
    expect(rows.findIndex((row) => row.user_id === waiting.id)).toBeLessThan(firstRead);

    expectOk(
      await call(ctx.app, 'POST', '/api/admin/service_read', admin.token, supportReadResultSchema, {
        user_id: waiting.id,
      }),
    );
    expect((await inbox()).find((row) => row.user_id === waiting.id)?.agent_unread).toBe(0);
    const page = expectOk(
      await call(
        ctx.app,
        'GET',
        `/api/admin/service_messages?user_id=${waiting.id}`,
        admin.token,
        supportMessagePageSchema,
      ),
    );
    expect(page.list.map((m) => m.body)).toEqual(['first question', 'second question']);
  });

  it('pages a long conversation back with before_id', async () => {
    const user = await newBuyer(ctx.app, db);
    for (let i = 1; i <= 35; i += 1) expectOk(await send(user, `m${i}`));
    const first = expectOk(await call(ctx.app, 'GET', '/api/service/messages', user.token, supportMessagePageSchema));
    expect(first.has_more).toBe(true);
    expect(first.list).toHaveLength(30);
    expect(first.list[0]?.body).toBe('m6');
    expect(first.list.at(-1)?.body).toBe('m35');
    const older = expectOk(
      await call(
        ctx.app,
        'GET',
        `/api/service/messages?before_id=${first.list[0]?.id}`,
        user.token,
        supportMessagePageSchema,
      ),
    );
    expect(older).toMatchObject({ has_more: false });
    expect(older.list.map((m) => m.body)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });
});
