/**
 * The HTTP transport under the API client: `fetch` for every call, `XMLHttpRequest` only for an upload
 * that reports progress (fetch cannot observe a request body being sent). A few lines of our own in
 * place of axios, which weighed 23 KB gzip on the buying journey (ADR 0014).
 */
import { takeEarlyGet } from './early-request.ts';

/** How a call failed before an envelope could be read (docs/spec.md §8 maps each to its message). */
export type TransportFailure = 'network' | 'timeout' | 'http' | 'canceled';

export class TransportError extends Error {
  readonly failure: TransportFailure;
  /** The HTTP status of an `http` failure. */
  readonly status: number | undefined;

  constructor(failure: TransportFailure, status?: number) {
    super(status === undefined ? failure : `${failure} ${status}`);
    this.name = 'TransportError';
    this.failure = failure;
    this.status = status;
  }
}

export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT';
  /** Absolute, or relative to the page. */
  url: string;
  headers: Record<string, string>;
  /** A JSON value (sent as JSON) or FormData (sent as multipart with the browser's boundary). */
  body?: unknown;
  /** The caller's cancellation; a `canceled` failure, never shown. */
  signal?: AbortSignal;
  timeoutMs: number;
  /** Reads the answer as a Blob instead of JSON. */
  responseType?: 'json' | 'blob';
  /** Called with 0–100 as the body is sent; switches this call to XMLHttpRequest. */
  onUploadProgress?: (percent: number) => void;
}

/** Sends one request and resolves the parsed answer of a 2xx status; rejects with a TransportError. */
export type Transport = (request: TransportRequest) => Promise<unknown>;

/** JSON when the answer is JSON; the raw text otherwise (the client then reports an unknown failure). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function encodeBody(request: TransportRequest): BodyInit | undefined {
  if (request.body === undefined) return undefined;
  if (request.body instanceof FormData) return request.body;
  request.headers['Content-Type'] = 'application/json;charset=utf-8';
  return JSON.stringify(request.body);
}

/** A signal that aborts on the caller's signal or after the timeout, and says which happened. */
function deadline(request: TransportRequest) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (request.signal?.aborted) controller.abort();
  request.signal?.addEventListener('abort', onCallerAbort);
  return {
    signal: controller.signal,
    failure: (): TransportFailure => (timedOut ? 'timeout' : request.signal?.aborted ? 'canceled' : 'network'),
    done() {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    },
  };
}

/** An answer already on its way (early-request.ts), given up on the caller's abort or the timeout like fetch's own. */
function untilAborted<T>(pending: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
    pending.then(resolve, reject);
  });
}

async function viaFetch(request: TransportRequest): Promise<unknown> {
  const body = encodeBody(request);
  const limit = deadline(request);
  try {
    const early = takeEarlyGet(request);
    const response = await (early
      ? untilAborted(early, limit.signal)
      : fetch(request.url, {
          method: request.method,
          headers: request.headers,
          ...(body === undefined ? {} : { body }),
          signal: limit.signal,
        }));
    if (!response.ok) throw new TransportError('http', response.status);
    return request.responseType === 'blob' ? await response.blob() : parseBody(await response.text());
  } catch (error) {
    if (error instanceof TransportError) throw error;
    // fetch rejects with a TypeError when the connection fails, an AbortError when aborted.
    throw new TransportError(limit.failure());
  } finally {
    limit.done();
  }
}

function viaXhr(request: TransportRequest, onProgress: (percent: number) => void): Promise<unknown> {
  const body = encodeBody(request);
  const limit = deadline(request);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    const fail = (failure: TransportFailure) => {
      limit.done();
      reject(new TransportError(failure));
    };
    xhr.onerror = () => fail('network');
    xhr.onabort = () => fail(limit.failure());
    xhr.onload = () => {
      limit.done();
      if (xhr.status < 200 || xhr.status >= 300) reject(new TransportError('http', xhr.status));
      else resolve(parseBody(xhr.responseText));
    };
    limit.signal.addEventListener('abort', () => xhr.abort());
    xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

/** The browser's transport: fetch, or XMLHttpRequest for an upload with progress. */
export const browserTransport: Transport = (request) =>
  request.onUploadProgress ? viaXhr(request, request.onUploadProgress) : viaFetch(request);
