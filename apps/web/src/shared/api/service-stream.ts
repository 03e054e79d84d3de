import type { SupportMessage, SupportTicket } from '@crossmart/contract';
import { api } from './index.ts';

export interface ServiceStreamHandlers {
  onMessage(message: SupportMessage): void;
  /** Connected (again): a screen may refetch what it shows. */
  onOpen?(): void;
}

const firstRetryMs = 1000;
const maxRetryMs = 15_000;

/**
 * The customer-service event stream (`GET /api/service/stream`): the user's conversation, or
 * every conversation for an admin. EventSource cannot send the token header and the token must
 * not go in a URL, so each connection first takes a single-use ticket with the header. On an
 * error the stream reconnects with a new ticket and `last_id`, and the server replays what was
 * missed. Returns the function that closes it.
 */
export function openServiceStream(handlers: ServiceStreamHandlers): () => void {
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let lastId: number | undefined;
  let retryMs = firstRetryMs;

  function retry() {
    if (closed) return;
    timer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  }

  async function connect() {
    let ticket: SupportTicket;
    try {
      ticket = await api.post<SupportTicket>('/api/service/ticket', undefined, { repeatSubmit: false, silent: true });
    } catch {
      retry();
      return;
    }
    if (closed) return;
    const query = new URLSearchParams({ ticket: ticket.ticket });
    if (lastId !== undefined) query.set('last_id', String(lastId));
    const opened = new EventSource(`${import.meta.env.VITE_API_BASE_URL ?? ''}/api/service/stream?${query}`);
    source = opened;
    opened.onopen = () => {
      retryMs = firstRetryMs;
      handlers.onOpen?.();
    };
    opened.addEventListener('message', (event) => {
      const message = JSON.parse(event.data) as SupportMessage;
      lastId = message.id;
      handlers.onMessage(message);
    });
    // The ticket is spent: the browser's own reconnect would fail, so reconnect with a new one.
    opened.onerror = () => {
      opened.close();
      if (source === opened) source = undefined;
      retry();
    };
  }

  void connect();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    source?.close();
  };
}
