import { deletePushSubscription, fetchPushKey, postPushSubscription } from '../../api/endpoints/push';
import type { AppThunk } from '../../store/types';

/** The profile's push section (spec 4): loading, then one of these. */
export type PushStatus = 'enabled' | 'disabled' | 'denied' | 'unsupported';

/**
 * What this browser is set to now. A subscription the browser holds is sent to the server again
 * (it is stored per endpoint, so this is harmless): the server may have dropped it after a
 * 404/410 or given it to another user who subscribed here last.
 */
export function loadPushStatus(): AppThunk<Promise<PushStatus>> {
  return async (dispatch, _getState, { webPush }) => {
    if (!webPush.supported) return 'unsupported';
    if (webPush.permission() === 'denied') return 'denied';
    const subscription = await webPush.current();
    if (!subscription || webPush.permission() !== 'granted') return 'disabled';
    await dispatch(postPushSubscription(subscription)).catch(() => undefined);
    return 'enabled';
  };
}

/**
 * 'Aktivieren': asks the browser's permission, subscribes with the server's VAPID key and
 * stores the subscription on the server. Throws when the server cannot store it (the browser's
 * subscription is ended again, so both sides agree).
 */
export function enablePush(): AppThunk<Promise<PushStatus>> {
  return async (dispatch, _getState, { webPush }) => {
    const permission = await webPush.requestPermission();
    if (permission === 'denied') return 'denied';
    if (permission !== 'granted') return 'disabled';
    const key = await dispatch(fetchPushKey());
    const subscription = await webPush.subscribe(key);
    try {
      await dispatch(postPushSubscription(subscription));
    } catch (error) {
      await webPush.unsubscribe().catch(() => null);
      throw error;
    }
    return 'enabled';
  };
}

/** 'Deaktivieren': the server forgets this browser first (throws when it cannot), then the browser unsubscribes. */
export function disablePush(): AppThunk<Promise<PushStatus>> {
  return async (dispatch, _getState, { webPush }) => {
    const subscription = await webPush.current();
    if (subscription) await dispatch(deletePushSubscription(subscription.endpoint));
    await webPush.unsubscribe();
    return 'disabled';
  };
}
