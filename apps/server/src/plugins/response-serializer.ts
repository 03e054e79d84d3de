import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Responses are serialized by fast-json-stringify compiled from the route's zod schema: fast, and
 * it writes only the fields the contract names, so nothing else can leak. Tests (`strict`) also
 * check each answer against the zod schema and that both produce the same JSON, so the contract
 * and the compiled serializer can never drift apart unnoticed.
 */
export function createResponseSerializer(options: { strict: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
    const jsonSchema = z.toJSONSchema(schema, { target: 'draft-07', io: 'output', unrepresentable: 'any' });
    const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    if (!options.strict) return (data) => stringify(data);
    return (data) => {
      const checked = schema.safeEncode(data);
      if (!checked.success) {
        throw new Error(`response of ${method} ${url} does not match its schema: ${checked.error.message}`);
      }
      const output = stringify(data);
      if (!isDeepStrictEqual(JSON.parse(output), JSON.parse(JSON.stringify(checked.data)))) {
        throw new Error(`fast serializer and zod disagree on ${method} ${url}: ${output}`);
      }
      return output;
    };
  };
}
