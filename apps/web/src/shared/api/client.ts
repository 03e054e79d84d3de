import { clientConstants, type LanguageFile, resultCodes } from '@crossmart/contract/client';
import { createDuplicateGuard } from './duplicate-guard.ts';
import { withQuery } from './query-string.ts';
import { browserTransport, type Transport, TransportError, type TransportRequest } from './transport.ts';

/** The answer envelope of docs/product-rules.md §7. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  error?: string;
  fields?: Record<string, string>;
}

export type ApiErrorKind = 'business' | 'unauthorized' | 'duplicate' | 'network' | 'timeout' | 'http' | 'canceled';

/** Every rejection of the client: the kind of failure, the message already shown, the server's details. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number | undefined;
  readonly errorKey: string | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(kind: ApiErrorKind, message: string, body?: Partial<Envelope<unknown>>) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = body?.code;
    this.errorKey = body?.error;
    this.fields = body?.fields;
  }
}

/** Messages the client itself produces (docs/spec.md §8); keys of the web locales. */
export type ClientMessageKey = 'api.network' | 'api.timeout' | 'api.status' | 'api.duplicate' | 'api.unknown';

export interface ApiClientDeps {
  /** Base URL of the API (config), '' for the same origin. */
  baseURL: string;
  getToken(): string;
  getLanguage(): LanguageFile;
  /** Shows a failure message (a toast in the app). */
  notify(message: string): void;
  /** A 401 while logged in: invalidate the token and go to /login. */
  onUnauthorized(): void;
  translate(key: ClientMessageKey, params?: Record<string, string>): string;
  now?: () => number;
  timeoutMs?: number;
  /** Transport override, e.g. for tests; fetch (XMLHttpRequest for uploads with progress) otherwise. */
  transport?: Transport;
}

/** Per-call options; `isToken` and `repeatSubmit` are the docs/spec.md §5 headers. */
export interface RequestOptions {
  /** false: do not send the token. */
  isToken?: boolean;
  /** false: bypass the duplicate-submit guard. */
  repeatSubmit?: boolean;
  /** Sent as `Idempotency-Key` on money-moving calls: one key per user action, reused on retry. */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Multipart uploads: called with 0–100 as the body is sent. */
  onUploadProgress?: (percent: number) => void;
  /** Background calls (a stream reconnecting): failures are thrown but not shown. */
  silent?: boolean;
}

type Method = 'get' | 'post' | 'put';

/** A fresh key for one user action on a money-moving call (docs/product-rules.md §2). */
export function newActionKey(): string {
  return crypto.randomUUID();
}

/** Maps a transport failure to docs/spec.md §8's three messages. */
export function transportMessage(
  error: unknown,
  translate: ApiClientDeps['translate'],
): { kind: ApiErrorKind; text: string } {
  if (!(error instanceof TransportError)) return { kind: 'http', text: translate('api.unknown') };
  if (error.failure === 'network') return { kind: 'network', text: translate('api.network') };
  if (error.failure === 'timeout') return { kind: 'timeout', text: translate('api.timeout') };
  if (error.failure === 'http') return { kind: 'http', text: translate('api.status', { code: String(error.status) }) };
  return { kind: 'canceled', text: 'canceled' };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The one HTTP client of the web app: docs/spec.md §7 (calls) and §8 (errors), exactly. */
export function createApiClient(deps: ApiClientDeps) {
  const send = deps.transport ?? browserTransport;
  const timeoutMs = deps.timeoutMs ?? clientConstants.requestTimeoutMs;
  /** Relative URLs stay relative to the page when the base URL is '' (the same origin). */
  const absolute = (url: string) => (/^https?:/.test(url) ? url : `${deps.baseURL}${url}`);
  const guard = createDuplicateGuard(clientConstants.duplicateSubmitWindowMs, deps.now ?? Date.now);
  const names = clientConstants.headers;

  async function request<T>(
    method: Method,
    url: string,
    payload: unknown,
    options: RequestOptions = {},
  ): Promise<Envelope<T>> {
    const language = deps.getLanguage();
    const notify = options.silent ? () => {} : deps.notify;
    const headers: Record<string, string> = { ...options.headers, [names.lang]: language, [names.language]: language };
    const token = deps.getToken();
    if (options.isToken !== false && token) headers[names.token] = token;
    if (options.idempotencyKey) headers[names.idempotencyKey] = options.idempotencyKey;

    const call: TransportRequest = {
      method: method === 'get' ? 'GET' : method === 'post' ? 'POST' : 'PUT',
      url: absolute(url),
      headers,
      timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onUploadProgress ? { onUploadProgress: options.onUploadProgress } : {}),
    };
    if (method === 'get') {
      call.url = absolute(withQuery(url, payload as Record<string, unknown> | undefined));
    } else {
      // FormData goes as multipart with the browser's boundary; anything else as JSON.
      call.body = payload ?? {};
      if (options.repeatSubmit !== false && guard.isDuplicate(url, call.body)) {
        const text = deps.translate('api.duplicate');
        notify(text);
        throw new ApiError('duplicate', text);
      }
    }

    let body: Envelope<T>;
    try {
      body = (await send(call)) as Envelope<T>;
    } catch (error) {
      const { kind, text } = transportMessage(error, deps.translate);
      if (kind === 'canceled') throw new ApiError('canceled', 'canceled');
      notify(text);
      throw new ApiError(kind, text);
    }

    if (body?.code === resultCodes.ok) return body;
    if (body?.code === resultCodes.unauthorized) {
      notify(body.msg);
      if (deps.getToken()) deps.onUnauthorized();
      throw new ApiError('unauthorized', body.msg, body);
    }
    const text = body?.msg || deps.translate('api.unknown');
    notify(text);
    throw new ApiError('business', text, body);
  }

  return {
    /** The request timeout in force (docs/spec.md §7: 10000 ms). */
    timeoutMs,
    /** The whole envelope, for callers that need `msg`. */
    request,
    async get<T>(url: string, params?: Record<string, unknown>, options?: RequestOptions): Promise<T> {
      return (await request<T>('get', url, params, options)).data;
    },
    async post<T>(url: string, data?: unknown, options?: RequestOptions): Promise<T> {
      return (await request<T>('post', url, data, options)).data;
    },
    async put<T>(url: string, data?: unknown, options?: RequestOptions): Promise<T> {
      return (await request<T>('put', url, data, options)).data;
    },
    /** A private file (payment evidence) read with the token header, as a Blob for an object URL. */
    async blob(url: string): Promise<Blob> {
      const headers: Record<string, string> = {};
      const token = deps.getToken();
      if (token) headers[names.token] = token;
      try {
        return (await send({ method: 'GET', url: absolute(url), headers, timeoutMs, responseType: 'blob' })) as Blob;
      } catch (error) {
        const { kind, text } = transportMessage(error, deps.translate);
        throw new ApiError(kind, text);
      }
    },
  };
}
