import {
  canManageSecuritySettings,
  canManageSmtp,
  de,
  securitySettingsPatchSchema,
  settingsUpdateSchema,
  smtpTestSchema,
  type MessageResponse,
} from '@werkboard/common';
import { authorize } from '../errors';
import type { ApiRoutes } from '../http/endpoint';
import { sendMail } from '../mail/mailer';
import { testMail } from '../mail/mails';
import { presentSecuritySettings, presentSettings } from '../presenters/settings';
import {
  readSecuritySettings,
  readSmtp,
  updateUserSettings,
  writePasswordMinLength,
  writeSecondFactorRequiredForAdmins,
  writeSmtp,
} from '../services/settings';

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

  // 'Test-E-Mail senden': the stored settings as they are; the answer is the SMTP server's (issue 16).
  api.post('/settings/smtp/test', {
    body: smtpTestSchema,
    authorize: ({ actor }) => authorize(canManageSmtp(actor), de.settings.smtpAdminOnly),
    handle: async ({ body, services, actor }): Promise<MessageResponse> => {
      const to = body.to!;
      const answer = await sendMail(await readSmtp(), services.secrets.jwtSecret, testMail(to));
      services.logger.info({ userId: actor.id }, 'smtp test e-mail sent');
      return { message: de.mail.testSent(to, answer) };
    },
  });

  // The server's security settings (issue 13, finding 7): the password minimum, 3 to 64, and
  // whether Admins must use a second factor.
  api.get('/settings/security', {
    authorize: ({ actor }) => authorize(canManageSecuritySettings(actor), de.settings.securityAdminOnly),
    handle: () => readSecuritySettings(),
    present: presentSecuritySettings,
  });

  api.put('/settings/security', {
    body: securitySettingsPatchSchema,
    authorize: ({ actor }) => authorize(canManageSecuritySettings(actor), de.settings.securityAdminOnly),
    transaction: true,
    handle: async ({ actor, body, transaction, services }) => {
      if (body.passwordMinLength !== undefined) {
        await writePasswordMinLength(body.passwordMinLength, transaction);
        services.logger.info(
          { userId: actor.id, passwordMinLength: body.passwordMinLength },
          'password minimum changed',
        );
      }
      if (body.secondFactorRequiredForAdmins !== undefined) {
        await writeSecondFactorRequiredForAdmins(body.secondFactorRequiredForAdmins, transaction);
        services.logger.info(
          { userId: actor.id, secondFactorRequiredForAdmins: body.secondFactorRequiredForAdmins },
          'second factor requirement for Admins changed',
        );
      }
      return readSecuritySettings(transaction);
    },
    present: presentSecuritySettings,
  });
}
