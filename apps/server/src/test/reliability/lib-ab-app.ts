/**
 * Parts A and B of the reliability battery: an app on PostgreSQL + Redis listening on a loopback
 * port, called over real HTTP as a client would, and the bookkeeping of a scenario (operations,
 * arranged collisions, violations) that ends with the ledger's verification.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Database } from '../../db/client.ts';
import { verifyLedger } from '../../modules/ledger/index.ts';
import {
  addressLookup,
  type Buyer,
  giveBalance,
  newMerchant,
  newProduct,
  newShop,
  newUserWithRole,
  payCode,
} from '../commerce-fixtures.ts';
import { registerBuyer } from '../fixtures.ts';
import type { Envelope } from '../http.ts';
import { createTestApp, type TestContext } from '../test-app.ts';
import { type ReliabilityPart, recordFigures } from './figures.ts';

export interface Answer {
  status: number;
  headers: Headers;
  body: Envelope;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  key?: string;
}

/** One call over HTTP; every answer of the API is HTTP 200 with the envelope, or a 5xx. */
export async function callApi(base: string, method: 'GET' | 'POST', url: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { lang: 'en' };
  if (options.token) headers.token = options.token;
  if (options.key) headers['idempotency-key'] = options.key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  let body: Envelope;
  try {
    body = JSON.parse(text) as Envelope;
  } catch {
    body = { code: -1, msg: text.slice(0, 200) };
  }
  return { status: res.status, headers: res.headers, body } satisfies Answer;
}

export interface RaceApp {
  ctx: TestContext;
  db: Database;
  base: string;
  admin: Buyer;
  /** A second super admin: two admins auditing one record is the realistic collision. */
  admin2: Buyer;
  call(method: 'GET' | 'POST', url: string, options?: CallOptions): Promise<Answer>;
  post(url: string, token: string, body: unknown, key?: string): Promise<Answer>;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database and an app listening on `port` (the helper's own range). */
export async function startRaceApp(port: number, env: Record<string, string> = {}): Promise<RaceApp> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crossmart-rel-ab-'));
  // No transaction runs again after a deadlock here (ADR 0025): every lock-order cycle a scenario
  // lines up must still show as a failure, not be absorbed by the retry.
  const ctx = await createTestApp({ addressLookup, env: { DATA_DIR: dir, DATABASE_CONFLICT_RETRIES: '0', ...env } });
  if (ctx.database.engine !== 'postgres') throw new Error('the reliability battery runs on PostgreSQL (DATABASE_URL)');
  await ctx.app.listen({ host: '127.0.0.1', port });
  const base = `http://127.0.0.1:${port}`;
  const db = ctx.database.db;
  const admin = await newUserWithRole(ctx.app, db, 'admin');
  const admin2 = await newUserWithRole(ctx.app, db, 'admin');
  const call = (method: 'GET' | 'POST', url: string, options: CallOptions = {}) => callApi(base, method, url, options);
  return {
    ctx,
    db,
    base,
    admin,
    admin2,
    call,
    post: (url, token, body, key) => call('POST', url, { token, body, ...(key ? { key } : {}) }),
    close: () => ctx.close(),
  };
}

let registered = 0;
// Mobile numbers are unique: a per-process base keeps buyers registered at the same millisecond apart.
const mobileBase = 10_000_000 + (process.pid % 1000) * 80_000;

/** A registered buyer with the payment code set and, when given, a balance (commerce-fixtures' newBuyer, concurrency-safe). */
export async function newBuyer(app: RaceApp, balance = 0): Promise<Buyer> {
  registered += 1;
  const buyer = await registerBuyer(app.ctx.app, {
    mobile: `+8170${String(mobileBase + registered).padStart(8, '0')}`,
  });
  const reset = await app.post('/api/user/resetPay', buyer.token, {
    paypwd: payCode,
    repaypwd: payCode,
    password: 'secret123',
  });
  if (reset.body.code !== 1) throw new Error(`resetPay failed: ${JSON.stringify(reset.body)}`);
  if (balance > 0) await giveBalance(app.db, buyer.id, balance);
  return buyer;
}

export function newBuyers(app: RaceApp, count: number, balance = 0): Promise<Buyer[]> {
  return Promise.all(Array.from({ length: count }, () => newBuyer(app, balance)));
}

/** A merchant with a shop and one product of `stock` units at `price`. */
export async function newSeller(app: RaceApp, price: number, stock: number) {
  const merchant = await newMerchant(app.ctx.app, app.db);
  const shop = await newShop(app.db, merchant.id);
  const product = await newProduct(app.db, shop.id, { price, stock });
  return { merchant, shopId: shop.id, skuId: product.skuId };
}

/** An upload of `purpose` (refund proof, payment evidence, a product or shop picture) by the user, over HTTP. */
export async function uploadPicture(
  app: RaceApp,
  token: string,
  purpose: 'refund' | 'evidence' | 'product' | 'shop',
): Promise<string> {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#a00' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
  const res = await fetch(`${app.base}/api/upload`, { method: 'POST', headers: { token, lang: 'en' }, body: form });
  const body = (await res.json()) as Envelope;
  if (body.code !== 1) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return (body.data as { url: string }).url;
}

/** The error key of an answer, `ok` for a success, `http <status>` for anything but the envelope. */
export function outcome(answer: Answer): string {
  if (answer.status !== 200) return `http ${answer.status}`;
  return answer.body.code === 1 ? 'ok' : (answer.body.error ?? `code ${answer.body.code}`);
}

export function tally(answers: readonly Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = outcome(answer);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** What one scenario did and found; `finish` verifies the ledger, records the figures and fails on a violation. */
export class Scenario {
  operations = 0;
  faults = 0;
  inputs = 0;
  readonly violations: string[] = [];

  readonly part: ReliabilityPart;
  readonly name: string;

  constructor(part: ReliabilityPart, name: string) {
    this.part = part;
    this.name = name;
  }

  check(condition: boolean, violation: string): void {
    if (!condition) this.violations.push(violation);
  }

  /** Counts the answers as operations and flags any that is not HTTP 200 with the envelope. */
  count(answers: readonly Answer[]): void {
    this.operations += answers.length;
    for (const answer of answers) {
      this.check(answer.status === 200 && typeof answer.body.code === 'number', `HTTP ${answer.status}`);
    }
  }

  async finish(db: Database): Promise<void> {
    const report = await verifyLedger(db);
    this.check(report.ok, `ledger:verify ${JSON.stringify(report)}`);
    recordFigures({
      part: this.part,
      scenario: this.name,
      operations: this.operations,
      faults: this.faults,
      inputs: this.inputs,
      failures: this.violations.length,
    });
    expect(this.violations, this.name).toEqual([]);
  }
}
