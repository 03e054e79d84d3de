import type { SupportMessage } from '@crossmart/contract';

/** Adds messages to a conversation by id (a live event may repeat one already fetched), oldest first. */
export function mergeMessages(current: readonly SupportMessage[], added: readonly SupportMessage[]): SupportMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of added) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
