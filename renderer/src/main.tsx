import { createRoot } from 'react-dom/client';
import { getOrCreateDeviceId } from './api/deviceId';
import { App } from './app/App';
import { createMemoryStore, openIndexedDbStore } from './platform/localStore';
import { createWebPersistStorage } from './platform/persistStorage';
import { registerServiceWorker, requestBackgroundSync, requestPersistentStorage } from './platform/serviceWorker';
import { syncNow } from './entities/outbox/syncThunks';
import { createAppStore, startPersistence } from './store';
import './styles.css';

const { store } = createAppStore({
  // Bound: window.fetch throws "Illegal invocation" when called detached from window.
  fetch: (url, init) => window.fetch(url, init),
  deviceId: getOrCreateDeviceId(window.localStorage, window.crypto),
  persistStorage: createWebPersistStorage(window.localStorage),
  localStorage: window.localStorage,
  navigate: (path) => {
    window.location.hash = `#${path}`;
  },
  // Without IndexedDB (a browser that refuses it) the app still queues, for as long as the page lives.
  localStore: openIndexedDbStore().catch(() => createMemoryStore()),
  requestBackgroundSync: () => void requestBackgroundSync(),
});
const persistor = startPersistence(store);

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

const container = document.getElementById('root');
if (!container) throw new Error('#root fehlt in index.html');
createRoot(container).render(<App store={store} persistor={persistor} />);
