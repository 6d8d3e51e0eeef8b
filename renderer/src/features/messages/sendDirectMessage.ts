import type { MessageType, PublicMessageKeyDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { fetchPublicMessageKey, postMessage } from '../../api/endpoints/messages';
import { usersApi } from '../../api/endpoints/users';
import { isNetworkError, serverMessageOr } from '../../api/errors';
import { isQueued } from '../../api/save';
import { unlockedKey } from '../../entities/messaging/messageKeys';
import { sealMessage } from '../../entities/messaging/messageCrypto';
import type { AppThunk } from '../../store/types';

const m = de.directMessages;

export type SendOutcome = { kind: 'sent' } | { kind: 'queued' } | { kind: 'failed'; alert: string };

/** Public keys seen while online, so that a message written offline can still be sealed. */
const knownKeys = new Map<string, PublicMessageKeyDto>();

/** The recipient's current public key: from the server, or offline the one last seen. */
export function recipientKey(userId: string): AppThunk<Promise<PublicMessageKeyDto>> {
  return async (dispatch) => {
    try {
      const key = await dispatch(fetchPublicMessageKey(userId));
      knownKeys.set(userId, key);
      return key;
    } catch (error) {
      const known = knownKeys.get(userId);
      if (isNetworkError(error) && known) return known;
      throw error;
    }
  };
}

/**
 * Seals the text for the recipient and for oneself, then sends it through the save path:
 * offline it waits in the outbox, already sealed. The caller checked the text (not empty,
 * not too long) and the spec's pre-check; a failure comes back as the spec's alert text.
 */
export function sendDirectMessage(
  recipientId: string,
  text: string,
  messageType: MessageType,
): AppThunk<Promise<SendOutcome>> {
  return async (dispatch) => {
    try {
      const own = await dispatch(unlockedKey());
      if (!own) return { kind: 'failed', alert: m.sendFailed(m.keyLocked) };
      const content = await sealMessage(text, await dispatch(recipientKey(recipientId)), own);
      const answer = await dispatch(postMessage({ recipientId, content, messageType }));
      return isQueued(answer) ? { kind: 'queued' } : { kind: 'sent' };
    } catch (error) {
      const message = serverMessageOr(error, m.unknownServerError);
      // Spec section 8: the recipient has turned messages off meanwhile, so the user list is read again.
      if (message.includes('This user does not accept direct messages'))
        dispatch(usersApi.util.invalidateTags(['UserDirectory']));
      return { kind: 'failed', alert: m.sendFailed(message) };
    }
  };
}
