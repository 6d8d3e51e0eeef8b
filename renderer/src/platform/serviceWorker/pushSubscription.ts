/**
 * This browser's push subscription through the service worker's pushManager (issue 16): loaded
 * by push.ts's facade on first use, not with the login's first script (issue 19).
 */
import type { PushSubscriptionRequest } from '@werkboard/common';
import { activeRegistration } from './index';

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

async function pushManager(container: ServiceWorkerContainer): Promise<PushManager> {
  const registration = await activeRegistration(container);
  if (!registration) throw new Error('no active service worker');
  return registration.pushManager;
}

/** This browser's subscription, null when there is none. */
export async function currentSubscription(container: ServiceWorkerContainer): Promise<PushSubscriptionRequest | null> {
  const subscription = await (await pushManager(container)).getSubscription();
  return subscription ? asRequest(subscription) : null;
}

/** Subscribes this browser (or answers the subscription it has) with the server's VAPID key. */
export async function subscribe(
  container: ServiceWorkerContainer,
  vapidPublicKey: string,
): Promise<PushSubscriptionRequest> {
  const manager = await pushManager(container);
  const key = applicationServerKey(vapidPublicKey);
  const existing = await manager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return asRequest(existing);
  // Made with another server's key (a reinstalled server): that one can no longer push to it.
  if (existing) await existing.unsubscribe();
  // userVisibleOnly: every push shows a notification (the browsers require it).
  return asRequest(await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
}

/** Ends this browser's subscription; answers its endpoint, null when there was none. */
export async function unsubscribe(container: ServiceWorkerContainer): Promise<string | null> {
  const subscription = await (await pushManager(container)).getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
