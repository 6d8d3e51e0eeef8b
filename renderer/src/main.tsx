import { createRoot } from 'react-dom/client';
import { getOrCreateDeviceId } from './api/deviceId';
import { createXhrUpload } from './api/xhrUpload';
import { App } from './app/App';
import { createPlatform } from './platform';
import { ServerSetupScreen } from './platform/electron/ServerAddressForm';
import { registerServiceWorker, requestBackgroundSync, requestPersistentStorage } from './platform/serviceWorker';
import { syncNow } from './entities/outbox/syncThunks';
import { createAppStore, startPersistence } from './store';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root fehlt in index.html');
const root = createRoot(container);
// Every platform capability is chosen here, once: browser or the Electron shell.
const platform = createPlatform(window);

/** `serverAddress`: the desktop shell's company server (the reports' QR codes point there). */
function startApp(serverAddress?: string): void {
  const { store } = createAppStore({
    // Bound: window.fetch throws "Illegal invocation" when called detached from window.
    fetch: (url, init) => window.fetch(url, init),
    upload: createXhrUpload(window.XMLHttpRequest),
    deviceId: getOrCreateDeviceId(window.localStorage, window.crypto),
    persistStorage: platform.persistStorage,
    localStorage: window.localStorage,
    navigate: (path) => {
      window.location.hash = `#${path}`;
    },
    localStore: platform.localStore,
    saveFile: platform.saveFile,
    ...(serverAddress ? { appAddress: `${serverAddress.replace(/\/+$/, '')}/` } : {}),
    requestBackgroundSync: () => void requestBackgroundSync(),
  });
  const persistor = startPersistence(store);

  if (platform.kind === 'web') {
    // Background Sync: the service worker asks the page to replay (it has no token of its own). A
    // replay that could not reach the server rejects, so the browser tries the sync again later.
    registerServiceWorker({
      onSyncRequested: async () => {
        const stop = await store.dispatch(syncNow());
        if (stop === 'unreachable' || stop === 'serverError') throw new Error(`sync stopped: ${stop}`);
      },
    });
    // The queue and the kept projects must not be evicted when the device runs short of space.
    void requestPersistentStorage();
  }

  root.render(<App store={store} persistor={persistor} />);
}

// The desktop app's first start: no company server known yet, so it asks for one first.
const desktop = platform.desktop;
if (desktop) {
  desktop.getServerAddress().then(
    (address) => {
      if (address !== null) startApp(address);
      else root.render(<ServerSetupScreen bridge={desktop} onSaved={() => window.location.reload()} />);
    },
    () => startApp(),
  );
} else {
  startApp();
}
