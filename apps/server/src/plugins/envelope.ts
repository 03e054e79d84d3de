import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type ErrorKey,
  type FailureEnvelope,
  resultCodes,
  type ValidationKey,
  validationKeys,
} from '@crossmart/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { conflictOf } from '../db/conflict-retry.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError, type MessageParams } from '../errors.ts';
import { hasMessage, resolveRequestLanguage, translate } from '../i18n/translate.ts';
import { setSecurityHeaders } from './security-headers.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** The error key of a failure envelope, for the request log line and the error metric. */
    errorKey: ErrorKey | null;
  }
}

/** The success envelope (docs/product-rules.md, API conventions). */
export function ok<T>(request: FastifyRequest, data: T, messageKey = 'success.ok') {
  return { code: resultCodes.ok, msg: request.t(messageKey), data };
}

interface FailureOptions {
  status?: number;
  code?: FailureEnvelope['code'];
  params?: MessageParams | undefined;
  fields?: Record<string, string> | undefined;
}

/**
 * Sends a failure envelope. It bypasses the route's response serializer, which describes only
 * the success shape.
 */
export function sendFailure(request: FastifyRequest, reply: FastifyReply, key: ErrorKey, options: FailureOptions = {}) {
  return sendFailureIn(request.t.bind(request), request, reply, key, options);
}

function sendFailureIn(
  t: FastifyRequest['t'],
  request: FastifyRequest,
  reply: FastifyReply,
  key: ErrorKey,
  options: FailureOptions,
) {
  const body: FailureEnvelope = {
    code: options.code ?? (key === 'UNAUTHORIZED' ? resultCodes.unauthorized : resultCodes.failure),
    msg: t(`errors.${key}`, options.params),
    error: key,
    data: null,
    request_id: request.id,
  };
  if (options.fields) body.fields = options.fields;
  reply.errorKey = key;
  return reply
    .code(options.status ?? 200)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(body);
}

/** Fastify's own 4xx errors (bad JSON, body too large, …) mapped to error keys. */
const statusKeys: Record<number, ErrorKey> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

type ValidationIssue = {
  instancePath?: string;
  keyword: string;
  message?: string | undefined;
  params: Record<string, unknown>;
};

function valueAt(source: unknown, segments: string[]): unknown {
  let current = source;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** A localized message per invalid field; schemas may name a `validation.*` key as their message. */
function describeIssues(request: FastifyRequest, issues: ValidationIssue[], context: string | undefined) {
  const source =
    context === 'querystring'
      ? request.query
      : context === 'params'
        ? request.params
        : context === 'headers'
          ? request.headers
          : request.body;
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const segments = (issue.instancePath ?? '').split('/').filter(Boolean);
    const field = segments.join('.') || '_';
    if (fields[field]) continue;
    fields[field] = request.t(messageKeyFor(issue, valueAt(source, segments)), numericParams(issue.params));
  }
  return fields;
}

function messageKeyFor(issue: ValidationIssue, value: unknown): string {
  if (issue.message && /^[a-z_]+\.[a-z_.]+$/.test(issue.message) && hasMessage(issue.message)) return issue.message;
  if (value === undefined || value === null || value === '') return 'validation.required';
  const origin = issue.params.origin;
  const byCode: Record<string, ValidationKey> = {
    too_small: origin === 'string' ? 'too_short' : 'too_small',
    too_big: origin === 'string' ? 'too_long' : 'too_big',
    invalid_value: 'invalid_option',
  };
  const key = byCode[issue.keyword] ?? (issue.params.expected === 'int' ? 'not_integer' : 'invalid');
  return `validation.${validationKeys.includes(key) ? key : 'invalid'}`;
}

function numericParams(params: Record<string, unknown>): MessageParams {
  const out: MessageParams = {};
  for (const name of ['minimum', 'maximum']) {
    const value = params[name];
    if (typeof value === 'number' || typeof value === 'bigint') out[name] = Number(value);
  }
  return out;
}

/** Services name messages by key in AppError fields (`{ email: 'errors.EMAIL_TAKEN' }`); translate those. */
function localizeFields(request: FastifyRequest, fields: Record<string, string> | undefined) {
  if (!fields) return undefined;
  return Object.fromEntries(
    Object.entries(fields).map(([field, message]) => [field, hasMessage(message) ? request.t(message) : message]),
  );
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode (400) or a path parameter over its length
 * limit (414) is answered before any hook runs, so without this the answer would be Fastify's own
 * JSON, without the envelope, the caller's language or the security headers.
 */
export function sendFrameworkFailure(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // The request is not decorated yet (no `t`, no language): translate directly.
  const lang = resolveRequestLanguage(request.headers);
  setSecurityHeaders(reply);
  const status = error.statusCode ?? 400;
  if (status >= 500) request.log.error({ err: error }, 'framework error');
  const key = status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  return sendFailureIn((message, params) => translate(lang, message, params), request, reply, key, { status });
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses (a URL or headers beyond its
 * size limit, 431; a timeout, 408; malformed HTTP, 400) never becomes a request, so the answer is
 * written on the socket: still the envelope (in the default language) with the security headers.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  if (socket.writable) {
    const body = JSON.stringify({
      code: resultCodes.failure,
      msg: translate(resolveRequestLanguage({}), 'errors.BAD_REQUEST'),
      error: 'BAD_REQUEST',
      data: null,
    } satisfies FailureEnvelope);
    const headers = [
      ...Object.entries(this.securityHeaders ?? {}),
      ['content-type', 'application/json; charset=utf-8'],
      ['content-length', String(Buffer.byteLength(body))],
      ['connection', 'close'],
    ];
    const head = headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(error);
}

/** One error handler for the whole app: every failure leaves as an envelope, never with internals. */
export const envelopePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateReply('errorKey', null);
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        return sendFailure(request, reply, error.key, {
          params: error.params,
          fields: localizeFields(request, error.fields),
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = describeIssues(request, error.validation, error.validationContext);
        return sendFailure(request, reply, 'VALIDATION_FAILED', { fields });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const key = statusKeys[status] ?? 'BAD_REQUEST';
        return sendFailure(request, reply, key, { status: key === 'UNAUTHORIZED' ? 200 : status });
      }
      const conflict = conflictOf(error);
      if (isDatabaseUnavailable(error) || conflict) {
        // A database restart or failover (the pool reconnects by itself), or a transaction that
        // lost a deadlock on each of its runs (ADR 0025; rolled back whole): the client may retry.
        request.log.warn({ err: error }, conflict ? `database ${conflict}` : 'database unavailable');
        reply.header('retry-after', '1');
        return sendFailure(request, reply, 'SERVICE_UNAVAILABLE', { status: 503 });
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendFailure(request, reply, status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL', {
        status: Math.max(status, 500),
      });
    });
  },
  { name: 'envelope' },
);
