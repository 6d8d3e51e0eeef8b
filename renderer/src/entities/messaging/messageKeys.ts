import type { RewrappedKeyRequest } from '@werkboard/common';
import { fetchOwnMessageKey, putOwnMessageKey } from '../../api/endpoints/messages';
import type { AppThunk } from '../../store/types';
import { forgetKey, keepKey, keptKey } from './keyVault';
import {
  createMessageKey,
  messageCryptoAvailable,
  rewrapMessageKey,
  type UnlockedKey,
  unwrapPrivateKey,
} from './messageCrypto';

/**
 * At login, the one moment the password is at hand: opens the user's stored message key, or
 * makes a new pair when there is none (first login, or after an Admin reset) or the password
 * no longer opens it (reset on the command line). Never fails the login: without the key the
 * messages screen says how to unlock it.
 */
export function unlockMessageKey(userId: string, password: string): AppThunk<Promise<void>> {
  return async (dispatch) => {
    if (!messageCryptoAvailable()) return;
    try {
      const stored = await dispatch(fetchOwnMessageKey());
      const opened = stored ? await unwrapPrivateKey(password, stored) : null;
      if (stored && opened) {
        await keepKey(userId, { keyId: stored.keyId, publicKey: stored.publicKey, privateKey: opened });
        return;
      }
      const { request, privateKey } = await createMessageKey(password);
      const saved = await dispatch(putOwnMessageKey(request));
      await keepKey(userId, { keyId: saved.keyId, publicKey: saved.publicKey, privateKey });
    } catch {
      // Offline or refused: the key stays locked until the next login.
    }
  };
}

/** The signed-in user's unlocked key on this device, or null. */
export function unlockedKey(): AppThunk<Promise<UnlockedKey | null>> {
  return async (_dispatch, getState) => {
    const userId = getState().auth.user?.id;
    return userId && messageCryptoAvailable() ? keptKey(userId) : null;
  };
}

/** The key wrapped under the new password for a password change; undefined when there is none to keep. */
export function rewrapForPasswordChange(
  currentPassword: string,
  newPassword: string,
): AppThunk<Promise<RewrappedKeyRequest | undefined>> {
  return async (dispatch) => {
    if (!messageCryptoAvailable()) return undefined;
    const stored = await dispatch(fetchOwnMessageKey());
    if (!stored) return undefined;
    return (await rewrapMessageKey(currentPassword, newPassword, stored)) ?? undefined;
  };
}

export { forgetKey };
