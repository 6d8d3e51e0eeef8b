import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { de } from '@werkboard/common';
import { buildUser, withPermissions } from '../test/fixtures';
import { createFakeFetch, networkFailure } from '../test/fakeFetch';
import { renderApp } from '../test/renderApp';
import { buildInvitation } from '../test/team';
import { createFakeWebPush, TEST_PUSH_ENDPOINT } from '../test/webPush';

const PERMISSION_LINK_NAMES = ['Vorlagen', 'Projektgruppen', 'Benutzer', 'Archiv', 'Admin'];

function navigation() {
  return within(screen.getByRole('navigation', { name: de.nav.primary }));
}

function visiblePermissionLinks(): string[] {
  return PERMISSION_LINK_NAMES.filter((name) => navigation().queryByRole('link', { name }) !== null);
}

describe('navigation bar', () => {
  it('shows an Admin all five permission links, pointing at their routes', () => {
    renderApp('/search', { user: buildUser('Admin') });

    expect(visiblePermissionLinks()).toEqual(PERMISSION_LINK_NAMES);
    expect(navigation().getByRole('link', { name: 'Projektgruppen' }).getAttribute('href')).toBe('/project-groups');
    expect(navigation().getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('shows a Monteur with only can_view_dashboard none of them', () => {
    renderApp('/search', { user: withPermissions('Monteur', ['can_view_dashboard']) });

    expect(visiblePermissionLinks()).toEqual([]);
    // The links every user has are still there.
    for (const name of ['Dashboard', 'Suche', 'Nachrichten', 'Profil']) {
      expect(navigation().getByRole('link', { name })).toBeTruthy();
    }
    for (const name of ['Einladungen', 'Einstellungen', 'Abmelden']) {
      expect(navigation().getByRole('button', { name })).toBeTruthy();
    }
  });

  it('shows a Monteur the templates link once he holds can_manage_templates', () => {
    renderApp('/search', { user: withPermissions('Monteur', ['can_view_dashboard', 'can_manage_templates']) });

    expect(visiblePermissionLinks()).toEqual(['Vorlagen']);
  });

  it('hides a permission link whose route the role may not open', () => {
    // A Projektleiter granted can_manage_users still cannot open /users (Admin and Firmenleiter only).
    renderApp('/search', { user: withPermissions('Projektleiter', ['can_manage_users', 'can_view_archive']) });

    expect(visiblePermissionLinks()).toEqual([]);
  });

  it("shows the profile link with the initial and the username in the user's colour", () => {
    renderApp('/search', { user: buildUser('Monteur', { username: 'erik', usernameColor: '#ff8800' }) });

    const profile = navigation().getByRole('link', { name: 'Profil' });
    expect(profile.getAttribute('href')).toBe('/profile');
    expect(within(profile).getByText('E')).toBeTruthy();
    const name = within(profile).getByText('erik');
    expect(name.style.color).toBe('rgb(255, 136, 0)');
  });

  it('logs out: ends the session on the server with its token, clears it here and goes to /login', async () => {
    const fake = createFakeFetch({
      'GET /api/status': { body: { databaseInitialized: true } },
      'POST /api/auth/logout': { body: { message: de.sessions.loggedOut } },
    });
    const { store } = renderApp('/search', { user: buildUser('Monteur'), fake });
    const token = store.getState().auth.token;

    fireEvent.click(navigation().getByRole('button', { name: 'Abmelden' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    const [logoutCall] = fake.calls('POST /api/auth/logout');
    expect(logoutCall?.headers.Authorization).toBe(`Bearer ${token}`);
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().auth.user).toBeNull();
    expect(screen.getByLabelText('Benutzername')).toBeTruthy();
    // The login page polls the server status; let that settle inside the test.
    expect(await screen.findByText(de.login.serverReady)).toBeTruthy();
  });

  it("removes this browser's push subscription at logout: on the server while the token still works, then in the browser", async () => {
    const removePush = `DELETE /api/push/subscriptions?endpoint=${encodeURIComponent(TEST_PUSH_ENDPOINT)}`;
    const fake = createFakeFetch({
      'GET /api/status': { body: { databaseInitialized: true } },
      [removePush]: { status: 204 },
      'POST /api/auth/logout': { body: { message: de.sessions.loggedOut } },
    });
    const push = createFakeWebPush({ permission: 'granted', subscribed: true });
    const { store } = renderApp('/search', { user: buildUser('Monteur'), fake, webPush: push.browser });
    const token = store.getState().auth.token;

    fireEvent.click(navigation().getByRole('button', { name: 'Abmelden' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    const order = fake.requests.map((request) => `${request.method} ${request.url}`);
    expect(order.indexOf(removePush)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(removePush)).toBeLessThan(order.indexOf('POST /api/auth/logout'));
    expect(fake.calls(removePush)[0]?.headers.Authorization).toBe(`Bearer ${token}`);
    expect(push.state.calls).toEqual(['unsubscribe']);
    expect(push.state.subscribed).toBe(false);
    expect(await screen.findByText(de.login.serverReady)).toBeTruthy();
  });

  it('logs out here even when the server cannot be reached to end the session', async () => {
    const fake = createFakeFetch({
      'GET /api/status': { body: { databaseInitialized: true } },
      'POST /api/auth/logout': networkFailure(),
    });
    const { store } = renderApp('/search', { user: buildUser('Monteur'), fake });

    fireEvent.click(navigation().getByRole('button', { name: 'Abmelden' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(fake.calls('POST /api/auth/logout')).toHaveLength(1);
    expect(store.getState().auth.token).toBeNull();
    expect(await screen.findByText(de.login.serverReady)).toBeTruthy();
  });

  it('warns before logging out with changes not yet on the server, and logs out only when told to', async () => {
    const project = '/projects/0b4f6a52-8d0e-4a8e-9b51-3f3f0c2d9a10';
    const fake = createFakeFetch({
      'GET /api/status': { body: { databaseInitialized: true } },
      [`PUT /api${project}`]: networkFailure(),
    });
    const { store, extra } = renderApp('/search', { user: buildUser('Monteur'), fake });
    await act(() => extra.save({ method: 'PUT', path: project, body: { revision: 1, name: 'Bad' }, queueable: true }));
    expect(store.getState().sync.pending).toBe(1);

    fireEvent.click(navigation().getByRole('button', { name: 'Abmelden' }));
    const dialog = await screen.findByRole('dialog', { name: de.sync.logoutTitle });
    expect(within(dialog).getByText(de.sync.logoutPending(1))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: de.actions.cancel }));
    expect(store.getState().auth.token).not.toBeNull();

    fireEvent.click(navigation().getByRole('button', { name: 'Abmelden' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: de.sync.logoutAnyway }));
    await waitFor(() => expect(store.getState().auth.token).toBeNull());
    expect(store.getState().sync.pending).toBe(0);
    expect(await extra.sync.loaded().then((local) => local.loadQueue())).toEqual({ pending: [], failed: [] });
    expect(await screen.findByText(de.login.serverReady)).toBeTruthy();
  });

  it('opens the settings dialog from its chunk (saying that it loads) and closes it with Escape', async () => {
    renderApp('/search', { user: buildUser('Monteur') });

    fireEvent.click(navigation().getByRole('button', { name: 'Einstellungen' }));

    const loading = screen.getByRole('dialog', { name: de.settings.title });
    expect(within(loading).getByRole('status').textContent).toBe(de.app.loading);
    await screen.findByRole('button', { name: de.settingsScreen.sections.appearance });
    const dialog = screen.getByRole('dialog', { name: de.settings.title });
    expect(within(dialog).getByRole('button', { name: de.settingsScreen.sections.appearance })).toBeTruthy();
    expect(within(dialog).queryByText(de.settings.notBuilt)).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the pending invitations on the bell and the unread count on the messages link', async () => {
    const fake = createFakeFetch({
      'GET /api/invitations': { body: [buildInvitation(), buildInvitation({ id: 'second-invitation' })] },
      'GET /api/messages/unread-count': { body: { count: 3 } },
    });
    renderApp('/search', { user: buildUser('Monteur'), fake });

    const bell = await navigation().findByRole('button', { name: 'Einladungen: 2 ausstehend' });
    expect(bell.textContent).toContain('2');
    const messages = await navigation().findByRole('link', { name: 'Nachrichten: 3 ungelesen' });
    expect(messages.textContent).toContain('3');
  });

  it('shows no count on the messages link without unread messages', async () => {
    const fake = createFakeFetch({ 'GET /api/messages/unread-count': { body: { count: 0 } } });
    renderApp('/search', { user: buildUser('Monteur'), fake });

    await waitFor(() => expect(fake.calls('GET /api/messages/unread-count')).toHaveLength(1));
    expect(navigation().getByRole('link', { name: 'Nachrichten' }).textContent).not.toMatch(/\d/);
  });

  it('shows no count on the bell without pending invitations', async () => {
    const fake = createFakeFetch({ 'GET /api/invitations': { body: [] } });
    renderApp('/search', { user: buildUser('Monteur'), fake });

    await waitFor(() => expect(fake.calls('GET /api/invitations')).toHaveLength(1));
    expect(navigation().getByRole('button', { name: 'Einladungen' }).textContent).not.toMatch(/\d/);
  });

  it('toggles the mobile menu and closes it when a link is followed', () => {
    renderApp('/search', { user: buildUser('Admin') });
    const menu = navigation().getByRole('button', { name: 'Menü' });
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '');

    expect(menu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.className).toContain('nav__items--open');

    fireEvent.click(navigation().getByRole('link', { name: 'Nachrichten' }));

    expect(screen.getByRole('heading', { level: 1, name: de.pages.messages })).toBeTruthy();
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });
});
