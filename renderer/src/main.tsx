import { createRoot } from 'react-dom/client';
import { deStart } from '@werkboard/common';
import { getOrCreateDeviceId } from './api/deviceId';
import { withEarlyReads } from './api/earlyReads';
import { guardUnload, UnsavedWork } from './api/unsavedWork';
import { App } from './app/App';
import { createPlatform } from './platform';
import { syncNow } from './entities/outbox/syncThunks';
import { createAppStore, startPersistence } from './store';
import { whenIdle } from './utils/whenIdle';

/** The service worker's helpers, in a chunk of their own: nothing before the first screen needs them (issue 19). */
const serviceWorker = () => import('./platform/serviceWorker');
/** The chunk could not be loaded (the connection dropped at the first visit): the next start registers the worker. */
const reportNoWorker = (error: unknown) => console.warn('Service Worker nicht geladen', error);
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root fehlt in index.html');
const root = createRoot(container);
// Every platform capability is chosen here, once: browser or the Electron shell.
const platform = createPlatform(window);

/** `serverAddress`: the desktop shell's company server (the reports' QR codes point there). */
function startApp(serverAddress?: string): void {
  // Closing or reloading while a write is only in this page asks first (the shell: its dialog).
  const unsavedWork = new UnsavedWork();
  guardUnload(window, unsavedWork);
  const { store } = createAppStore({
    unsavedWork,
    // Bound: window.fetch throws "Illegal invocation" when called detached from window. The
    // landing page's first GETs may have been sent already by public/landing.js.
    fetch: withEarlyReads((url, init) => window.fetch(url, init)),
    // Loaded with the first upload (an import), not with the login's first script (issue 19).
    upload: (url, init, onProgress) =>
      import('./api/xhrUpload').then(({ createXhrUpload }) =>
        createXhrUpload(window.XMLHttpRequest)(url, init, onProgress),
      ),
    deviceId: getOrCreateDeviceId(window.localStorage, window.crypto),
    persistStorage: platform.persistStorage,
    localStorage: window.localStorage,
    navigate: (path) => {
      window.location.hash = `#${path}`;
    },
    localStore: platform.localStore,
    saveFile: platform.saveFile,
    ...(serverAddress ? { appAddress: `${serverAddress.replace(/\/+$/, '')}/` } : {}),
    requestBackgroundSync: () =>
      void serviceWorker()
        .then((worker) => worker.requestBackgroundSync())
        .catch(() => undefined),
  });
  const persistor = startPersistence(store);

  if (platform.kind === 'web') {
    // After the page has loaded (this runs before the load event) and the browser is idle (issue
    // 19): the worker's install downloads every chunk for offline use, which must not compete
    // with the landing page's own.
    window.addEventListener('load', () =>
      whenIdle(
        () =>
          void serviceWorker().then(({ registerServiceWorker, requestPersistentStorage }) => {
            // Background Sync: the service worker asks the page to replay (it has no token of its own). A
            // replay that could not reach the server rejects, so the browser tries the sync again later.
            // Its messages wait until then (startMessages).
            registerServiceWorker({
              onSyncRequested: async () => {
                const stop = await store.dispatch(syncNow());
                if (stop === 'unreachable' || stop === 'serverError') throw new Error(`sync stopped: ${stop}`);
              },
            });
            // The queue and the kept projects must not be evicted when the device runs short of space.
            void requestPersistentStorage();
          }, reportNoWorker),
      ),
    );
  }

  root.render(<App store={store} persistor={persistor} />);
}

/**
 * The desktop app's first start: the server form, in a chunk of its own (no browser and no
 * later start needs it; issue 19). The shell loads it from disk, so the loading line is brief.
 */
function showServerSetup(bridge: NonNullable<typeof platform.desktop>): void {
  root.render(<p className="authenticating">{deStart.app.loading}</p>);
  import('./platform/electron/ServerAddressForm').then(
    ({ ServerSetupScreen }) =>
      root.render(<ServerSetupScreen bridge={bridge} onSaved={() => window.location.reload()} />),
    () =>
      root.render(
        <p className="authenticating" role="alert">
          {deStart.app.pageLoadFailed}
        </p>,
      ),
  );
}

// The desktop app's first start: no company server known yet, so it asks for one first.
const desktop = platform.desktop;
if (desktop) {
  desktop.getServerAddress().then(
    (address) => {
      if (address !== null) startApp(address);
      else showServerSetup(desktop);
    },
    () => startApp(),
  );
} else {
  startApp();
}
