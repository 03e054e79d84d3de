import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../db/schema/index.ts';
import { type Buyer, newBuyer, payCode } from '../test/commerce-fixtures.ts';
import { apiClient, failure } from '../test/http.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/** Issue 20 items 3 and 6: structured logs with request, user and route; an audit line per money movement; metrics. */
const lines: Record<string, unknown>[] = [];
const metricsToken = 'metrics-token-for-tests-0123456789';
let ctx: TestContext;
let buyer: Buyer;
const api = apiClient(() => ctx.app);
const bank = { type: 'bank', bank_card: '6222020000000000', bank_name: 'MUFG', holder: 'Taro' };

beforeAll(async () => {
  ctx = await createTestApp({
    env: { LOG_LEVEL: 'info', METRICS_TOKEN: metricsToken },
    logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  buyer = await newBuyer(ctx.app, ctx.database.db, 5000);
});
afterAll(() => ctx.close());

const completed = (path: string) => lines.filter((line) => line.msg === 'request completed' && line.path === path);

describe('request logs', () => {
  it('write one JSON line per request with the request id, the route and the user', async () => {
    const reply = await api.call('GET', '/api/user/sessions', { token: buyer.token });
    const [line] = completed('/api/user/sessions');
    expect(line).toMatchObject({
      level: 30,
      reqId: reply.headers['x-request-id'],
      route: '/api/user/sessions',
      userId: buyer.id,
      method: 'GET',
      statusCode: 200,
    });
    expect(typeof line?.responseTimeMs).toBe('number');
    // The token never reaches the log.
    expect(JSON.stringify(lines)).not.toContain(buyer.token);
  });

  it('say userId null for an anonymous caller and name the error key of a failure', async () => {
    await api.call('GET', '/api/user/sessions');
    const anonymous = completed('/api/user/sessions').at(-1);
    expect(anonymous).toMatchObject({ userId: null, route: '/api/user/sessions', errorKey: 'UNAUTHORIZED' });
  });

  it('write one audit line per money movement with the ledger transaction id, kind and amount', async () => {
    const reply = await api.call('POST', '/api/user/extract', {
      token: buyer.token,
      body: { ...bank, amount: 2000, paypwd: payCode },
    });
    expect(reply.body.code).toBe(1);
    const audit = lines.filter((line) => line.audit === 'money' && line.reqId === reply.headers['x-request-id']);
    expect(audit).toHaveLength(1);
    const [movement] = audit;
    // The request's context: whose request moved the money, on which route.
    expect(movement).toMatchObject({ userId: buyer.id, route: '/api/user/extract', amount: 2000 });
    const [posted] = await ctx.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, movement?.ledgerTransactionId as number));
    expect(posted?.kind).toBe(movement?.kind);
    expect(posted?.reference).toBe(movement?.reference);
    expect(movement?.legs).toEqual(expect.arrayContaining([{ account: `user:${buyer.id}`, amount: -2000 }]));
  });
});

describe('GET /metrics', () => {
  it('answers like a missing route without the token or with a wrong one', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-wrong-token-wrong' },
      { authorization: metricsToken },
    ]) {
      const res = await ctx.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'ROUTE_NOT_FOUND' });
    }
  });

  it('exposes request rates, latency, error keys, ledger postings, queues, SSE streams and event-loop lag', async () => {
    expect(
      failure(
        (
          await api.call('POST', '/api/user/extract', {
            token: buyer.token,
            body: { ...bank, amount: 2000, paypwd: '000000' },
          })
        ).body,
      ).error,
    ).toBe('PAY_PASSWORD_WRONG');
    const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/http_requests_total\{method="POST",route="\/api\/user\/extract",status="200"\} 2\b/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/user\/sessions"\} \d/,
    );
    expect(text).toMatch(/app_errors_total\{key="PAY_PASSWORD_WRONG"\} 1/);
    expect(text).toMatch(/app_errors_total\{key="UNAUTHORIZED"\} \d/);
    expect(text).toMatch(
      /ledger_postings_total\{kind="withdrawal_hold"\} 1|ledger_postings_total\{kind="withdrawal[a-z_]*"\} 1/,
    );
    expect(text).toMatch(/ledger_posted_amount_total\{kind="recharge"\} 5000/);
    expect(text).toMatch(/queue_size\{queue="withdrawal_audits"\} 1/);
    expect(text).toMatch(/queue_size\{queue="recharge_audits"\} 0/);
    expect(text).toMatch(/queue_size\{queue="order_sweep_unpaid"\} 0/);
    expect(text).toMatch(/sse_connections 0/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (ctx.database.engine === 'postgres') expect(text).toMatch(/db_pool_connections\{state="max"\} \d+/);
  });
});
