import type { PushSubscriptionRequest } from '@werkboard/common';
import { QueryTypes, type Sequelize } from 'sequelize';
import webpush, { WebPushError } from 'web-push';
import type { Services } from '../serverState';

/** What a push says: who and what, never a message's text (issue 16). */
export interface PushPayload {
  type: string;
  title: string;
  body: string;
  /** Where the app opens when the notification is clicked ('#/...'). */
  url: string;
}

/** Stores the caller's subscription; a browser's endpoint moves to whoever subscribed last there. */
export async function saveSubscription(sequelize: Sequelize, userId: string, subscription: PushSubscriptionRequest) {
  await sequelize.query(
    `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth) VALUES (:endpoint, :userId, :p256dh, :auth)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = :userId, p256dh = :p256dh, auth = :auth, created_at = now()`,
    { replacements: { endpoint: subscription.endpoint, userId, ...subscription.keys } },
  );
}

/** Removes the caller's subscription of this browser (logout, or push switched off). */
export async function deleteSubscription(sequelize: Sequelize, userId: string, endpoint: string): Promise<void> {
  await sequelize.query('DELETE FROM push_subscriptions WHERE endpoint = :endpoint AND user_id = :userId', {
    replacements: { endpoint, userId },
  });
}

interface SubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Sends the payload to every browser the user subscribed, encrypted by the web-push protocol
 * (aes128gcm, the installation's VAPID keys). A subscription the push service says is gone
 * (404, 410) is deleted; other failures are logged and not retried. Never throws.
 */
export async function sendPushToUser(services: Services, userId: string, payload: PushPayload): Promise<number> {
  const sequelize = services.database?.sequelize;
  if (!sequelize) return 0;
  const rows = await sequelize.query<SubscriptionRow>(
    'SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = :userId',
    { type: QueryTypes.SELECT, replacements: { userId } },
  );
  const { vapidPublicKey, vapidPrivateKey } = services.secrets;
  let sent = 0;
  await Promise.all(
    rows.map(async (row) => {
      try {
        await webpush.sendNotification(
          { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: {
              subject: services.config.publicUrl ?? 'mailto:werkboard@localhost',
              publicKey: vapidPublicKey,
              privateKey: vapidPrivateKey,
            },
            TTL: 24 * 60 * 60,
            timeout: 10_000,
            contentEncoding: 'aes128gcm',
          },
        );
        sent += 1;
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          await sequelize.query('DELETE FROM push_subscriptions WHERE endpoint = :endpoint', {
            replacements: { endpoint: row.endpoint },
          });
          return;
        }
        services.logger.warn(
          { userId, reason: error instanceof Error ? error.message : String(error) },
          'push not delivered',
        );
      }
    }),
  );
  return sent;
}
