import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

/**
 * Whether a string or key anywhere in `value` holds a NUL. It builds no path and allocates nothing,
 * so the usual answer (none) costs one scan of the parsed input; only a hit pays for the path.
 */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (key.includes('\u0000') || holdsNul(record[key])) return true;
  }
  return false;
}

/** The path of the first string holding a NUL character, or undefined. */
export function findNulCharacter(value: unknown, path: string[] = []): string | undefined {
  return holdsNul(value) ? pathOfNul(value, path) : undefined;
}

function pathOfNul(value: unknown, path: string[]): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '_' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')].join('.');
    const found = pathOfNul(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL `text` cannot hold a NUL character and fails the whole statement on one (a 500), and
 * no field of the API has a use for it: a NUL anywhere in the query, path or body is refused as
 * invalid input before validation, on every route that takes input.
 */
export const nulGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      // A route that declares no input (`/metrics`, the web app's files) reads none of it.
      const schema = request.routeOptions.schema;
      if (!schema?.params && !schema?.querystring && !schema?.body) {
        done();
        return;
      }
      const field =
        findNulCharacter(request.params) ?? findNulCharacter(request.query) ?? findNulCharacter(request.body);
      done(
        field === undefined
          ? undefined
          : new AppError('VALIDATION_FAILED', undefined, { [field]: 'validation.invalid' }),
      );
    });
  },
  { name: 'nul-guard' },
);
