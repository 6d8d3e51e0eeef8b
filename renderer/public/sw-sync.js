/* global self */
// Background Sync for Werkboard, loaded by the generated service worker (importScripts).
// The queue and the session token live in the page, not here: on the sync event the worker
// asks every open window to replay its queue and waits until one of them answers on the
// MessageChannel port it was given (renderer/src/platform/serviceWorker). With no window
// open, or without an answer within 30 s, the event ends and the queue waits for the next
// start or the next 'online'. A window that answers { ok: false } makes the event fail, so
// the browser may fire it again later.
const WERKBOARD_SYNC_TAG = 'werkboard-sync';
const WERKBOARD_SYNC_ANSWER_TIMEOUT_MS = 30000;

function askWindowToSync(client) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => {
      channel.port1.close();
      resolve(Boolean(event.data && event.data.ok));
    };
    client.postMessage({ type: WERKBOARD_SYNC_TAG }, [channel.port2]);
  });
}

async function askWindowsToSync() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.length === 0) return;
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve('timeout'), WERKBOARD_SYNC_ANSWER_TIMEOUT_MS);
  });
  const first = await Promise.race([Promise.race(windows.map(askWindowToSync)), timeout]);
  clearTimeout(timer);
  if (first === false) throw new Error('werkboard-sync: the page could not sync');
}

self.addEventListener('sync', (event) => {
  if (event.tag !== WERKBOARD_SYNC_TAG) return;
  event.waitUntil(askWindowsToSync());
});
