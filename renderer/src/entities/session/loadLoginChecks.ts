import type * as LoginChecks from './loginChecks';

/**
 * The login's checks from their own chunk (loginChecks.ts), or null when it cannot be loaded
 * (offline before the service worker had cached the app); the caller then says so.
 */
export function loadLoginChecks(): Promise<typeof LoginChecks | null> {
  return import('./loginChecks').catch(() => null);
}
