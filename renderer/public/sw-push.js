/* global self */
// Web push for Werkboard, loaded by the generated service worker (importScripts).
// The server sends { type, title, body, url } encrypted by the web-push protocol (issue 16):
// who wrote or invited, never a message's text. A click focuses an open Werkboard window on
// the payload's route ('#/messages/{userId}', '#/project/{id}', ...), or opens one there.
const WERKBOARD_PUSH_FALLBACK = { title: 'Werkboard', body: '', url: '#/' };

/** The payload as the server sends it; anything unreadable falls back to a plain notice. */
function readPushPayload(data) {
  let parsed;
  try {
    parsed = data ? data.json() : null;
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object') return WERKBOARD_PUSH_FALLBACK;
  const text = (value, fallback) => (typeof value === 'string' && value !== '' ? value : fallback);
  const url = text(parsed.url, '#/');
  return {
    title: text(parsed.title, WERKBOARD_PUSH_FALLBACK.title),
    body: text(parsed.body, ''),
    // Only a route inside the app: a payload never sends the user to another site.
    url: url.startsWith('#/') ? url : '#/',
    type: text(parsed.type, 'notice'),
  };
}

/** The app's address for a route: the worker's scope (where index.html lives) plus the hash. */
function werkboardAddress(route) {
  return new URL(route, self.registration.scope).href;
}

self.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: 'icons/icon-192.png',
      // One notice per kind and route: a second message from the same person replaces the first.
      tag: `${payload.type}:${payload.url}`,
      data: { url: payload.url },
    }),
  );
});

async function openWerkboard(route) {
  const address = werkboardAddress(route);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url.startsWith(self.registration.scope));
  if (open) {
    try {
      const focused = await open.focus();
      // The hash router follows the address: the open app shows the route without a reload.
      if (focused && focused.url !== address) await focused.navigate(address);
    } catch {
      // A window the worker does not control cannot be steered; it is in front, that is enough.
    }
    return;
  }
  await self.clients.openWindow(address);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data;
  const route = data && typeof data.url === 'string' && data.url.startsWith('#/') ? data.url : '#/';
  event.waitUntil(openWerkboard(route));
});
