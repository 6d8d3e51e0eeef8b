import {
  de,
  DEFAULT_PASSWORD_MIN_LENGTH,
  resolveUserSettings,
  type SecuritySettingsDto,
  type SettingsResponse,
  type SmtpSettingsDto,
  type UserSettings,
} from '@werkboard/common';
import type { User } from '../models';
import type { StoredSmtp } from '../services/settings';

/**
 * A user's settings with the defaults filled in. The features switch for direct messages is
 * the user's own directMessagesEnabled field, the one other users' messages are checked against.
 */
export function presentUserSettings(user: User): UserSettings {
  const settings = resolveUserSettings(user.settings);
  return { ...settings, features: { ...settings.features, directMessagesEnabled: user.directMessagesEnabled } };
}

/** The server's SMTP settings without the password: only whether one is set. */
function presentSmtp(stored: StoredSmtp): SmtpSettingsDto {
  const { password, ...rest } = stored;
  return { ...rest, hasPassword: password !== null };
}

/** GET/PUT /api/settings: the user's settings, and the SMTP settings where the caller manages them. */
export function presentSettings(user: User, smtp: StoredSmtp | null): SettingsResponse {
  return { ...presentUserSettings(user), ...(smtp ? { smtp: presentSmtp(smtp) } : {}) };
}

/** GET/PUT /api/settings/security: the minimum in force (warning below the recommended 8), the Admins' second factor. */
export function presentSecuritySettings({
  minimum,
  secondFactorRequiredForAdmins,
}: {
  minimum: number;
  secondFactorRequiredForAdmins: boolean;
}): SecuritySettingsDto {
  return {
    passwordMinLength: minimum,
    secondFactorRequiredForAdmins,
    recommendedPasswordMinLength: DEFAULT_PASSWORD_MIN_LENGTH,
    warning:
      minimum < DEFAULT_PASSWORD_MIN_LENGTH ? de.settings.passwordMinLengthWarning(DEFAULT_PASSWORD_MIN_LENGTH) : null,
  };
}
