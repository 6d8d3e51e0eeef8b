import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { de } from '@werkboard/common';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createAppStore } from '../store';
import { isApiCacheAttached } from '../store/rootReducer';
import { buildUser } from '../test/fixtures';
import { createFakeFetch } from '../test/fakeFetch';
import { createMemoryStorage, LocationProbe, TEST_DEVICE_ID } from '../test/renderApp';
import { AppRoutes } from './AppRoutes';

const admin = buildUser('Admin');

/** The app as main.tsx builds it: RTK Query's cache is not attached up front. */
function renderLazyApp() {
  const fake = createFakeFetch({
    'GET /api/status': { body: { databaseInitialized: true } },
    'POST /api/auth/login': { body: { token: 'token-lazy', user: admin } },
    'GET /api/auth/me': { body: admin },
    'GET /api/projects': { body: [] },
    'GET /api/appointments': { body: [] },
  });
  const { store } = createAppStore({
    fetch: fake.fetch,
    deviceId: TEST_DEVICE_ID,
    persistStorage: createMemoryStorage(),
    localStorage: window.localStorage,
    navigate: jest.fn(),
  });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/login']}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Provider>,
  );
  return { store, fake };
}

describe('the server data cache, loaded with the logged-in frame (issue 19)', () => {
  it('runs the login without it, then attaches it before the dashboard renders', async () => {
    const { store, fake } = renderLazyApp();

    // The login screen works without RTK Query: the status poll and the login itself.
    await waitFor(() => expect(fake.calls('GET /api/status').length).toBeGreaterThan(0));
    expect(await screen.findByText(de.login.serverReady)).toBeTruthy();
    expect(isApiCacheAttached(store.getState())).toBe(false);

    fireEvent.change(screen.getByLabelText(de.login.username), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText(de.login.password), { target: { value: 'geheim-2026' } });
    fireEvent.click(screen.getByRole('button', { name: de.login.submit }));

    // The frame waits in the page's loading space, then shows the dashboard with the cache.
    expect(await screen.findByRole('heading', { level: 1, name: de.pages.dashboard })).toBeTruthy();
    expect(isApiCacheAttached(store.getState())).toBe(true);
    expect(screen.getByTestId('location').textContent).toBe('/');
    await waitFor(() => expect(fake.calls('GET /api/projects').length).toBeGreaterThan(0));
    expect(fake.calls('GET /api/auth/me')[0]?.headers.Authorization).toBe('Bearer token-lazy');
  });
});
