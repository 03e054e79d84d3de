import type { SupportInbox, SupportMessage, SupportMessagePage, SupportReplyRequest } from '@crossmart/contract';
import { api } from '../../shared/api/index.ts';

export const inboxKey = ['admin', 'service', 'inbox'] as const;
export const conversationKey = (userId: number) => ['admin', 'service', 'messages', userId] as const;

/** `GET /api/admin/service_inbox`: unread conversations first, then by last message. */
export const fetchInbox = (page = 1) => api.get<SupportInbox>('/api/admin/service_inbox', { page });

/** `GET /api/admin/service_messages`: a page of one user's conversation, oldest first. */
export const fetchConversation = (userId: number, beforeId?: number) =>
  api.get<SupportMessagePage>('/api/admin/service_messages', {
    user_id: userId,
    ...(beforeId ? { before_id: beforeId } : {}),
  });

/** `POST /api/admin/service_reply`. */
export const sendReply = (body: SupportReplyRequest) =>
  api.post<SupportMessage>('/api/admin/service_reply', body, { repeatSubmit: false });

/** `POST /api/admin/service_read`: the user's messages are read. */
export const markConversationRead = (userId: number) =>
  api.post<{ unread: number }>('/api/admin/service_read', { user_id: userId }, { repeatSubmit: false, silent: true });
