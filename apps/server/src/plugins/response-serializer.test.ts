import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializer } from './response-serializer.ts';

const schema = z.object({ code: z.literal(1), data: z.object({ id: z.number().int(), name: z.string() }) });
const compile = (strict: boolean) =>
  createResponseSerializer({ strict })({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('response serializer', () => {
  it('writes only the fields the contract names, so internals cannot leak', () => {
    const out = compile(false)({ code: 1, data: { id: 7, name: 'shop', password_hash: 'x' } });
    expect(JSON.parse(out)).toEqual({ code: 1, data: { id: 7, name: 'shop' } });
  });

  it('in strict mode refuses an answer that breaks the contract', () => {
    expect(() => compile(true)({ code: 1, data: { id: 'seven', name: 'shop' } })).toThrow(/does not match its schema/);
    expect(compile(true)({ code: 1, data: { id: 7, name: 'shop' } })).toBe('{"code":1,"data":{"id":7,"name":"shop"}}');
  });
});
