import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

type Stringify = (data: unknown) => string;

/**
 * Responses are serialized by fast-json-stringify compiled from the route's zod schema: fast, and
 * it writes only the fields the contract names, so nothing else can leak. Tests (`strict`) also
 * check each answer against the zod schema and that both produce the same JSON, so the contract
 * and the compiled serializer can never drift apart unnoticed.
 *
 * Each serializer is compiled on its route's first answer, not when Fastify asks for it at start:
 * ~200 compiled serializers (their generated source and closures) held ~10 MB of the idle server
 * for routes that may never answer (ADR 0016); a first answer pays ~1 ms once.
 */
export function createResponseSerializer(options: { strict: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
    let compiled: Stringify | undefined;
    const stringify: Stringify = (data) => {
      compiled ??= compileResponseSerializer(schema);
      return compiled(data);
    };
    if (!options.strict) return stringify;
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

/** The fast-json-stringify serializer of a response schema, compiled now. */
export function compileResponseSerializer(schema: z.ZodType): Stringify {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-07', io: 'output', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
}
