import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ConversationDto, MessageDto, MessageType, UserDirectoryEntryDto } from '@werkboard/common';
import {
  canWriteDirectMessage,
  de,
  DEFAULT_MESSAGE_TYPE,
  MESSAGE_MAX_LENGTH,
  MESSAGE_TYPES,
  messageTypeOf,
} from '@werkboard/common';
import { markConversationRead, useConversationQuery, useConversationsQuery } from '../../api/endpoints/messages';
import { useUserDirectoryQuery } from '../../api/endpoints/users';
import { loadStateOf } from '../../api/loadState';
import type { UnlockedKey } from '../../entities/messaging/messageCrypto';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatDateTime } from '../../utils/format';
import { RecipientDialog } from './RecipientDialog';
import { recipientKey, sendDirectMessage } from './sendDirectMessage';
import { type KeyState, useMessageKey, useMessageTexts } from './useMessageTexts';
import { MESSAGE_REFRESH_MS } from './messageRefresh';

const m = de.directMessages;

/** A message written here that waits in the outbox for the server. */
interface Pending {
  id: number;
  text: string;
  messageType: MessageType;
}

/**
 * /messages and /messages/{userId} (spec section 2): the conversation list on the left with
 * 'Senden', the thread on the right. On the phone one of the two shows at a time. Texts are
 * opened in the browser with the user's message key (docs/security.md); without WebCrypto
 * (plain http) the screen says why, and nothing is ever sent unencrypted.
 */
export function MessagesPage() {
  const { userId } = useParams();
  const me = useAppSelector((state) => state.auth.user);
  const keyState = useMessageKey();
  if (!me) return null;
  return (
    <div className={userId ? 'page messages messages--thread-open' : 'page messages'}>
      <h1 className="page__title messages__title">{m.title}</h1>
      {keyState.status === 'insecure' ? (
        <div className="notice" role="alert">
          <p className="notice__text">{m.insecureContext}</p>
        </div>
      ) : (
        <MessagesLayout meId={me.id} meRole={me.role} otherId={userId} keyState={keyState} />
      )}
    </div>
  );
}

function MessagesLayout({
  meId,
  meRole,
  otherId,
  keyState,
}: {
  meId: string;
  meRole: Parameters<typeof canWriteDirectMessage>[0]['role'];
  otherId: string | undefined;
  keyState: KeyState;
}) {
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);
  const key = keyState.status === 'ready' ? keyState.key : null;
  const conversations = useConversationsQuery(undefined, { pollingInterval: MESSAGE_REFRESH_MS });
  const list = loadStateOf(conversations);
  const { refetch } = conversations;

  useEffect(() => {
    const refresh = () => void refetch();
    window.addEventListener('storage', refresh);
    return () => window.removeEventListener('storage', refresh);
  }, [refetch]);

  return (
    <>
      {keyState.status === 'locked' && (
        <div className="notice" role="status">
          <p className="notice__text">{m.keyLocked}</p>
        </div>
      )}
      <div className="messages__layout">
        <section className="messages__list" aria-label={m.title}>
          <button type="button" className="button button--primary button--block" onClick={() => setChoosing(true)}>
            {m.send}
          </button>
          {list.status === 'loading' && <p className="muted">{de.app.loading}</p>}
          {list.status === 'failed' && <p className="form-error">{m.loadFailed}</p>}
          {list.status === 'loaded' && (
            <ConversationList conversations={list.data} meId={meId} activeId={otherId} unlocked={key} />
          )}
        </section>
        <section className="messages__thread">
          {otherId ? (
            <Thread key={otherId} meId={meId} meRole={meRole} otherId={otherId} unlocked={key} conversations={list} />
          ) : (
            <p className="messages__welcome muted">{m.welcome}</p>
          )}
        </section>
      </div>
      {choosing && (
        <RecipientDialog
          ownId={meId}
          onClose={() => setChoosing(false)}
          onChoose={(user) => {
            setChoosing(false);
            void navigate(`/messages/${user.id}`);
          }}
        />
      )}
    </>
  );
}

