/**
 * Web push from the page's side (issue 16): the browser's notification permission and this
 * browser's push subscription, made with the installation's VAPID key through the service
 * worker's pushManager (pushSubscription.ts). The worker's push and click handlers are in
 * public/sw-push.js.
 */
import type { PushSubscriptionRequest } from '@werkboard/common';
import { browserEnvironment, type ServiceWorkerEnvironment } from './environment';

export type PushPermission = 'default' | 'granted' | 'denied';

/** What the app uses of the browser for push; tests pass their own. */
export interface WebPushBrowser {
  /** False without a registered service worker or the Push API (dev server, Electron from disk, plain http). */
  readonly supported: boolean;
  permission(): PushPermission;
  /** Asks the user (the browser's prompt); answers what they chose. */
  requestPermission(): Promise<PushPermission>;
  /** This browser's subscription, null when there is none. */
  current(): Promise<PushSubscriptionRequest | null>;
  /** Subscribes this browser (or answers the subscription it has) with the server's VAPID key. */
  subscribe(vapidPublicKey: string): Promise<PushSubscriptionRequest>;
  /** Ends this browser's subscription; answers its endpoint, null when there was none. */
  unsubscribe(): Promise<string | null>;
}

/** A browser without push: every question answers "nothing here". */
export const noWebPush: WebPushBrowser = {
  supported: false,
  permission: () => 'default',
  requestPermission: () => Promise.resolve('default'),
  current: () => Promise.resolve(null),
  subscribe: () => Promise.reject(new Error('push is not supported here')),
  unsubscribe: () => Promise.resolve(null),
};

/** The subscription's part, loaded on first use (issue 19: not in the login's first script). */
const subscriptions = () => import('./pushSubscription');

/**
 * The browser's push, behind a synchronous facade: whether push is there and the permission are
 * answered at once (screens render with them), the permission is asked without waiting for a
 * chunk (browsers grant the prompt only within the user's click), and the subscription's code
 * loads when it is first used.
 */
export function browserWebPush(
  environment: ServiceWorkerEnvironment = browserEnvironment(),
  notifications: typeof Notification | undefined = typeof Notification === 'undefined' ? undefined : Notification,
): WebPushBrowser {
  const container = environment.serviceWorker;
  const hasPushManager = typeof window !== 'undefined' && 'PushManager' in window;
  if (!environment.enabled || !container || !notifications || !hasPushManager) return noWebPush;
  return {
    supported: true,
    permission: () => notifications.permission,
    requestPermission: () => notifications.requestPermission(),
    current: async () => (await subscriptions()).currentSubscription(container),
    subscribe: async (vapidPublicKey) => (await subscriptions()).subscribe(container, vapidPublicKey),
    unsubscribe: async () => (await subscriptions()).unsubscribe(container),
  };
}
