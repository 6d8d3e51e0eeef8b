/**
 * Where the shell's windows may go. The window carries the bridge, so it must only ever
 * show the Werkboard app; everything else is refused or handed to the system browser.
 */

/** The scheme the packaged renderer is served from (appProtocol.ts): app://werkboard/. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'werkboard';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * The URL's origin, or null when it does not parse or has no real origin (file:, data:,
 * about:). The app's own scheme counts too; the URL parser calls its origin "null" (it is
 * not a special scheme), so it is put together here.
 */
export function originOf(rawUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null;
  }
  if (url.protocol === `${APP_SCHEME}:`) return url.host === '' ? null : `${APP_SCHEME}://${url.host}`;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin;
}

export function isSameOrigin(rawUrl: string, appOrigin: string): boolean {
  const origin = originOf(rawUrl);
  return origin !== null && origin === appOrigin;
}

/**
 * In-window navigation is allowed only within the app's origin; hash changes (the
 * renderer's routes) stay within it and are therefore fine.
 */
export function isAllowedNavigation(targetUrl: string, appOrigin: string): boolean {
  return isSameOrigin(targetUrl, appOrigin);
}

export type ExternalLinkDecision = { action: 'deny' } | { action: 'open-external'; url: string };

/**
 * For window.open and target=_blank links: the app never opens a second window of itself;
 * an http(s) link to another origin goes to the system browser; javascript:, file:, data:
 * and the like are denied. Links with credentials are denied too, because
 * `https://bank.example@evil.example` is a phishing trick rather than a link anyone means.
 */
export function externalLinkDecision(targetUrl: string, appOrigin: string): ExternalLinkDecision {
  let url: URL;
  try {
    url = new URL(targetUrl);
  } catch {
    return { action: 'deny' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { action: 'deny' };
  if (url.username !== '' || url.password !== '') return { action: 'deny' };
  if (url.origin === appOrigin) return { action: 'deny' };
  return { action: 'open-external', url: url.href };
}
