import { failureEnvelopeSchema, successEnvelope } from '@crossmart/contract';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { App } from '../app.ts';

export type Json = Record<string, unknown>;

/** The envelope every call answers with. */
export interface Envelope {
  code: number;
  msg: string;
  data?: unknown;
  error?: string;
  fields?: Record<string, string>;
}

export interface CallOptions {
  body?: unknown;
  token?: string | undefined;
  /** The `lang` header: `en` unless given; `null` sends none (the server's default language). */
  lang?: string | null;
  /** The `idempotency-key` header. */
  key?: string;
  /** The caller's address, for per-IP limits. */
  ip?: string;
}

export interface Reply {
  headers: Record<string, unknown>;
  body: Envelope;
}

/**
 * The one way server tests call the API (Fastify's `inject`, no network). The app is read at each
 * call, so a client can be made at the top of a file whose app is built in `beforeAll`.
 */
export function apiClient(app: () => App, defaults: Omit<CallOptions, 'body'> = {}) {
  async function call(method: 'GET' | 'POST', url: string, given: CallOptions = {}): Promise<Reply> {
    const options = { ...defaults, ...given };
    const headers: Record<string, string> = {};
    if (options.lang !== null) headers.lang = options.lang ?? 'en';
    if (options.token) headers.token = options.token;
    if (options.key) headers['idempotency-key'] = options.key;
    const res = await app().inject({
      method,
      url,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as Json }),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    });
    // Every answer is HTTP 200: success and failure are told apart by the envelope's `code`.
    expect(res.statusCode, `${method} ${url}`).toBe(200);
    return { headers: res.headers, body: res.json() as Envelope };
  }

  async function send(method: 'GET' | 'POST', url: string, options: CallOptions): Promise<Envelope> {
    return (await call(method, url, options)).body;
  }

  /** The data of a success, parsed with `schema`; any failure fails the test with its envelope. */
  async function data<T extends z.ZodType>(
    method: 'GET' | 'POST',
    url: string,
    schema: T,
    options: CallOptions = {},
  ): Promise<z.infer<T>> {
    const body = await send(method, url, options);
    expect(body.code, JSON.stringify(body)).toBe(1);
    return successData(schema, body);
  }

  return {
    call,
    get: (url: string, options: Omit<CallOptions, 'body'> = {}) => send('GET', url, options),
    post: (url: string, body: unknown = {}, options: Omit<CallOptions, 'body'> = {}) =>
      send('POST', url, { ...options, body }),
    data,
    /** `data` of a GET. */
    read: <T extends z.ZodType>(url: string, schema: T, options: Omit<CallOptions, 'body'> = {}) =>
      data('GET', url, schema, options),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/** The data of a success envelope, parsed with `schema` (throws on a failure envelope). */
export function successData<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  return (successEnvelope(schema).parse(body) as { data: z.infer<T> }).data;
}

/** A failure envelope, parsed (throws on a success). */
export function failure(body: unknown) {
  return failureEnvelopeSchema.parse(body);
}
