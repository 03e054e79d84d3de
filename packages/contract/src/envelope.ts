import { z } from 'zod';
import { errorKeys, resultCodes } from './errors.ts';

/** The success envelope of docs/product-rules.md §7 around a call's `data`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(resultCodes.ok), msg: z.string(), data });
}

export const failureEnvelopeSchema = z.object({
  code: z.union([z.literal(resultCodes.failure), z.literal(resultCodes.unauthorized)]),
  msg: z.string(),
  error: z.enum(errorKeys),
  data: z.null(),
  /** Validation failures: field path → localized message. */
  fields: z.record(z.string(), z.string()).optional(),
  request_id: z.string().optional(),
});
export type FailureEnvelope = z.infer<typeof failureEnvelopeSchema>;

/**
 * Row ids are PostgreSQL `integer`s: an id beyond that range is refused as invalid input instead
 * of reaching the database, which would fail the whole query (issue 18). `rowIdQuerySchema` is the
 * same id in a query string.
 */
export const maxRowId = 2_147_483_647;
export const rowIdSchema = z.number().int().min(1).max(maxRowId);
export const rowIdQuerySchema = z.coerce.number().int().min(1).max(maxRowId);

/** `maxPage` keeps `page × limit` an index walk a server can afford (a page of 10^12 would scan everything). */
export const pageLimits = { defaultLimit: 10, maxLimit: 50, maxPage: 1000 } as const;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(pageLimits.maxPage).default(1),
  limit: z.coerce.number().int().min(1).max(pageLimits.maxLimit).default(pageLimits.defaultLimit),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of a list; `total` is left out where counting would be costly (docs/product-rules.md §7). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    has_more: z.boolean(),
    total: z.number().int().optional(),
  });
}

/** The type of a `pageOf(item)` answer, for clients that name the item type only. */
export interface Page<T> {
  list: T[];
  page: number;
  limit: number;
  has_more: boolean;
  total?: number;
}
