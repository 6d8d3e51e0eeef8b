import type { LimitKind, SmtpEncryption } from '../domain/constants';
import type { UserSettings } from '../schemas/settings';

export type LicenseType = 'Free' | 'Lifetime';

/** The server's SMTP settings as answered to Admins: the password only as a flag. */
export interface SmtpSettingsDto {
  host: string;
  port: number;
  username: string;
  encryption: SmtpEncryption;
  fromEmail: string;
  fromName: string;
  hasPassword: boolean;
}

/**
 * GET and PUT /api/settings/security (Admin only). `warning` is there while the minimum is
 * below the recommended one.
 */
export interface SecuritySettingsDto {
  passwordMinLength: number;
  recommendedPasswordMinLength: number;
  warning: string | null;
  /** 'Zweiter Faktor für Admins erforderlich'. */
  secondFactorRequiredForAdmins: boolean;
}

/** GET and PUT /api/settings: the user's settings, plus the SMTP settings for Admins. */
export type SettingsResponse = UserSettings & { smtp?: SmtpSettingsDto };

/** GET /api/stats/counts: counts and limits for the license usage bars and limit checks. */
export interface StatsCounts {
  activeProjectCount: number;
  templateCount: number;
  userCount: number;
  externalUserCount: number;
  licenseType: LicenseType;
  /** The Free limits; null with a Lifetime license (no limits). */
  limits: Record<LimitKind, number> | null;
}

export interface UsedTotal {
  used: number;
  total: number;
}

/** GET /api/system-info: sizes in bytes. */
export interface SystemInfo {
  version: string;
  ram: UsedTotal;
  disk: UsedTotal;
  os: { distro: string };
  appData: { dbSize: number; imagesSize: number };
}

/** POST /api/license/activate. */
export interface LicenseActivationResponse {
  message: string;
  licenseType: LicenseType;
}
