import { canManageSmtp, de, settingsUpdateSchema, type SettingsResponse, validate } from '@werkboard/common';
import { authorize, validOrThrow } from '../errors';
import { requireDatabase } from '../middleware/requireDatabase';
import { presentUserSettings } from '../presenters/user';
import { presentSmtp, readSmtp, updateUserSettings, writeSmtp } from '../services/settings';
import type { AppRouter } from '../appTypes';
import { actorOf } from './context';

/**
 * The caller's settings (stored per user) and, for Admins, the server's SMTP settings
 * (stored once for the server; the password never answered). A non-Admin sending SMTP
 * settings gets 403 and nothing is written.
 */
export function registerSettingsRoutes(router: AppRouter): void {
  router.get('/settings', async (ctx) => {
    const actor = actorOf(ctx);
    const body: SettingsResponse = {
      ...presentUserSettings(ctx.state.actor!.user),
      ...(canManageSmtp(actor) ? { smtp: presentSmtp(await readSmtp()) } : {}),
    };
    ctx.body = body;
  });

  router.put('/settings', async (ctx) => {
    const actor = actorOf(ctx);
    const { user } = ctx.state.actor!;
    const { smtp, ...patch } = validOrThrow(validate(settingsUpdateSchema, ctx.request.body));
    if (smtp !== undefined) authorize(canManageSmtp(actor), de.settings.smtpAdminOnly);
    const { sequelize } = requireDatabase(ctx);
    const body: SettingsResponse = await sequelize.transaction(async (transaction) => {
      const settings = await updateUserSettings(user, patch, transaction);
      if (!canManageSmtp(actor)) return settings;
      const stored = smtp
        ? await writeSmtp(smtp, ctx.services.secrets.jwtSecret, transaction)
        : await readSmtp(transaction);
      return { ...settings, smtp: presentSmtp(stored) };
    });
    if (smtp) ctx.services.logger.info({ userId: actor.id }, 'smtp settings changed');
    ctx.body = body;
  });
}
