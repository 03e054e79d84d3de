import type { SupportMessage } from '@crossmart/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, TextArea } from 'antd-mobile';
import { PictureOutline, UserContactOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { openServiceStream } from '../../../shared/api/service-stream.ts';
import { uploadImage } from '../../../shared/api/upload.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { formatRelative, formatTime, useNow } from '../../../shared/lib/format-time.ts';
import { unreadKey } from '../../../shared/session/unread-count.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PrivateImage } from '../../../shared/ui/private-image.tsx';
import { fetchMessages, markServiceRead, sendMessage, serviceMessagesKey } from '../api/service.ts';
import { mergeMessages } from '../components/merge-messages.ts';
import '../service.css';

/** Contexts other screens open the chat with: the draft starts with a line that says why. */
const contextDrafts: Record<string, string> = { manual_recharge: 'service.draftManualRecharge' };

function MessageRow({ message, now, onPictureLoad }: { message: SupportMessage; now: number; onPictureLoad(): void }) {
  const { t } = useTranslation();
  const isAgent = message.sender === 'agent';
  return (
    <div
      className={`cm-chat__row cm-chat__row--${message.sender}`}
      data-testid="service-message"
      data-sender={message.sender}
    >
      {isAgent && (
        <span className="cm-chat__avatar" aria-hidden="true">
          <UserContactOutline />
        </span>
      )}
      <div className="cm-chat__column">
        <p className="cm-chat__meta">
          {isAgent ? (message.agent_name ?? t('service.agent')) : t('service.you')}
          <time dateTime={message.created_at} title={formatTime(message.created_at)}>
            {formatRelative(message.created_at, now)}
          </time>
        </p>
        {/* dir="auto": a message keeps its own writing direction whatever the UI language. */}
        <div className={`cm-chat__bubble${message.kind === 'image' ? ' cm-chat__bubble--image' : ''}`} dir="auto">
          {message.kind === 'image' ? (
            <PrivateImage
              url={message.body}
              alt={t('service.picture')}
              className="cm-chat__picture"
              onLoad={onPictureLoad}
            />
          ) : (
            message.body
          )}
        </div>
      </div>
    </div>
  );
}

/** `/service`, `/services`: the user's conversation with customer service, live (docs/product-rules.md §5). */
export default function ServicePage() {
  const { t } = useTranslation();
  const now = useNow();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const latest = useQuery({ queryKey: serviceMessagesKey, queryFn: () => fetchMessages() });
  const [messages, setMessages] = useState<SupportMessage[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;

  useEffect(() => {
    if (!latest.data) return;
    setMessages((current) => mergeMessages(current, latest.data.list));
    setHasOlder((had) => had || latest.data.has_more);
  }, [latest.data]);

  // Opened from another screen with a reason (the manual recharge): start the draft with it.
  const context = params.get('context');
  useEffect(() => {
    const key = context ? contextDrafts[context] : undefined;
    if (key) setDraft((current) => current || t(key));
  }, [context, t]);

  // Reading: on open, and on each agent message while the chat is shown.
  useEffect(() => {
    const read = () =>
      markServiceRead().then(
        () => queryClient.invalidateQueries({ queryKey: unreadKey }),
        () => undefined,
      );
    void read();
    return openServiceStream({
      onMessage: (message) => {
        setMessages((current) => mergeMessages(current, [message]));
        if (message.sender === 'agent') void read();
      },
      // Whatever arrived before the stream was connected.
      onOpen: () => void queryClient.invalidateQueries({ queryKey: serviceMessagesKey }),
    });
  }, [queryClient]);

  // A picture's height is known only once it loaded: keep the newest message in view.
  const scrollToEnd = () => end.current?.scrollIntoView({ block: 'end' });
  useEffect(() => {
    if (lastId !== undefined) end.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);

  async function loadOlder() {
    const oldest = messages[0]?.id;
    if (oldest === undefined) return;
    const page = await fetchMessages(oldest);
    setMessages((current) => mergeMessages(page.list, current));
    setHasOlder(page.has_more);
  }

  async function send(kind: 'text' | 'image', body: string) {
    setSending(true);
    try {
      const sent = await sendMessage({ kind, body });
      setMessages((current) => mergeMessages(current, [sent]));
      if (kind === 'text') setDraft('');
    } catch {
      // shown by the API client
    } finally {
      setSending(false);
    }
  }

  async function onPicture(file: File | undefined) {
    if (!file) return;
    setSending(true);
    try {
      const { url } = await uploadImage(file, 'service');
      await send('image', url);
    } catch {
      setSending(false);
    }
  }

  const text = draft.trim();
  return (
    <Page className="cm-service">
      <div className="cm-chat" aria-live="polite">
        {hasOlder && (
          <button type="button" className="cm-chat__older" onClick={() => void loadOlder()}>
            {t('service.older')}
          </button>
        )}
        <div className="cm-chat__row cm-chat__row--agent">
          <span className="cm-chat__avatar" aria-hidden="true">
            <UserContactOutline />
          </span>
          <div className="cm-chat__column">
            <p className="cm-chat__meta">{t('service.team')}</p>
            <div className="cm-chat__bubble">{t('service.welcome')}</div>
          </div>
        </div>
        {messages.map((message) => (
          <MessageRow key={message.id} message={message} now={now} onPictureLoad={scrollToEnd} />
        ))}
        <div ref={end} className="cm-chat__end" />
      </div>
      <form
        className="cm-composer"
        onSubmit={(event) => {
          event.preventDefault();
          if (text) void send('text', text);
        }}
      >
        <button
          type="button"
          className="cm-composer__picture"
          aria-label={t('service.sendPicture')}
          disabled={sending}
          onClick={() => fileInput.current?.click()}
        >
          <PictureOutline />
        </button>
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
        <TextArea
          className="cm-composer__input"
          value={draft}
          onChange={setDraft}
          placeholder={t('service.placeholder')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={2000}
          aria-label={t('service.placeholder')}
          data-testid="service-input"
        />
        <Button type="submit" color="primary" size="small" disabled={!text || sending} data-testid="service-send">
          {t('service.send')}
        </Button>
      </form>
    </Page>
  );
}
