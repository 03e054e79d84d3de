/**
 * C. Fuzzing: every route the app registers (its route catalog, so a new route is fuzzed without
 * editing this file), as every kind of caller, with requests generated from the route's own zod
 * schemas — valid, near-valid and hostile — plus a corpus of hostile values put in each field and
 * malformed requests (bad JSON, wrong content type, over-long and bad URLs). Rules: no 5xx, every
 * answer has the security headers and, on the API, is the envelope; a success matches the response
 * schema; a request the schema refuses never succeeds.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CatalogRoute } from '../../plugins/route-catalog.ts';
import { createTestApp, type TestContext } from '../test-app.ts';
import { byProfile, recordFigures, reliabilitySeed } from './figures.ts';
import { answerViolation, outcomeOf } from './lib-cd-answers.ts';
import { apiOnlyEnv, type Cast, createCast, type Role, restoreCast } from './lib-cd-roles.ts';
import { arbitraryFor, hostileNumbers, hostileStrings, smuggledFields } from './lib-cd-zod-arbitrary.ts';

/** The callers the fuzzer plays: one of each kind of guard's answer. */
const fuzzRoles: Role[] = ['visitor', 'buyerA', 'merchantA', 'support', 'super'];
const runsPerRouteAndRole = byProfile(1, 30);
/** Hostile values per field per route: a seeded sample in `ci`, the whole corpus in `full`. */
const corpusPerField = byProfile(2, 1_000);
/** Malformed requests per route: a seeded rotation in `ci`, all of them in `full`. */
const malformedPerRoute = byProfile(2, 100);

let ctx: TestContext;
let cast: Cast;
const violations: string[] = [];
const violationsFile = join(tmpdir(), `crossmart-reliability-c-${reliabilitySeed}.txt`);
const figures = { operations: 0, inputs: 0 };
/** The callers' tokens, new for each route: a fuzzed logout must not end the next route's calls. */
const tokens = new Map<Role, string | undefined>();

beforeAll(async () => {
  ctx = await createTestApp({ env: apiOnlyEnv });
  cast = await createCast(ctx.app, ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
});

const zodOf = (value: unknown) => (value instanceof z.ZodType ? value : undefined);

/** A query string as a client may send it: arrays repeat the parameter, objects go as JSON. */
function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The query object Fastify parses from `queryString(query)` (a repeated parameter becomes an array). */
function parsedQuery(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const seen = out[key];
    out[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return out;
}

/**
 * Path parameters filled with what the generator gave, or a placeholder. A lone surrogate has no
 * UTF-8 form, so no client can send one: it becomes U+FFFD, as URLSearchParams does in the query.
 */
function pathOf(route: CatalogRoute, params: Record<string, unknown>): string {
  return route.url
    .replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(params[name] ?? 'x').toWellFormed()))
    .replace(/\*$/, String(params['*'] ?? 'missing.webp'));
}

/** Whether the schemas refuse this request: then it must not succeed. */
function refusedBySchema(route: CatalogRoute, search: string, body: unknown): boolean {
  const query = zodOf(route.schema?.querystring);
  const bodySchema = zodOf(route.schema?.body);
  if (query && !query.safeParse(parsedQuery(search)).success) return true;
  if (bodySchema && route.method !== 'GET' && !bodySchema.safeParse(body).success) return true;
  return false;
}

async function send(
  route: CatalogRoute,
  role: Role,
  request: Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> },
  refused: boolean,
): Promise<LightMyRequestResponse> {
  const token = tokens.get(role);
  const res = await ctx.app.inject({
    ...request,
    headers: { lang: 'en', ...(token ? { token } : {}), ...request.headers },
  });
  figures.operations += 1;
  const problem = answerViolation(route, res);
  const { code } = outcomeOf(res);
  const payload = typeof request.payload === 'string' ? ` ${request.payload.slice(0, 300)}` : '';
  const where = `${route.method} ${route.url} as ${role}: ${String(request.url).slice(0, 160)}${payload}`;
  if (problem) violations.push(`${where} → ${problem}`);
  else if (refused && code === 1)
    violations.push(`${where} → invalid input accepted: ${String(request.payload ?? '').slice(0, 200)}`);
  return res;
}

/** One generated request: path parameters, query and body from the route's schemas, hostile at any leaf. */
function requestArbitrary(route: CatalogRoute) {
  const schema = route.schema ?? {};
  const anyObject = z.record(z.string(), z.string());
  return fc.record({
    params: arbitraryFor(zodOf(schema.params) ?? anyObject),
    query: arbitraryFor(zodOf(schema.querystring) ?? anyObject),
    body: arbitraryFor(zodOf(schema.body) ?? anyObject),
  });
}

