import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { CurrentUserDto } from '@werkboard/common';
import { AppRoutes } from '../app/AppRoutes';
import { preloadPages } from '../app/pages';
import { loggedIn } from '../entities/session/authSlice';
import type { SaveFile } from '../platform/fileSave';
import type { PersistStorage } from '../platform/persistStorage';
import type { WebPushBrowser } from '../platform/serviceWorker/push';
import { createAppStore } from '../store';
import * as apiCache from '../store/apiCache';
import type { FakeFetch } from './fakeFetch';
import { createFakeFetch } from './fakeFetch';
// Loaded with the test file, not when the sync engine first needs them (its first replay, its
// first kept save): a whole app's session start replays the queue when it likes, also after a
// short test has ended, and jest refuses to load a module between two tests.
import '../platform/queuedSaves';
import '../platform/keptDocuments';

// The screens are lazy chunks (app/pages.ts). Tests that render the app load them all first,
// as the app's idle prefetch does, so that a route renders in the same pass as in the app
// after prefetch; app/lazyPage.test.tsx covers the loading and failure states.
beforeAll(() => preloadPages());

export const TEST_DEVICE_ID = 'device-test-1';
export const TEST_TOKEN = 'token-test-1';

/** redux-persist storage in memory; `data` shows what would be in localStorage. */
export function createMemoryStorage(
  initial: Record<string, string> = {},
): PersistStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => Promise.resolve(data.get(key) ?? null),
    setItem: (key, value) => {
      data.set(key, value);
      return Promise.resolve();
    },
    removeItem: (key) => {
      data.delete(key);
      return Promise.resolve();
    },
  };
}

/** What redux-persist writes for the auth slice: each field JSON-encoded inside a JSON object. */
export function persistedAuth(fields: Record<string, unknown>): Record<string, string> {
  const entries = Object.entries({ ...fields, _persist: { version: -1, rehydrated: true } });
  return {
    'persist:werkboard-auth': JSON.stringify(Object.fromEntries(entries.map(([k, v]) => [k, JSON.stringify(v)]))),
  };
}

export interface TestAppOptions {
  fake?: FakeFetch;
  /** Logged in as this user with TEST_TOKEN, session already verified. */
  user?: CurrentUserDto;
  persistStorage?: PersistStorage;
  /** The browser's push; none by default (as in jsdom). */
  webPush?: WebPushBrowser;
  /** The platform's file saving (the desktop's dialog, the browser's download); the browser's by default. */
  saveFile?: SaveFile;
}

export function createTestStore({
  fake = createFakeFetch({}),
  user,
  persistStorage,
  webPush,
  saveFile,
}: TestAppOptions = {}) {
  const navigate = jest.fn<void, [string]>();
  const { store, extra } = createAppStore({
    fetch: fake.fetch,
    deviceId: TEST_DEVICE_ID,
    persistStorage: persistStorage ?? createMemoryStorage(),
    localStorage: window.localStorage,
    navigate,
    ...(webPush ? { webPush } : {}),
    ...(saveFile ? { saveFile } : {}),
    // Attached at once: tests render screens without the logged-in frame that loads it.
    apiCache,
  });
  if (user) store.dispatch(loggedIn({ token: TEST_TOKEN, user }));
  return { store, extra, fake, navigate };
}

/** Shows the router's current path, so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** The whole route tree at `path` (with navigation state, if given), with a store of its own (or the given one). */
export function renderApp(
  path: string | { pathname: string; state?: unknown },
  options: TestAppOptions = {},
  context: ReturnType<typeof createTestStore> = createTestStore(options),
) {
  const view = render(
    <Provider store={context.store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Provider>,
  );
  return { ...context, view };
}

/** One component inside the providers (store + router at `path`), with its own store or the given one. */
export function renderWithProviders(
  ui: ReactNode,
  options: TestAppOptions & { path?: string } = {},
  context: ReturnType<typeof createTestStore> = createTestStore(options),
) {
  const view = render(
    <Provider store={context.store}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </Provider>,
  );
  return { ...context, view };
}
