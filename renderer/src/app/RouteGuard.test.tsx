import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { loggedOut } from '../entities/session/authSlice';
import { buildUser } from '../test/fixtures';
import { createTestStore, LocationProbe } from '../test/renderApp';
import { RouteGuard } from './RouteGuard';

function renderGuarded(store: ReturnType<typeof createTestStore>['store']) {
  render(
    <Provider store={store}>
      <HashRouter>
        <Routes>
          <Route element={<RouteGuard />}>
            <Route path="/login" element={<p>Anmeldeseite</p>} />
            <Route path="/" element={<p>Startseite</p>} />
          </Route>
        </Routes>
        <LocationProbe />
      </HashRouter>
    </Provider>,
  );
}

describe('RouteGuard with the hash router', () => {
  const replaceState = window.history.replaceState.bind(window.history);
  afterEach(() => {
    window.history.replaceState = replaceState;
    replaceState(null, '', '#/');
  });

  it('sends a visitor who opens an address while the logout redirect renders to /login (login e2e)', async () => {
    // The dashboard, reached by the app's own navigation (its history entry has a key).
    replaceState({ usr: null, key: 'dashboard', idx: 0 }, '', '#/');
    const { store } = createTestStore({ user: buildUser('Admin') });
    renderGuarded(store);
    expect(screen.getByText('Startseite')).toBeTruthy();

    // The router's navigations are transitions, the logout is not: the guard renders its redirect
    // at the old address first. Right after the redirect has written /login, before the router
    // shows it, the visitor opens #/ (as the e2e's page.goto did under load).
    let visited = false;
    window.history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
      replaceState(data, unused, url);
      if (visited || !String(url).endsWith('#/login')) return;
      visited = true;
      window.history.pushState(null, '', '#/');
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    };
    act(() => {
      store.dispatch(loggedOut());
    });

    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    expect(visited).toBe(true);
    await screen.findByText('Anmeldeseite');
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });
});