async function fuzzGenerated(route: CatalogRoute, role: Role, seed: number) {
  const samples = fc.sample(requestArbitrary(route), { numRuns: runsPerRouteAndRole, seed });
  for (const sample of samples) {
    const query =
      sample.query !== null && typeof sample.query === 'object' ? (sample.query as Record<string, unknown>) : {};
    const params =
      sample.params !== null && typeof sample.params === 'object' ? (sample.params as Record<string, unknown>) : {};
    const search = queryString(query);
    const body = route.method === 'GET' ? undefined : (JSON.parse(JSON.stringify(sample.body ?? null)) as unknown);
    figures.inputs += 1;
    await send(
      route,
      role,
      {
        method: route.method as 'GET' | 'POST',
        url: `${pathOf(route, params)}${search}`,
        ...(body === undefined
          ? {}
          : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      },
      refusedBySchema(route, search, body),
    );
  }
}

const corpus: unknown[] = [...hostileNumbers, ...hostileStrings, null, true, [], {}, [1], ['x'], { value: 'x' }];

/** Each top-level field of the route's query or body, set in turn to each value of the corpus. */
async function fuzzCorpus(route: CatalogRoute, role: Role, seed: number) {
  const part = route.method === 'GET' ? zodOf(route.schema?.querystring) : zodOf(route.schema?.body);
  const shape = part instanceof z.ZodObject ? (part.shape as Record<string, z.ZodType>) : {};
  const [base] = part ? fc.sample(arbitraryFor(part, false), { numRuns: 1, seed }) : [{}];
  const baseline = base !== null && typeof base === 'object' ? (base as Record<string, unknown>) : {};
  const values = fc.sample(fc.shuffledSubarray(corpus, { minLength: Math.min(corpusPerField, corpus.length) }), {
    numRuns: 1,
    seed,
  })[0] as unknown[];
  const fields = [...Object.keys(shape), ...Object.keys(smuggledFields).slice(0, 2)];
  for (const field of fields) {
    for (const value of values.slice(0, corpusPerField)) {
      figures.inputs += 1;
      const input = { ...baseline, [field]: value };
      if (route.method === 'GET') {
        const search = queryString(input);
        await send(
          route,
          role,
          { method: 'GET', url: `${pathOf(route, {})}${search}` },
          refusedBySchema(route, search, undefined),
        );
      } else {
        const body = JSON.parse(JSON.stringify(input)) as unknown;
        await send(
          route,
          role,
          {
            method: route.method as 'POST',
            url: pathOf(route, {}),
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
          },
          refusedBySchema(route, '', body),
        );
      }
    }
  }
}

/** Requests a parser refuses before any handler: the framework's answers must be ours too. */
async function fuzzMalformed(route: CatalogRoute, role: Role, seed: number) {
  const url = pathOf(route, {});
  const method = route.method as 'GET' | 'POST';
  const malformed: Array<Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> }> = [
    { method, url: `${url}?page=1&page=2&limit=1&limit=${'9'.repeat(400)}` },
    { method, url: `${url}?${'q'.repeat(20_000)}=1` },
    { method, url: `${url}${url.endsWith('/') ? '' : '/'}%zz` },
  ];
  if (route.method === 'POST') {
    malformed.push(
      { method: 'POST', url, payload: '{"id": 1,', headers: { 'content-type': 'application/json' } },
      { method: 'POST', url, payload: '{"id": NaN}', headers: { 'content-type': 'application/json' } },
      { method: 'POST', url, payload: '<id>1</id>', headers: { 'content-type': 'application/xml' } },
      { method: 'POST', url, payload: 'id=1&id=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      {
        method: 'POST',
        url,
        payload: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'POST',
        url,
        payload: 'x'.repeat(ctx.config.BODY_LIMIT_BYTES + 1),
        headers: { 'content-type': 'application/json' },
      },
    );
  }
  const offset = seed % malformed.length;
  const chosen = [...malformed.slice(offset), ...malformed.slice(0, offset)].slice(0, malformedPerRoute);
  for (const request of chosen) {
    figures.inputs += 1;
    // The bodies never parse; the queries are refused only where the route reads a query.
    const search = String(request.url).split('?')[1] ?? '';
    await send(route, role, request, request.payload !== undefined || refusedBySchema(route, `?${search}`, {}));
  }
}

describe('C. fuzzing', () => {
  it('every route, every caller: generated, hostile and malformed requests keep the rules', async () => {
    const routes = ctx.app.routeCatalog;
    expect(routes.length).toBeGreaterThan(100);
    let seed = reliabilitySeed;
    for (const route of routes) {
      // A POST gets sessions of its own (it may log out or revoke); GETs share the current ones.
      for (const role of fuzzRoles) tokens.set(role, await cast.token(role, route.method !== 'GET'));
      seed += fuzzRoles.length;
      // The callers at once, as on a live server; the corpus as the one most likely to get past
      // the guard: a super admin on the console, a merchant elsewhere.
      const corpusRole: Role = route.url.startsWith('/api/admin/') ? 'super' : 'merchantA';
      await Promise.all([
        ...fuzzRoles.map((role, index) => fuzzGenerated(route, role, seed + index)),
        fuzzCorpus(route, corpusRole, seed),
        fuzzMalformed(route, corpusRole, seed),
      ]);
      // A fuzzed console call may have frozen one of the cast (and so ended its sessions).
      if (route.method !== 'GET') {
        await restoreCast(ctx.database.db, cast);
        cast.forget();
      }
    }
    recordFigures({
      part: 'C',
      scenario: `fuzz ${routes.length} routes × ${fuzzRoles.length} callers`,
      operations: figures.operations,
      faults: 0,
      inputs: figures.inputs,
      failures: violations.length,
    });
    if (violations.length > 0) writeFileSync(violationsFile, `${violations.join('\n')}\n`);
    expect(violations.slice(0, 40), `${violations.length} violations (all in ${violationsFile})`).toEqual([]);
  });
});
