import type { SupportMessage, SupportMessagePage, SupportSendRequest } from '@crossmart/contract';
import { api } from '../../../shared/api/index.ts';

export const serviceMessagesKey = ['service', 'messages'] as const;

/** `GET /api/service/messages`: a page of the conversation, oldest first; `beforeId` pages back. */
export function fetchMessages(beforeId?: number) {
  return api.get<SupportMessagePage>('/api/service/messages', beforeId ? { before_id: beforeId } : undefined);
}

/** `POST /api/service/send`: a text, or the url of a picture uploaded with purpose `service`. */
export function sendMessage(body: SupportSendRequest) {
  return api.post<SupportMessage>('/api/service/send', body, { repeatSubmit: false });
}

/** `POST /api/service/read`: the agents' messages have been seen. */
export function markServiceRead() {
  return api.post<{ unread: number }>('/api/service/read', undefined, { repeatSubmit: false, silent: true });
}
