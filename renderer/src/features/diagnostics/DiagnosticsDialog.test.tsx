import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Role } from '@werkboard/common';
import { de } from '@werkboard/common';
import { loggedIn } from '../../entities/session/authSlice';
import { logAdded } from '../../entities/connection/liveLogSlice';
import { buildUser } from '../../test/fixtures';
import type { FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { createTestStore, renderWithProviders, TEST_TOKEN } from '../../test/renderApp';
import { DiagnosticsDialog } from './DiagnosticsDialog';
import { statusReceived } from '../../entities/connection/serverStatusSlice';

interface Setup {
  routes?: Record<string, FakeRoute>;
  /** Logged in as this role; without one, as on the login page. */
  role?: Role;
}

function renderDialog({ routes = {}, role }: Setup = {}) {
  const fake = createFakeFetch(routes);
  const context = createTestStore({ fake });
  if (role) context.store.dispatch(loggedIn({ token: TEST_TOKEN, user: buildUser(role) }));
  const onClose = jest.fn();
  renderWithProviders(<DiagnosticsDialog onClose={onClose} />, {}, context);
  return { ...context, fake, onClose };
}

describe('connection diagnostics', () => {
  it("lists the four server status fields with German labels, 'Unbekannt' before any answer", () => {
    renderDialog();

    const dialog = screen.getByRole('dialog', { name: 'Verbindungsdiagnose' });
    for (const label of [
      'Startbefehl gesendet',
      'Backend gestartet',
      'Datenbank erreichbar',
      'Datenbank initialisiert',
    ]) {
      expect(within(dialog).getByText(label)).toBeTruthy();
    }
    expect(within(dialog).getAllByText(de.diagnostics.unknown)).toHaveLength(4);
  });

  it('shows the answered status and the live log lines with their time', () => {
    const { store } = renderDialog();
    act(() => {
      store.dispatch(
        statusReceived({
          startCommandSent: true,
          backendStarted: true,
          databaseReachable: true,
          databaseInitialized: false,
        }),
      );
      store.dispatch(logAdded('GET /api/status → 200'));
    });

    expect(screen.getAllByText(de.diagnostics.yes)).toHaveLength(3);
    expect(screen.getAllByText(de.diagnostics.no)).toHaveLength(1);
    const panel = screen.getByRole('tabpanel');
    const line = within(panel).getByText(/GET \/api\/status → 200/);
    expect(line.querySelector('time')?.textContent).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });

  it('offers the server log tab only to an Admin', () => {
    renderDialog({ role: 'Firmenleiter' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Live-Protokoll']);
  });

  it("asks for an Admin's credentials on the login page, reads the log with a session of its own and ends it", async () => {
    const { store, fake } = renderDialog({
      routes: {
        'POST /api/auth/login': { body: { token: 'admin-token', user: buildUser('Admin') } },
        'GET /api/logs/server.log': (request) =>
          request.headers.Authorization === 'Bearer admin-token'
            ? { body: '08:00:01 Server gestartet' }
            : { status: 401, body: { message: 'Nicht angemeldet.' } },
        'POST /api/auth/logout': { body: { message: 'Abgemeldet.' } },
      },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Server-Log' }));
    const panel = within(screen.getByRole('tabpanel'));
    expect(panel.getByText(de.diagnostics.adminSignInHint)).toBeTruthy();
    fireEvent.change(panel.getByLabelText('Benutzername'), { target: { value: 'admin' } });
    fireEvent.change(panel.getByLabelText('Passwort'), { target: { value: 'geheim' } });
    fireEvent.click(panel.getByRole('button', { name: de.diagnostics.loadServerLog }));

    expect(await panel.findByText('08:00:01 Server gestartet')).toBeTruthy();
    expect(fake.calls('POST /api/auth/login')[0]?.body).toEqual({ username: 'admin', password: 'geheim' });
    expect(fake.calls('POST /api/auth/logout')).toHaveLength(1);
    // The device stays logged out.
    expect(store.getState().auth.token).toBeNull();
  });

  it("says so when the credentials on the login page are not an Admin's", async () => {
    renderDialog({
      routes: {
        'POST /api/auth/login': { body: { token: 'monteur-token', user: buildUser('Monteur') } },
        'GET /api/logs/server.log': { status: 403, body: { message: 'Verboten.' } },
        'POST /api/auth/logout': { body: { message: 'Abgemeldet.' } },
      },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Server-Log' }));
    const panel = within(screen.getByRole('tabpanel'));
    fireEvent.change(panel.getByLabelText('Benutzername'), { target: { value: 'max' } });
    fireEvent.change(panel.getByLabelText('Passwort'), { target: { value: 'geheim' } });
    fireEvent.click(panel.getByRole('button', { name: de.diagnostics.loadServerLog }));

    expect((await panel.findByRole('alert')).textContent).toBe(de.diagnostics.serverLogAdminOnly);
  });

  it('loads the server log with the token', async () => {
    const { fake } = renderDialog({
      routes: { 'GET /api/logs/server.log': { body: 'line 1\nline 2' } },
      role: 'Admin',
    });

    fireEvent.click(screen.getByRole('tab', { name: 'Server-Log' }));

    expect((await screen.findByText(/line 1/)).textContent).toBe('line 1\nline 2');
    expect(fake.calls('GET /api/logs/server.log')[0]?.headers.Authorization).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('explains a refused server log with the status code and keeps the session', async () => {
    const { store, navigate } = renderDialog({
      routes: {
        'GET /api/logs/server.log': {
          status: 403,
          body: { message: 'Zugriff verweigert. Nur Admins können das Server-Log einsehen.' },
        },
      },
      role: 'Admin',
    });

    fireEvent.click(screen.getByRole('tab', { name: 'Server-Log' }));

    expect(await screen.findByText('Protokoll konnte nicht geladen werden')).toBeTruthy();
    expect(
      screen.getByText(
        'Server antwortete mit Status: 403 – Zugriff verweigert. Nur Admins können das Server-Log einsehen.',
      ),
    ).toBeTruthy();
    expect(store.getState().auth.token).toBe(TEST_TOKEN);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('closes on Escape', () => {
    const { onClose } = renderDialog();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
