import { clientConstants, type LanguageFile, resultCodes } from '@crossmart/contract/client';
import axios, { type AxiosAdapter, type AxiosRequestConfig, isCancel } from 'axios';
import { createDuplicateGuard } from './duplicate-guard.ts';
import { withQuery } from './query-string.ts';

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
  /** Transport override, e.g. for tests; axios picks XHR in browsers and http in Node otherwise. */
  adapter?: AxiosAdapter;
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

/** Maps axios' transport messages to docs/spec.md §8's three messages. */
export function transportMessage(
  message: string,
  translate: ApiClientDeps['translate'],
): { kind: ApiErrorKind; text: string } {
  if (message === 'Network Error') return { kind: 'network', text: translate('api.network') };
  if (message.includes('timeout')) return { kind: 'timeout', text: translate('api.timeout') };
  if (message.includes('Request failed with status code')) {
    return { kind: 'http', text: translate('api.status', { code: message.slice(-3) }) };
  }
  return { kind: 'http', text: message || translate('api.unknown') };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The one HTTP client of the web app: docs/spec.md §7 (calls) and §8 (errors), exactly. */
export function createApiClient(deps: ApiClientDeps) {
  const http = axios.create({
    baseURL: deps.baseURL,
    timeout: deps.timeoutMs ?? clientConstants.requestTimeoutMs,
    headers: { 'Content-Type': 'application/json;charset=utf-8' },
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });
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

    const config: AxiosRequestConfig = { method, headers, ...(options.signal ? { signal: options.signal } : {}) };
    const onProgress = options.onUploadProgress;
    if (onProgress) {
      config.onUploadProgress = (event) => {
        if (event.total) onProgress(Math.round((event.loaded / event.total) * 100));
      };
    }
    if (payload instanceof FormData) {
      // The browser sets multipart/form-data with its boundary.
      headers['Content-Type'] = 'multipart/form-data';
    }
    if (method === 'get') {
      config.url = withQuery(url, payload as Record<string, unknown> | undefined);
    } else {
      config.url = url;
      config.data = payload ?? {};
      if (options.repeatSubmit !== false && guard.isDuplicate(url, config.data)) {
        const text = deps.translate('api.duplicate');
        notify(text);
        throw new ApiError('duplicate', text);
      }
    }

    let body: Envelope<T>;
    try {
      body = (await http.request<Envelope<T>>(config)).data;
    } catch (error) {
      if (isCancel(error)) throw new ApiError('canceled', 'canceled');
      const { kind, text } = transportMessage(error instanceof Error ? error.message : String(error), deps.translate);
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
    timeoutMs: http.defaults.timeout ?? 0,
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
        return (await http.request<Blob>({ method: 'get', url, headers, responseType: 'blob' })).data;
      } catch (error) {
        const { kind, text } = transportMessage(error instanceof Error ? error.message : String(error), deps.translate);
        throw new ApiError(kind, text);
      }
    },
  };
}
