import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { SupportMessage } from '@crossmart/contract';

/** Headers that keep every layer from buffering or compressing the stream. */
export const eventStreamHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  // no-transform: proxies and compression must pass each event through as it is written.
  'cache-control': 'no-cache, no-store, no-transform',
  // nginx and similar proxies otherwise buffer the answer.
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
} as const;

const heartbeatMs = 20_000;

/** Streams open in this process, for the `sse_connections` metric. */
let openStreams = 0;
export function openEventStreamCount(): number {
  return openStreams;
}
/** How long a browser waits before reconnecting (the client reconnects with a new ticket). */
const retryMs = 2000;

/**
 * One open server-sent-events answer on a hijacked reply: writes `message` events (the event id
 * is the message id, so a reconnect can say where it stopped) and a comment line as heartbeat,
 * which also keeps idle-timeout proxies from closing the connection.
 */
export class EventStream {
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;
  /** The highest message id written: replays and live events never write one twice. */
  private lastId: number;

  private readonly raw: ServerResponse;

  /**
   * `headers`: what the reply already carries (the security headers, the request id); the stream's
   * own headers win over them.
   */
  constructor(raw: ServerResponse, lastId: number, headers: OutgoingHttpHeaders) {
    this.raw = raw;
    this.lastId = lastId;
    raw.writeHead(200, { ...headers, ...eventStreamHeaders });
    raw.write(`retry: ${retryMs}\n\n`);
    openStreams += 1;
    this.heartbeat = setInterval(() => this.write(': ping\n\n'), heartbeatMs);
    this.heartbeat.unref();
    raw.on('close', () => this.close());
  }

  get isClosed() {
    return this.closed;
  }

  send(message: SupportMessage): void {
    if (message.id <= this.lastId) return;
    this.lastId = message.id;
    this.write(`id: ${message.id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  private write(chunk: string): void {
    if (this.closed) return;
    this.raw.write(chunk);
  }

  private onCloseCallbacks: (() => void)[] = [];

  onClose(callback: () => void): void {
    if (this.closed) callback();
    else this.onCloseCallbacks.push(callback);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    openStreams -= 1;
    clearInterval(this.heartbeat);
    if (!this.raw.writableEnded) this.raw.end();
    for (const callback of this.onCloseCallbacks.splice(0)) callback();
  }
}
