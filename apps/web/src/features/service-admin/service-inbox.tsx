import type { SupportConversation, SupportMessage } from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Badge, Button, Card, Empty, Input, List, Tag, Typography } from 'antd';
import { PictureOutline, SendOutline, UserOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { openServiceStream } from '../../shared/api/service-stream.ts';
import { uploadImage } from '../../shared/api/upload.ts';
import { currentTag } from '../../shared/i18n/i18n.ts';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { PrivateImage } from '../../shared/ui/private-image.tsx';
import {
  conversationKey,
  fetchConversation,
  fetchInbox,
  inboxKey,
  markConversationRead,
  sendReply,
} from './admin-service-api.ts';
import './service-inbox.css';

const timeOf = (iso: string) => new Date(iso).toLocaleString(currentTag(), { dateStyle: 'short', timeStyle: 'short' });

function mergeById(current: readonly SupportMessage[], added: readonly SupportMessage[]): SupportMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of added) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function preview(conversation: SupportConversation, picture: string): string {
  const last = conversation.last_message;
  if (!last) return '';
  return last.kind === 'image' ? picture : last.body;
}

/** One conversation; `live` is every message the inbox's stream delivered (this user's are shown). */
function Conversation({ user, live }: { user: SupportConversation; live: readonly SupportMessage[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: conversationKey(user.user_id),
    queryFn: () => fetchConversation(user.user_id),
  });
  const [messages, setMessages] = useState<SupportMessage[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastId = messages.at(-1)?.id;

  useEffect(() => {
    if (!data) return;
    setMessages((current) => mergeById(current, data.list));
    setHasOlder((had) => had || data.has_more);
  }, [data]);

  useEffect(() => {
    const mine = live.filter((message) => message.user_id === user.user_id);
    if (mine.length === 0) return;
    setMessages((current) => mergeById(current, mine));
    // Shown while open: the user's new messages are read.
    if (mine.at(-1)?.sender === 'user') void markConversationRead(user.user_id);
  }, [live, user.user_id]);

  // A picture's height is known only once it loaded: keep the newest message in view.
  const scrollToEnd = () => end.current?.scrollIntoView({ block: 'end' });
  useEffect(() => {
    if (lastId !== undefined) end.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);

  async function send(kind: 'text' | 'image', body: string) {
    setSending(true);
    try {
      const sent = await sendReply({ user_id: user.user_id, kind, body });
      setMessages((current) => mergeById(current, [sent]));
      if (kind === 'text') setDraft('');
      void queryClient.invalidateQueries({ queryKey: inboxKey });
    } catch {
      // shown by the API client
    } finally {
      setSending(false);
    }
  }

  async function onPicture(file: File | undefined) {
    if (!file) return;
    try {
      const { url } = await uploadImage(file, 'service');
      await send('image', url);
    } catch {
      // shown by the API client
    }
  }

  async function loadOlder() {
    const oldest = messages[0]?.id;
    if (oldest === undefined) return;
    const page = await fetchConversation(user.user_id, oldest);
    setMessages((current) => mergeById(page.list, current));
    setHasOlder(page.has_more);
  }

  const text = draft.trim();
  return (
    <div className="cm-inbox__chat">
      <div className="cm-inbox__chat-head">
        <Typography.Text strong>{user.name}</Typography.Text>
        <Typography.Text type="secondary">
          {user.account} · #{user.user_id}
        </Typography.Text>
      </div>
      <div className="cm-inbox__messages" data-testid="admin-conversation">
        {hasOlder && (
          <Button type="link" size="small" onClick={() => void loadOlder()}>
            {t('adminService.older')}
          </Button>
        )}
        {messages.map((message) => (
          <LiveMessage key={message.id} message={message} customer={user.name} onPictureLoad={scrollToEnd} />
        ))}
        <div ref={end} />
      </div>
      <div className="cm-inbox__composer">
        <Input.TextArea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t('adminService.placeholder')}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={2000}
          data-testid="admin-reply-input"
          onPressEnter={(event) => {
            if (event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            if (text) void send('text', text);
          }}
        />
        <div className="cm-inbox__composer-actions">
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            onChange={(event) => {
              void onPicture(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button icon={<PictureOutline />} onClick={() => fileInput.current?.click()} disabled={sending}>
            {t('adminService.sendPicture')}
          </Button>
          <Button
            type="primary"
            icon={<SendOutline />}
            disabled={!text}
            loading={sending}
            onClick={() => void send('text', text)}
            data-testid="admin-reply-send"
          >
            {t('adminService.send')}
          </Button>
        </div>
      </div>
    </div>
  );
}

function LiveMessage({
  message,
  customer,
  onPictureLoad,
}: {
  message: SupportMessage;
  customer: string;
  onPictureLoad(): void;
}) {
  const { t } = useTranslation();
  const isAgent = message.sender === 'agent';
  return (
    <div className={`cm-inbox__row cm-inbox__row--${message.sender}`} data-testid="admin-message">
      <Typography.Text type="secondary" className="cm-inbox__meta">
        {isAgent ? (message.agent_name ?? t('service.agent')) : customer} · {timeOf(message.created_at)}
      </Typography.Text>
      <div className="cm-inbox__bubble" dir="auto">
        {message.kind === 'image' ? (
          <PrivateImage
            url={message.body}
            alt={t('adminService.picture')}
            className="cm-inbox__picture"
            onLoad={onPictureLoad}
          />
        ) : (
          message.body
        )}
      </div>
    </div>
  );
}

/** The admin console's customer-service inbox: conversations (unread first) and the chosen one, live. */
export function ServiceInbox() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inbox = useQuery({ queryKey: inboxKey, queryFn: () => fetchInbox() });
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const [isLive, setLive] = useState(false);
  const [live, setLiveMessages] = useState<SupportMessage[]>([]);
  const conversations = inbox.data?.list ?? [];
  const chosen = conversations.find((conversation) => conversation.user_id === selected);

  useEffect(
    () =>
      openServiceStream({
        onOpen: () => {
          setLive(true);
          void queryClient.invalidateQueries({ queryKey: inboxKey });
        },
        onMessage: (message) => {
          // Kept bounded: the open conversation merges these into what it fetched.
          setLiveMessages((current) => [...current.slice(-199), message]);
          void queryClient.invalidateQueries({ queryKey: inboxKey });
        },
      }),
    [queryClient],
  );

  async function choose(userId: number) {
    setSelected(userId);
    await markConversationRead(userId).catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: inboxKey });
  }

  return (
    <Card
      className="cm-inbox"
      title={t('adminService.conversations')}
      extra={
        isLive ? (
          <Tag color="green" data-testid="inbox-live">
            {t('adminService.live')}
          </Tag>
        ) : (
          <Tag>{t('adminService.offline')}</Tag>
        )
      }
      styles={{ body: { padding: 0 } }}
    >
      <div className="cm-inbox__layout">
        <div className="cm-inbox__list">
          <List
            loading={inbox.isPending}
            dataSource={conversations}
            locale={{ emptyText: <Empty description={t('adminService.empty')} /> }}
            renderItem={(conversation) => (
              <List.Item
                className={`cm-inbox__item${conversation.user_id === selected ? ' cm-inbox__item--active' : ''}`}
                onClick={() => void choose(conversation.user_id)}
                data-testid="admin-conversation-item"
              >
                <List.Item.Meta
                  avatar={
                    <Badge count={conversation.agent_unread} size="small">
                      <Avatar icon={<UserOutline />} />
                    </Badge>
                  }
                  title={
                    <div className="cm-inbox__item-title">
                      <span>{conversation.name}</span>
                      <Typography.Text type="secondary" className="cm-inbox__time">
                        {timeOf(conversation.last_message_at)}
                      </Typography.Text>
                    </div>
                  }
                  description={
                    <Typography.Text type="secondary" ellipsis className="cm-inbox__preview">
                      {preview(conversation, t('adminService.picture'))}
                    </Typography.Text>
                  }
                />
              </List.Item>
            )}
          />
        </div>
        {chosen ? (
          <Conversation key={chosen.user_id} user={chosen} live={live} />
        ) : (
          <div className="cm-inbox__placeholder">
            <Empty description={t('adminService.choose')} />
          </div>
        )}
      </div>
    </Card>
  );
}
