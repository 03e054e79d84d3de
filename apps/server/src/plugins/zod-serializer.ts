import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { ZodType } from 'zod';

/**
 * A response serializer that checks the answer against its zod schema with `parse` and writes
 * it with JSON.stringify. fastify-type-provider-zod's default uses `encode` (codec support),
 * which costs about five times as much on list answers; routes whose schemas have no codecs
 * (the catalog's) use this one. A mismatch still fails loudly.
 */
export const parsingSerializerCompiler: FastifySerializerCompiler<ZodType> =
  ({ schema }) =>
  (data) =>
    JSON.stringify(schema.parse(data));
