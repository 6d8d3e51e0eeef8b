import type {
  ConversationDto,
  MessageDto,
  MessageKeyRequest,
  OwnMessageKeyAnswer,
  OwnMessageKeyDto,
  PublicMessageKeyDto,
  SendMessageRequest,
  UnreadCountDto,
} from '@werkboard/common';
import type { AppThunk } from '../../store/types';
import { apiSlice } from '../apiSlice';
import { type Queued } from '../save';

const MESSAGES = '/messages';
const userPart = (userId: string) => encodeURIComponent(userId);

export const messagesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /messages/unread-count: the navigation's number. */
    unreadMessages: build.query<number, void>({
      query: () => `${MESSAGES}/unread-count`,
      transformResponse: (answer: UnreadCountDto) => answer.count,
      providesTags: ['Messages'],
    }),
    /** GET /messages/conversations: one row per partner, newest first. */
    conversations: build.query<ConversationDto[], void>({
      query: () => `${MESSAGES}/conversations`,
      providesTags: ['Messages'],
    }),
    /** GET /messages/conversation/{userId}: the thread, oldest first. */
    conversation: build.query<MessageDto[], string>({
      query: (userId) => `${MESSAGES}/conversation/${userPart(userId)}`,
      providesTags: ['Messages'],
    }),
  }),
});

export const { useUnreadMessagesQuery, useConversationsQuery, useConversationQuery } = messagesApi;

/** GET /messages/keys/me: the caller's key pair as stored (private key wrapped), or null. */
export function fetchOwnMessageKey(): AppThunk<Promise<OwnMessageKeyDto | null>> {
  return async (_dispatch, _getState, { api }) => (await api.request<OwnMessageKeyAnswer>(`${MESSAGES}/keys/me`)).key;
}

/** PUT /messages/keys/me: a new key pair (first login, or after an Admin reset). */
export function putOwnMessageKey(request: MessageKeyRequest): AppThunk<Promise<OwnMessageKeyDto>> {
  return (_dispatch, _getState, { save }) =>
    save<OwnMessageKeyDto>({ method: 'PUT', path: `${MESSAGES}/keys/me`, body: request });
}

/** GET /messages/keys/{userId}: whom a message is sealed for. */
export function fetchPublicMessageKey(userId: string): AppThunk<Promise<PublicMessageKeyDto>> {
  return (_dispatch, _getState, { api }) => api.request<PublicMessageKeyDto>(`${MESSAGES}/keys/${userPart(userId)}`);
}

/**
 * POST /messages with the sealed envelope. Queueable: written offline, it waits in the outbox
 * (already sealed) and is sent when the server is reachable; the idempotency key keeps a
 * replay single. The lists are read again when it landed.
 */
export function postMessage(request: SendMessageRequest): AppThunk<Promise<MessageDto | Queued>> {
  return async (dispatch, _getState, { save }) => {
    const answer = await save<MessageDto>({ method: 'POST', path: MESSAGES, body: request, queueable: true });
    dispatch(messagesApi.util.invalidateTags(['Messages']));
    return answer;
  };
}

/** POST /messages/read/{userId}: the conversation is read; the count and list are read again. */
export function markConversationRead(userId: string): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { save }) => {
    await save<UnreadCountDto>({ method: 'POST', path: `${MESSAGES}/read/${userPart(userId)}` });
    dispatch(messagesApi.util.invalidateTags(['Messages']));
  };
}
