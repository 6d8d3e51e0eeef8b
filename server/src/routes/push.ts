import { pushSubscriptionSchema, pushUnsubscribeSchema } from '@werkboard/common';
import type { ApiRoutes } from '../http/endpoint';
import { deleteSubscription, saveSubscription } from '../push/webPush';

/**
 * Web push (docs/api.md "Push"): the installation's public VAPID key, and the caller's own
 * subscriptions. Every signed-in user manages only their own; nobody reads a subscription.
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
}
