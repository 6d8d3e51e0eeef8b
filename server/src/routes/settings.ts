import { canManageSmtp, de, settingsUpdateSchema } from '@werkboard/common';
import { authorize } from '../errors';
import type { ApiRoutes } from '../http/endpoint';
import { presentSettings } from '../presenters/settings';
import { readSmtp, updateUserSettings, writeSmtp } from '../services/settings';

/**
 * The caller's settings (stored per user) and, for Admins, the server's SMTP settings
 * (stored once for the server; the password never answered). A non-Admin sending SMTP
 * settings gets 403 and nothing is written.
 */
export function registerSettingsRoutes(api: ApiRoutes): void {
  api.get('/settings', {
    handle: async ({ actor }) => (canManageSmtp(actor) ? await readSmtp() : null),
    present: (smtp, { user }) => presentSettings(user, smtp),
  });

  api.put('/settings', {
    body: settingsUpdateSchema,
    authorize: ({ actor, body }) => {
      if (body.smtp !== undefined) authorize(canManageSmtp(actor), de.settings.smtpAdminOnly);
    },
    transaction: true,
    handle: async ({ actor, user, transaction, services, body: { smtp, ...patch } }) => {
      await updateUserSettings(user, patch, transaction);
      if (!canManageSmtp(actor)) return null;
      if (!smtp) return readSmtp(transaction);
      const stored = await writeSmtp(smtp, services.secrets.jwtSecret, transaction);
      services.logger.info({ userId: actor.id }, 'smtp settings changed');
      return stored;
    },
    present: (smtp, { user }) => presentSettings(user, smtp),
  });
}
