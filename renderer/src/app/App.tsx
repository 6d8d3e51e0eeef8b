import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { HashRouter } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import type { AppStore } from '../store';
import { AppRoutes } from './AppRoutes';
import { AuthenticatingScreen } from './AuthGate';

/** Providers around the routes. Hash routing: the server and Electron's file:// only serve /. */
export function App({ store, persistor }: { store: AppStore; persistor: Persistor }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <PersistGate persistor={persistor} loading={<AuthenticatingScreen />}>
          <HashRouter>
            <AppRoutes />
          </HashRouter>
        </PersistGate>
      </Provider>
    </StrictMode>
  );
}
