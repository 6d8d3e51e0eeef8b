/**
 * Web push from the page's side (issue 16): the browser's notification permission and this
 * browser's push subscription, made with the installation's VAPID key through the service
 * worker's pushManager. The worker's push and click handlers are in public/sw-push.js.
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

/** The VAPID key as pushManager wants it: the base64url text as bytes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameBytes(buffer: ArrayBuffer | null, bytes: Uint8Array): boolean {
  if (!buffer || buffer.byteLength !== bytes.length) return false;
  const other = new Uint8Array(buffer);
  return bytes.every((byte, index) => other[index] === byte);
}

/** The subscription as the server stores it (its toJSON() carries the keys in base64url). */
function asRequest(subscription: PushSubscription): PushSubscriptionRequest {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

export function browserWebPush(
  environment: ServiceWorkerEnvironment = browserEnvironment(),
  notifications: typeof Notification | undefined = typeof Notification === 'undefined' ? undefined : Notification,
): WebPushBrowser {
  const container = environment.serviceWorker;
  const hasPushManager = typeof window !== 'undefined' && 'PushManager' in window;
  if (!environment.enabled || !container || !notifications || !hasPushManager) return noWebPush;

  const pushManager = async (): Promise<PushManager> => {
    // The worker's helpers are loaded when push is first used, not with the first script (issue 19).
    const { activeRegistration } = await import('./index');
    const registration = await activeRegistration(container);
    if (!registration) throw new Error('no active service worker');
    return registration.pushManager;
  };
  return {
    supported: true,
    permission: () => notifications.permission,
    requestPermission: () => notifications.requestPermission(),
    current: async () => {
      const subscription = await (await pushManager()).getSubscription();
      return subscription ? asRequest(subscription) : null;
    },
    subscribe: async (vapidPublicKey) => {
      const manager = await pushManager();
      const key = applicationServerKey(vapidPublicKey);
      const existing = await manager.getSubscription();
      if (existing && sameBytes(existing.options.applicationServerKey, key)) return asRequest(existing);
      // Made with another server's key (a reinstalled server): that one can no longer push to it.
      if (existing) await existing.unsubscribe();
      // userVisibleOnly: every push shows a notification (the browsers require it).
      return asRequest(await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
    },
    unsubscribe: async () => {
      const subscription = await (await pushManager()).getSubscription();
      if (!subscription) return null;
      await subscription.unsubscribe();
      return subscription.endpoint;
    },
  };
}
