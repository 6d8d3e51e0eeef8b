import type { MessageDigestDto, PushSubscriptionRequest } from '@werkboard/common';
import type { AppThunk } from '../../store/types';

/**
 * Web push (docs/api.md "Push"). Not data writes: never queued. Switching push on or off
 * offline fails with a message instead; a subscription left on the server is removed when the
 * push service answers 404/410 for it.
 */

/** GET /push/key: the installation's public VAPID key (base64url). */
export function fetchPushKey(): AppThunk<Promise<string>> {
  return async (_dispatch, _getState, { api }) => (await api.get<{ publicKey: string }>('/push/key')).publicKey;
}

/** POST /push/subscriptions: this browser receives the signed-in user's pushes. */
export function postPushSubscription(subscription: PushSubscriptionRequest): AppThunk<Promise<void>> {
  return (_dispatch, _getState, { api }) =>
    api.request<undefined>('/push/subscriptions', { method: 'POST', body: subscription });
}

/** DELETE /push/subscriptions?endpoint=…: this browser no longer receives the user's pushes. */
export function deletePushSubscription(endpoint: string, sessionHandling?: false): AppThunk<Promise<void>> {
  return (_dispatch, _getState, { api }) =>
    api.request<undefined>(`/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`, {
      method: 'DELETE',
      ...(sessionHandling === false ? { sessionHandling } : {}),
    });
}

/** How long logging out waits for the push clean-up before it goes on. */
const PUSH_CLEANUP_WAIT_MS = 3000;

/**
 * At logout, before the token is revoked: the server forgets this browser's subscription (so
 * the next user here gets none of this user's pushes) and the browser ends it. Best effort and
 * never longer than PUSH_CLEANUP_WAIT_MS; never throws.
 */
export function removePushOfThisBrowser(): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { webPush }) => {
    // Without the permission there is no subscription to remove (and no wait for the worker).
    if (!webPush.supported || webPush.permission() !== 'granted') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, PUSH_CLEANUP_WAIT_MS)));
    const cleanup = (async () => {
      const subscription = await webPush.current();
      if (!subscription) return;
      // A session that is already gone is no reason to leave this page another way than logging out.
      await dispatch(deletePushSubscription(subscription.endpoint, false)).catch(() => undefined);
      await webPush.unsubscribe();
    })().catch(() => undefined);
    await Promise.race([cleanup, waited]);
    clearTimeout(timer);
  };
}

/** GET /message-digest: whether the user gets the daily e-mail of unread messages, and from which hour. */
export function fetchMessageDigest(): AppThunk<Promise<MessageDigestDto>> {
  return (_dispatch, _getState, { api }) => api.get<MessageDigestDto>('/message-digest');
}

/** PUT /message-digest: the user's own setting; throws on failure (the checkbox goes back). */
export function putMessageDigest(enabled: boolean): AppThunk<Promise<MessageDigestDto>> {
  return (_dispatch, _getState, { api }) =>
    api.request<MessageDigestDto>('/message-digest', { method: 'PUT', body: { enabled } });
}
