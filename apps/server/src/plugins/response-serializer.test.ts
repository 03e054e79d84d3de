import fastJson from 'fast-json-stringify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { compileResponseSerializer, createResponseSerializer } from './response-serializer.ts';

// The real compiler, counted: a serializer must be compiled on its route's first answer, once.
vi.mock('fast-json-stringify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fast-json-stringify')>();
  const build = actual.default;
  return { ...actual, default: vi.fn((...args: Parameters<typeof build>) => build(...args)) };
});
const compiles = vi.mocked(fastJson);

const schema = z.object({ code: z.literal(1), data: z.object({ id: z.number().int(), name: z.string() }) });
const compile = (strict: boolean) =>
  createResponseSerializer({ strict })({ schema, method: 'GET', url: '/x', httpStatus: '200' });

// A block body: a function returned from beforeEach would be run as its clean-up.
beforeEach(() => {
  compiles.mockClear();
});

describe('response serializer', () => {
  it('writes only the fields the contract names, so internals cannot leak', () => {
    const out = compile(false)({ code: 1, data: { id: 7, name: 'shop', password_hash: 'x' } });
    expect(JSON.parse(out)).toEqual({ code: 1, data: { id: 7, name: 'shop' } });
  });

  it('in strict mode refuses an answer that breaks the contract', () => {
    expect(() => compile(true)({ code: 1, data: { id: 'seven', name: 'shop' } })).toThrow(/does not match its schema/);
    expect(compile(true)({ code: 1, data: { id: 7, name: 'shop' } })).toBe('{"code":1,"data":{"id":7,"name":"shop"}}');
  });

  it('compiles on the first answer, once, and writes what the serializer compiled at once writes', () => {
    const serialize = compile(false);
    expect(compiles).not.toHaveBeenCalled();
    const answers = [
      { code: 1, data: { id: 7, name: 'shop', password_hash: 'x' } },
      { code: 1, data: { id: 8, name: 'ünïcode "quoted"', extra: { deep: true } } },
    ];
    const eager = compileResponseSerializer(schema);
    for (const answer of answers) expect(serialize(answer)).toBe(eager(answer));
    // One compile for the lazy serializer's first answer, one for `eager`; none for the second answer.
    expect(compiles).toHaveBeenCalledTimes(2);
  });
});

describe('response serializers of the app', () => {
  let ctx: TestContext;
  let compiledAtStart: number;
  beforeAll(async () => {
    compiles.mockClear();
    ctx = await createTestApp();
    compiledAtStart = compiles.mock.calls.length;
  });
  afterAll(() => ctx.close());

  it('are not compiled at start; a route compiles its own on its first answer only', async () => {
    expect(compiledAtStart).toBe(0);
    compiles.mockClear();
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({ url: '/api/health/live' });
      expect(res.json()).toMatchObject({ code: 1, data: { status: 'ok' } });
    }
    expect(compiles).toHaveBeenCalledTimes(1);
  });

  it('every route response schema still compiles (a broken one no longer fails the start)', () => {
    let schemas = 0;
    for (const route of ctx.app.routeCatalog) {
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      for (const [status, responseSchema] of Object.entries(response)) {
        if (!(responseSchema instanceof z.ZodType)) continue;
        expect(() => compileResponseSerializer(responseSchema), `${route.method} ${route.url} ${status}`).not.toThrow();
        schemas += 1;
      }
    }
    expect(schemas).toBeGreaterThan(100);
  });
});