function ConversationList({
  conversations,
  meId,
  activeId,
  unlocked,
}: {
  conversations: ConversationDto[];
  meId: string;
  activeId: string | undefined;
  unlocked: UnlockedKey | null;
}) {
  // One array per answer: a new one each render would open the texts again and again.
  const lastMessages = useMemo(() => conversations.map((conversation) => conversation.lastMessage), [conversations]);
  const texts = useMessageTexts(lastMessages, unlocked, meId);
  if (conversations.length === 0) return <p className="muted">{m.noConversations}</p>;
  return (
    <ul className="conversation-list">
      {conversations.map(({ otherUser, lastMessage, unreadCount }) => {
        const text = texts.get(lastMessage.id);
        const own = lastMessage.senderId === meId;
        return (
          <li key={otherUser.id}>
            <Link
              to={`/messages/${otherUser.id}`}
              className={otherUser.id === activeId ? 'conversation conversation--active' : 'conversation'}
              aria-current={otherUser.id === activeId ? 'page' : undefined}
            >
              <span className="conversation__head">
                <span className="conversation__name">{otherUser.username}</span>
                <time className="conversation__time muted" dateTime={lastMessage.timestamp}>
                  {formatDateTime(lastMessage.timestamp)}
                </time>
              </span>
              <span className="conversation__last">
                {own ? m.ownPrefix : ''}
                {text === undefined ? '…' : (text ?? m.cannotDecrypt)}
              </span>
              {unreadCount > 0 && (
                <span className="conversation__unread" aria-label={`${m.unread}: ${unreadCount}`} title={m.unread} />
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Thread({
  meId,
  meRole,
  otherId,
  unlocked,
  conversations,
}: {
  meId: string;
  meRole: Parameters<typeof canWriteDirectMessage>[0]['role'];
  otherId: string;
  unlocked: UnlockedKey | null;
  conversations: ReturnType<typeof loadStateOf<ConversationDto[]>>;
}) {
  const dispatch = useAppDispatch();
  const thread = useConversationQuery(otherId, { pollingInterval: MESSAGE_REFRESH_MS });
  const directory = loadStateOf(useUserDirectoryQuery());
  const messages = loadStateOf(thread);
  const [pending, setPending] = useState<Pending[]>([]);
  const syncPending = useAppSelector((state) => state.sync.pending);
  const shown = messages.status === 'loaded' ? messages.data : NO_MESSAGES;
  // Once the outbox sent everything, what waited is in the thread the server answers.
  const waiting = syncPending > 0 ? pending : NO_PENDING;
  const texts = useMessageTexts(shown, unlocked, meId);
  const end = useRef<HTMLLIElement>(null);

  const other: Pick<UserDirectoryEntryDto, 'id' | 'username' | 'directMessagesEnabled'> | undefined =
    (directory.status === 'loaded' ? directory.data.find((user) => user.id === otherId) : undefined) ??
    (conversations.status === 'loaded'
      ? conversations.data.find((conversation) => conversation.otherUser.id === otherId)?.otherUser
      : undefined);

  // Opening a conversation with unread messages marks it read (spec section 4).
  const unread = shown.some((message) => message.recipientId === meId && !message.read);
  useEffect(() => {
    if (unread) void dispatch(markConversationRead(otherId)).catch(() => undefined);
  }, [unread, otherId, dispatch]);

  // The recipient's key is fetched while online, so a message written offline can be sealed.
  useEffect(() => {
    void dispatch(recipientKey(otherId)).catch(() => undefined);
  }, [otherId, dispatch]);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [shown.length, waiting.length]);

  return (
    <div className="thread">
      <header className="thread__header">
        <Link to="/messages" className="thread__back" aria-label={m.back}>
          ←
        </Link>
        <h2 className="thread__title">{other?.username ?? ''}</h2>
      </header>
      <ol className="thread__messages" aria-label={other?.username ?? m.title}>
        {messages.status === 'loading' && <li className="muted">{de.app.loading}</li>}
        {messages.status === 'failed' && <li className="form-error">{m.loadFailed}</li>}
        {messages.status === 'loaded' && shown.length === 0 && waiting.length === 0 && (
          <li className="muted thread__empty">{m.noMessages}</li>
        )}
        {shown.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            own={message.senderId === meId}
            text={texts.get(message.id)}
          />
        ))}
        {waiting.map((item) => (
          <li key={`pending-${item.id}`} className="bubble bubble--own bubble--pending">
            <span className="bubble__type">{item.messageType}</span>
            <p className="bubble__text">{item.text}</p>
            <span className="bubble__meta">{m.pending}</span>
          </li>
        ))}
        <li ref={end} aria-hidden="true" className="thread__end" />
      </ol>
      <Composer
        disabled={unlocked === null}
        onSend={async (text, messageType) => {
          if (other && !canWriteDirectMessage({ role: meRole }, other)) {
            window.alert(m.recipientRefuses);
            return false;
          }
          const outcome = await dispatch(sendDirectMessage(otherId, text, messageType));
          if (outcome.kind === 'failed') {
            window.alert(outcome.alert);
            return false;
          }
          if (outcome.kind === 'queued') setPending([...waiting, { id: Date.now(), text, messageType }]);
          return true;
        }}
      />
    </div>
  );
}

const NO_MESSAGES: MessageDto[] = [];
const NO_PENDING: Pending[] = [];

function MessageBubble({ message, own, text }: { message: MessageDto; own: boolean; text: string | null | undefined }) {
  return (
    <li className={own ? 'bubble bubble--own' : 'bubble'}>
      <span className="bubble__type">{messageTypeOf(message.messageType)}</span>
      {text === null ? (
        <p className="bubble__text bubble__text--sealed">{m.cannotDecrypt}</p>
      ) : (
        <p className="bubble__text">{text ?? '…'}</p>
      )}
      <time className="bubble__meta" dateTime={message.timestamp}>
        {formatDateTime(message.timestamp)}
      </time>
    </li>
  );
}

function Composer({
  disabled,
  onSend,
}: {
  disabled: boolean;
  onSend: (text: string, messageType: MessageType) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const [messageType, setMessageType] = useState<MessageType>(DEFAULT_MESSAGE_TYPE);
  const [busy, setBusy] = useState(false);
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  // Spec section 5: empty or whitespace-only text is not sent.
  const blank = text.trim() === '';

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        if (blank || tooLong || busy) return;
        setBusy(true);
        void onSend(text, messageType)
          .then((sent) => {
            if (sent) setText('');
          })
          .finally(() => setBusy(false));
      }}
    >
      <select
        className="composer__type"
        aria-label={m.typeLabel}
        value={messageType}
        onChange={(event) => setMessageType(messageTypeOf(event.target.value))}
      >
        {MESSAGE_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      <textarea
        className="composer__input"
        aria-label={m.inputLabel}
        placeholder={m.inputPlaceholder}
        value={text}
        rows={2}
        disabled={disabled}
        aria-invalid={tooLong}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
      />
      {tooLong && <p className="form-error">{m.tooLong(MESSAGE_MAX_LENGTH)}</p>}
      <button
        type="submit"
        className="button button--primary"
        aria-label={m.sendMessage}
        disabled={disabled || blank || tooLong || busy}
      >
        {m.send}
      </button>
    </form>
  );
}
