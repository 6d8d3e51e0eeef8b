import { createRoot } from 'react-dom/client';
import { getOrCreateDeviceId } from './api/deviceId';
import { App } from './app/App';
import { createWebPersistStorage } from './platform/persistStorage';
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
});
const persistor = startPersistence(store);

const container = document.getElementById('root');
if (!container) throw new Error('#root fehlt in index.html');
createRoot(container).render(<App store={store} persistor={persistor} />);
