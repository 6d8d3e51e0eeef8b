/** Business constants of spec section 9 and the product's names (architecture.md). */
export const PRODUCT_NAME = 'Werkboard';
export const BACKUP_TYPE = 'Werkboard-backup';
export const SYNC_TAG = 'werkboard-sync';
export const DEVICE_ID_HEADER = 'X-Device-Id';
export const DEFAULT_CUSTOMER_TYPE = 'Allgemein';
export const MIN_PASSWORD_LENGTH = 3;

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
