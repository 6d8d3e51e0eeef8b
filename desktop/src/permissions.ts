import { isSameOrigin } from './navigationGuard';

/**
 * The only web permissions the app needs: notifications (reminders) and writing to the
 * clipboard (copy buttons). Camera, location, USB and the rest stay refused.
 */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['notifications', 'clipboard-sanitized-write']);

/**
 * Used by both Electron handlers: the request handler passes the requesting URL, the check
 * handler passes the requesting origin; either parses to the same origin.
 */
export function isPermissionAllowed(permission: string, requestingUrl: string | undefined, appOrigin: string): boolean {
  if (!ALLOWED_PERMISSIONS.has(permission)) return false;
  return requestingUrl !== undefined && isSameOrigin(requestingUrl, appOrigin);
}
