/** Business constants of spec section 9 and the product's names (architecture.md). */
export const PRODUCT_NAME = 'Werkboard';
export const BACKUP_TYPE = 'Werkboard-backup';
export const SYNC_TAG = 'werkboard-sync';
export const DEVICE_ID_HEADER = 'X-Device-Id';
export const DEFAULT_CUSTOMER_TYPE = 'Allgemein';
/**
 * Password length (issue 13, finding 7): 8 unless the Admin lowers it in the settings, down
 * to the spec's 3 at the lowest; more than 64 would only lock people out.
 */
export const DEFAULT_PASSWORD_MIN_LENGTH = 8;
export const LOWEST_PASSWORD_MIN_LENGTH = 3;
export const HIGHEST_PASSWORD_MIN_LENGTH = 64;

export const LOGIN_FADE_IN_MS = [100, 600, 1600] as const;
export const STATUS_POLL_INTERVAL_MS = 2500;
export const STATUS_POLL_TIMEOUT_MS = 20000;
export const COUNTER_REFRESH_MS = 5 * 60 * 1000;
export const SYNC_FEEDBACK_RESET_MS = 2000;

export const FREE_LIMITS = {
  activeProjects: 10,
  templates: 10,
  users: 6,
  externalUsers: 10,
} as const;

/** What the Free license limits; a Lifetime license lifts every limit (spec section 9). */
export type LimitKind = keyof typeof FREE_LIMITS;
export const LIMIT_KINDS = Object.keys(FREE_LIMITS) as LimitKind[];

/** Who sees the contact details of a profile (spec section 3, profile visibility values). */
export const PROFILE_VISIBILITIES = [
  'everyone',
  'admins_only',
  'technicians_only',
  'admins_and_technicians',
  'admins_technicians_apprentices',
] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
export const DEFAULT_PROFILE_VISIBILITY: ProfileVisibility = 'everyone';
export const DEFAULT_USERNAME_COLOR = '#FFFFFF';

export const SMTP_ENCRYPTIONS = ['none', 'ssl', 'tls'] as const;
export type SmtpEncryption = (typeof SMTP_ENCRYPTIONS)[number];
export const DEFAULT_SMTP_PORT = 587;
export const DEFAULT_SMTP_ENCRYPTION: SmtpEncryption = 'tls';

/** Field lengths shared by the forms and the database columns. */
export const FIELD_LIMITS = {
  username: 100,
  password: 1000,
  email: 254,
  phone: 50,
  address: 500,
  website: 500,
  otherInfo: 5000,
  externalUserName: 100,
} as const;
