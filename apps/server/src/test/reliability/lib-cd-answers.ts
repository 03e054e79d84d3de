/**
 * What every answer must be, whatever was asked (parts C and D): no 5xx, the security headers,
 * and on the API the envelope — a success shaped like the route's response schema, or a failure.
 */
import { failureEnvelopeSchema } from '@crossmart/contract';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import type { CatalogRoute } from '../../plugins/route-catalog.ts';

/** Headers plugins/security-headers.ts puts on every answer, pages, files and errors alike. */
export const securityHeaderNames = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
] as const;

/** Routes that answer something else than the envelope by design (docs, metrics, files, the event stream). */
export function answersEnvelope(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/** The zod schema of a route's 200 answer, when it declares one. */
export function responseSchemaOf(route: CatalogRoute): z.ZodType | undefined {
  const response = (route.schema?.response as Record<string, unknown> | undefined)?.[200];
  return response instanceof z.ZodType ? response : undefined;
}

/** Why the answer breaks the rules, or undefined when it keeps them. */
export function answerViolation(route: CatalogRoute, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}: ${res.body.slice(0, 300)}`;
  const missing = securityHeaderNames.filter((name) => res.headers[name] === undefined);
  if (missing.length > 0) return `HTTP ${res.statusCode} without ${missing.join(', ')}`;
  if (!answersEnvelope(route.url)) return undefined;
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  // A route without a response schema serves files or a stream when it succeeds.
  if (!isJson && res.statusCode === 200 && !responseSchemaOf(route)) return undefined;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `HTTP ${res.statusCode}, not JSON: ${res.body.slice(0, 200)}`;
  }
  if ((body as { code?: unknown }).code === 1) {
    const schema = responseSchemaOf(route);
    if (!schema) return undefined;
    const parsed = schema.safeParse(body);
    return parsed.success ? undefined : `success not matching its schema: ${parsed.error.message.slice(0, 300)}`;
  }
  const failure = failureEnvelopeSchema.safeParse(body);
  return failure.success ? undefined : `not the envelope: ${JSON.stringify(body).slice(0, 300)}`;
}

/** The envelope's `code` and `error`, or nulls when the answer is not JSON. */
export function outcomeOf(res: LightMyRequestResponse): { code: number | null; error: string | null } {
  try {
    const body = res.json() as { code?: number; error?: string };
    return { code: body.code ?? null, error: body.error ?? null };
  } catch {
    return { code: null, error: null };
  }
}
