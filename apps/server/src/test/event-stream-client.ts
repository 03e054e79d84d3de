import http from 'node:http';

export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The next event, or a rejection after `timeoutMs`. */
  next(timeoutMs?: number): Promise<StreamEvent>;
  /** Whether an event arrives within `ms` (false when none does). */
  receivesWithin(ms: number): Promise<boolean>;
  close(): void;
}

/** A minimal server-sent-events reader over node:http, for tests against a listening app. */
export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const events: StreamEvent[] = [];
      const waiters: ((event: StreamEvent) => void)[] = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const event: StreamEvent = { id: undefined, event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon === 0) continue;
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') event.id = value;
            else if (field === 'event') event.event = value;
            else if (field === 'data') {
              event.data += hasData ? `\n${value}` : value;
              hasData = true;
            }
          }
          if (!hasData) continue;
          const waiter = waiters.shift();
          if (waiter) waiter(event);
          else events.push(event);
        }
      });
      response.on('error', () => {});
      const opened: OpenStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        next(timeoutMs = 1000) {
          const queued = events.shift();
          if (queued) return Promise.resolve(queued);
          return new Promise((resolveEvent, rejectEvent) => {
            const timer = setTimeout(() => {
              const index = waiters.indexOf(deliver);
              if (index >= 0) waiters.splice(index, 1);
              rejectEvent(new Error(`no event within ${timeoutMs} ms`));
            }, timeoutMs);
            const deliver = (event: StreamEvent) => {
              clearTimeout(timer);
              resolveEvent(event);
            };
            waiters.push(deliver);
          });
        },
        async receivesWithin(ms) {
          try {
            const event = await opened.next(ms);
            events.unshift(event);
            return true;
          } catch {
            return false;
          }
        },
        close() {
          request.destroy();
        },
      };
      resolve(opened);
    });
    request.on('error', reject);
  });
}
