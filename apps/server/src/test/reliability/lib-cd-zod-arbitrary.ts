/**
 * fast-check arbitraries from the contract's zod 4 schemas (zod-fast-check supports zod 3 and
 * fast-check 3 only). `valid` mostly obeys the schema's bounds, formats and patterns; every leaf
 * is sometimes swapped for a hostile value, so one arbitrary yields valid, near-valid and invalid
 * requests. The caller tells them apart with the schema itself (`safeParse`), not with this file.
 */
import fc from 'fast-check';
import type { z } from 'zod';

/** The part of zod's internal definition this walker reads. */
interface Def {
  type: string;
  coerce?: boolean;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  checks?: Array<{
    _zod: { def: { check: string; format?: string; pattern?: RegExp; minimum?: number; maximum?: number } };
  }>;
  pattern?: RegExp;
  format?: string;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const int32Max = 2_147_483_647;

/** Numbers and strings that broke or could break a server: bounds, precision, encodings, injection. */
export const hostileNumbers: readonly number[] = [
  -1,
  0,
  0.001,
  -0.0,
  2 ** 31,
  int32Max,
  2 ** 53 + 1,
  2 ** 63,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
];

export const hostileStrings: readonly string[] = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-1',
  '1e308',
  '0x10',
  '9007199254740993',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '%00',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '{{7*7}}',
  '\u202e\u0627\u0644\u0639\u0631\u0628\u064a\u0629',
  '𝓤𝓷𝓲𝓬𝓸𝓭𝓮👩‍👩‍👧‍👦',
  'x'.repeat(10_000),
];

/** Keys a client must never set: the server decides them. */
export const smuggledFields: Readonly<Record<string, unknown>> = {
  price: 1,
  role: 'admin',
  admin_role: 'super',
  status: 1,
  user_id: 1,
  shop_id: 1,
  balance: 1e9,
  total: 0,
  amount: 1,
  is_admin: true,
};

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...hostileNumbers, ...hostileStrings, null, true, [], {}, { $gt: '' }, [1, 2]),
  fc.constantFrom(...hostileNumbers).map((n) => [n]),
  fc.constantFrom(...hostileStrings).map((s) => ({ value: s })),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

function stringChecks(schema: z.ZodType) {
  const string = schema as z.ZodString;
  const def = defOf(schema);
  const patterns = (def.checks ?? [])
    .map((check) => check._zod.def)
    .filter((check) => check.check === 'string_format' && check.pattern)
    .map((check) => check.pattern as RegExp);
  if (def.pattern) patterns.push(def.pattern);
  return { min: string.minLength ?? 0, max: string.maxLength ?? 60, format: def.format, patterns };
}

function validString(schema: z.ZodType): fc.Arbitrary<string> {
  const { min, max, format, patterns } = stringChecks(schema);
  if (format === 'email') return fc.emailAddress().filter((email) => email.length <= max);
  const [pattern] = patterns;
  const plain = fc.string({ minLength: min, maxLength: Math.min(max, min + 60) });
  if (!pattern) return plain;
  try {
    return fc.stringMatching(pattern).filter((text) => text.length >= min && text.length <= max);
  } catch {
    // fast-check cannot build every pattern (lookaheads); such fields get plain strings, mostly refused.
    return plain;
  }
}

function validNumber(schema: z.ZodType): fc.Arbitrary<number> {
  const number = schema as z.ZodNumber;
  const min = Math.max(number.minValue ?? -1e6, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(number.maxValue ?? 1e9, Number.MAX_SAFE_INTEGER);
  if (number.isInt) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true });
}

function lengthBounds(schema: z.ZodType) {
  const bounds = { min: 0, max: 5 };
  for (const check of defOf(schema).checks ?? []) {
    const { check: kind, minimum, maximum } = check._zod.def;
    if (kind === 'min_length' && minimum !== undefined) bounds.min = minimum;
    if (kind === 'max_length' && maximum !== undefined) bounds.max = Math.min(maximum, bounds.min + 5);
  }
  return bounds;
}

/** What a schema accepts, roughly, without hostile values (the walker adds those at each leaf). */
function shaped(schema: z.ZodType, withHostile: boolean): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const child = (inner: z.ZodType) => arbitraryFor(inner, withHostile);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const required = keys.filter((key) => {
        const type = defOf(shape[key] as z.ZodType).type;
        return type !== 'optional' && type !== 'default';
      });
      const record = fc.record(Object.fromEntries(keys.map((key) => [key, child(shape[key] as z.ZodType)])), {
        requiredKeys: required,
      });
      if (!withHostile) return record;
      // Sometimes a field the server owns rides along, sometimes a required field is missing.
      return fc
        .tuple(record, fc.subarray(Object.keys(smuggledFields), { maxLength: 3 }), fc.nat(keys.length + 4))
        .map(([value, smuggled, drop]) => {
          const out: Record<string, unknown> = { ...value };
          for (const key of smuggled) if (!(key in shape)) out[key] = smuggledFields[key];
          const dropped = keys[drop];
          if (dropped) delete out[dropped];
          return out;
        });
    }
    case 'string':
      return validString(schema);
    case 'number':
      return validNumber(schema).map((n) => (def.coerce ? String(n) : n));
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 2n ** 40n }).map(String);
    case 'boolean':
      return def.coerce ? fc.constantFrom('true', 'false', '1', '0') : fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: 'none' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array': {
      const { min, max } = lengthBounds(schema);
      return fc.array(child(def.element as z.ZodType), { minLength: min, maxLength: Math.max(min, max) });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map(child));
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), child(def.valueType as z.ZodType), {
        maxKeys: 3,
      });
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(child(def.innerType as z.ZodType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(child(def.innerType as z.ZodType), { nil: null, freq: 4 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return child(def.innerType as z.ZodType);
    case 'union':
      return fc.oneof(...(def.options ?? []).map(child));
    case 'pipe':
      return child(def.in as z.ZodType);
    case 'null':
      return fc.constant(null);
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    default:
      // unknown, any, transform, custom…: anything JSON can carry.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values for `schema`: mostly shaped like it, with hostile values at any leaf when `withHostile`. */
export function arbitraryFor(schema: z.ZodType, withHostile = true): fc.Arbitrary<unknown> {
  const valid = shaped(schema, withHostile);
  if (!withHostile) return valid;
  return fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: hostileValue, weight: 1 });
}
