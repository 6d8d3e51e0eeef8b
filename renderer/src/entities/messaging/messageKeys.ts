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

/** Waits before the next try to unlock after a failure: 1, 2, 4, 8, 16 s (about half a minute in all). */
export const UNLOCK_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000] as const;

/**
 * At login, the one moment the password is at hand: opens the user's stored message key, or
 * makes a new pair when there is none (first login, or after an Admin reset) or the password
 * no longer opens it (reset on the command line). Never fails the login: without the key the
 * messages screen says how to unlock it.
 *
 * A failed try (no answer, a server error, a slow start) is repeated while the same user
 * stays signed in: the password is gone after this, so giving up at the first failure would
 * lock the messages until the next login.
 */
export function unlockMessageKey(
  userId: string,
  password: string,
  delays: readonly number[] = UNLOCK_RETRY_DELAYS_MS,
): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    if (!messageCryptoAvailable()) return;
    for (let attempt = 0; ; attempt++) {
      try {
        await dispatch(openOrCreateKey(userId, password));
        return;
      } catch (error) {
        const wait = delays[attempt];
        // Logged without the password or key material: only what failed, for the diagnosis.
        console.warn(
          `Nachrichtenschlüssel nicht entsperrt (Versuch ${attempt + 1}): ${error instanceof Error ? error.message : String(error)}`,
        );
        if (wait === undefined) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
        if (getState().auth.user?.id !== userId) return;
      }
    }
  };
}

function openOrCreateKey(userId: string, password: string): AppThunk<Promise<void>> {
  return async (dispatch) => {
    const stored = await dispatch(fetchOwnMessageKey());
    const opened = stored ? await unwrapPrivateKey(password, stored) : null;
    if (stored && opened) {
      await keepKey(userId, { keyId: stored.keyId, publicKey: stored.publicKey, privateKey: opened });
      return;
    }
    const { request, privateKey } = await createMessageKey(password);
    const saved = await dispatch(putOwnMessageKey(request));
    await keepKey(userId, { keyId: saved.keyId, publicKey: saved.publicKey, privateKey });
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
