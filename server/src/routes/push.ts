import { messageDigestSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '@werkboard/common';
import type { ApiRoutes } from '../http/endpoint';
import { digestHour, readDigestSetting, saveDigestSetting } from '../mail/messageDigest';
import { deleteSubscription, saveSubscription } from '../push/webPush';

/**
 * Web push (docs/api.md "Push"): the installation's public VAPID key, and the caller's own
 * subscriptions; and the caller's daily e-mail digest setting. Every signed-in user manages only their own; nobody reads a subscription.
 */
export function registerPushRoutes(api: ApiRoutes): void {
  api.get('/push/key', {
    handle: ({ services }) => ({ publicKey: services.secrets.vapidPublicKey }),
  });

  api.post('/push/subscriptions', {
    body: pushSubscriptionSchema,
    handle: async ({ sequelize, actor, body }) => {
      await saveSubscription(sequelize, actor.id, body);
    },
    status: 204,
  });

  // DELETE carries no body here: the endpoint goes in the query (the request log keeps only the path).
  api.delete('/push/subscriptions', {
    query: pushUnsubscribeSchema,
    handle: async ({ sequelize, actor, query }) => {
      await deleteSubscription(sequelize, actor.id, query.endpoint);
    },
    status: 204,
  });

  // The daily e-mail digest of unread messages (docs/decisions.md "Message digest"): one's own setting only.
  api.get('/message-digest', {
    handle: async ({ sequelize, actor, services }) => ({
      enabled: await readDigestSetting(sequelize, actor.id),
      hour: digestHour(services.config),
    }),
  });

  api.put('/message-digest', {
    body: messageDigestSchema,
    handle: async ({ sequelize, actor, body, services }) => {
      await saveDigestSetting(sequelize, actor.id, body.enabled);
      return { enabled: body.enabled, hour: digestHour(services.config) };
    },
  });
}
