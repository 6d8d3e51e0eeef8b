import { act, screen, waitFor } from '@testing-library/react';
import { de } from '@werkboard/common';
import { loggedIn } from '../entities/session/authSlice';
import { syncNow } from '../entities/outbox/syncThunks';
import { startPersistence } from '../store';
import { buildUser } from '../test/fixtures';
import { createFakeFetch, networkFailure } from '../test/fakeFetch';
import { createMemoryStorage, createTestStore, persistedAuth, renderApp, TEST_TOKEN } from '../test/renderApp';

const statusReady = { 'GET /api/status': { body: { databaseInitialized: true } } };

/** The dashboard's project list has answered (the fake fetch knows no projects route: 404). */
async function dashboardSettled(): Promise<void> {
  await screen.findByText(de.projectOverview.loadFailed);
}

function currentPath(): string | null {
  return screen.getByTestId('location').textContent;
}

describe('route guarding (spec section 2)', () => {
  it.each(['/', '/users', '/project/42', '/admin/permissions', '/nirgendwo'])(
    'sends a logged-out visitor of %s to /login',
    async (path) => {
      renderApp(path, { fake: createFakeFetch(statusReady) });

      expect(await screen.findByLabelText('Benutzername')).toBeTruthy();
      expect(currentPath()).toBe('/login');
    },
  );

  it.each(['/users', '/project-groups', '/archive', '/admin', '/admin/permissions'])(
    'sends a Monteur on %s to the dashboard',
    async (path) => {
      renderApp(path, { user: buildUser('Monteur') });

      expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
      expect(currentPath()).toBe('/');
      await dashboardSettled();
    },
  );

  it('sends an unknown path to the dashboard', async () => {
    renderApp('/gibt-es-nicht/123', { user: buildUser('Admin') });

    expect(currentPath()).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: de.pages.dashboard })).toBeTruthy();
    await dashboardSettled();
  });

  it('sends a logged-in user away from /login', async () => {
    renderApp('/login', { user: buildUser('Helfer') });

    expect(currentPath()).toBe('/');
    expect(screen.queryByLabelText('Passwort')).toBeNull();
    await dashboardSettled();
  });

  it('lets a Firmenleiter into /users', async () => {
    const fake = createFakeFetch({ 'GET /api/users': { body: [] }, 'GET /api/external-users': { body: [] } });
    renderApp('/users', { user: buildUser('Firmenleiter'), fake });
    expect(screen.getByRole('heading', { level: 1, name: 'Benutzer verwalten' })).toBeTruthy();
    expect(await screen.findByText(de.externalUsers.empty)).toBeTruthy();
  });

  it('keeps /admin/permissions for the Admin', async () => {
    const fake = createFakeFetch({ 'GET /api/permissions/roles': { status: 500, body: { message: 'x' } } });
    renderApp('/admin/permissions', { user: buildUser('Admin'), fake });
    expect(currentPath()).toBe('/admin/permissions');
    expect(screen.getByRole('heading', { level: 1, name: de.pages.permissions })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain(de.permissions.loadFailed);
  });

  it('redirects a Firmenleiter on /admin/permissions to /', async () => {
    renderApp('/admin/permissions', { user: buildUser('Firmenleiter') });
    expect(currentPath()).toBe('/');
    await dashboardSettled();
  });

  it.each([
    ['/messages', de.pages.messages],
    ['/messages/u2', de.pages.messages],
  ])('shows %s to any logged-in user with its heading', (path, title) => {
    renderApp(path, { user: buildUser('Helfer') });

    expect(currentPath()).toBe(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it("shows 'Authenticating...' while a stored session is checked, then the app", async () => {
    let answer: (body: unknown) => void = () => undefined;
    const fake = createFakeFetch({
      'GET /api/auth/me': () => new Promise((resolve) => (answer = (body) => resolve({ body }))),
    });
    const monteur = buildUser('Monteur');
    const persistStorage = createMemoryStorage(persistedAuth({ token: TEST_TOKEN, user: monteur, lastUser: null }));
    const context = createTestStore({ fake, persistStorage });
    const persistor = startPersistence(context.store);
    await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));

    renderApp('/', {}, context);

    expect(screen.getByText('Authenticating...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
    expect(fake.calls('GET /api/auth/me')[0]?.headers.Authorization).toBe(`Bearer ${TEST_TOKEN}`);

    act(() => answer({ ...monteur, licenseType: 'Lifetime' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByText('Authenticating...')).toBeNull();
    expect(context.store.getState().auth.user?.licenseType).toBe('Lifetime');
    await dashboardSettled();
  });

  it('ends a stored session the server no longer accepts (401) on the login page', async () => {
    const fake = createFakeFetch({ ...statusReady, 'GET /api/auth/me': { status: 401, body: { message: 'x' } } });
    const persistStorage = createMemoryStorage(persistedAuth({ token: 'old', user: buildUser('Monteur') }));
    const context = createTestStore({ fake, persistStorage });
    const persistor = startPersistence(context.store);
    await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));

    renderApp('/', {}, context);

    expect((await screen.findByRole('alert')).textContent).toBe(de.login.sessionExpired);
    expect(currentPath()).toBe('/login');
    expect(context.store.getState().auth.token).toBeNull();
  });

  it('keeps a stored session usable when the check cannot reach the server (offline)', async () => {
    const fake = createFakeFetch({ 'GET /api/auth/me': networkFailure() });
    const persistStorage = createMemoryStorage(persistedAuth({ token: TEST_TOKEN, user: buildUser('Monteur') }));
    const context = createTestStore({ fake, persistStorage });
    const persistor = startPersistence(context.store);
    await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));

    renderApp('/search', {}, context);

    expect(await screen.findByRole('heading', { level: 1, name: de.pages.search })).toBeTruthy();
    expect(context.store.getState().auth.token).toBe(TEST_TOKEN);
  });
});

describe('an Admin who must set up a second factor first (issue 13)', () => {
  const PROJECT = '/projects/0b4f6a52-8d0e-4a8e-9b51-3f3f0c2d9a10';

  it('is kept on the profile, whatever the address, and sends no queued change until the factor is confirmed', async () => {
    let puts = 0;
    const fake = createFakeFetch({
      'GET /api/status': { body: { databaseInitialized: true } },
      [`PUT /api${PROJECT}`]: () => {
        puts += 1;
        return { body: { revision: 2 } };
      },
      'POST /api/auth/second-factor/confirm': { body: { message: 'ok', token: 'token-full' } },
    });
    const context = createTestStore({ fake });
    context.store.dispatch(loggedIn({ token: TEST_TOKEN, user: buildUser('Admin'), secondFactorSetupRequired: true }));
    renderApp('/users', {}, context);

    await waitFor(() => expect(currentPath()).toBe('/profile'));
    expect(await screen.findByRole('heading', { level: 1, name: de.pages.profile })).toBeTruthy();

    // A change queued before (another tab, offline) waits instead of landing in the failed list.
    await act(() => context.extra.sync.enqueue({ method: 'PUT', path: PROJECT, body: { revision: 1 } }));
    expect(await act(() => context.store.dispatch(syncNow()))).toBe('unauthorized');
    expect(puts).toBe(0);
    expect(context.store.getState().sync.failed).toEqual([]);
  });
});
