import { ApiError } from '../api/client.ts';

/** A zod issue as `safeParse` reports it; typed structurally so this file needs no zod at runtime. */
export interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  minimum?: unknown;
  maximum?: unknown;
}

export interface SchemaResult<T> {
  success: boolean;
  data?: T;
  error?: { issues: readonly SchemaIssue[] };
}

/** An error to show under a field: an i18n key with its parameters, or a text the server already translated. */
export type FieldMessage = { key: string; params?: Record<string, unknown> } | { text: string };
export type FieldErrors = Record<string, FieldMessage>;

/**
 * The i18n key of one issue. The contract's schemas name their messages by key (the keys of
 * `accountValidationKeys`, docs/spec.md §5/§8); zod's built-in checks are mapped to the same generic keys
 * the server uses (`validation.required`, `too_long`, `invalid`), so both say the same words.
 */
export function issueMessage(issue: SchemaIssue): FieldMessage {
  if (issue.message.startsWith('validation.')) return { key: issue.message };
  if (issue.code === 'too_small' && Number(issue.minimum) <= 1) return { key: 'validation.required' };
  if (issue.code === 'too_small') return { key: 'validation.too_short', params: { minimum: issue.minimum } };
  if (issue.code === 'too_big') return { key: 'validation.too_long', params: { maximum: issue.maximum } };
  if (issue.code === 'invalid_type') return { key: 'validation.required' };
  return { key: 'validation.invalid' };
}

/** The first message per top-level field of a failed `safeParse` (the order of the schema's checks). */
export function fieldErrors(result: SchemaResult<unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (!errors[field]) errors[field] = issueMessage(issue);
  }
  return errors;
}

/** The server's per-field messages (already in the user's language) of a rejected call, if any. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([field, text]) => [field, { text }]));
}
