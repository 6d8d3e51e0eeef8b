import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ServerStatus } from '@werkboard/common';
import { de, STATUS_POLL_INTERVAL_MS, STATUS_POLL_TIMEOUT_MS } from '@werkboard/common';
import { DEVICE_ID_STORAGE_KEY } from '../api/deviceId';
import { buildUser } from '../test/fixtures';
import type { FakeRoute } from '../test/fakeFetch';
import { createFakeFetch, networkFailure } from '../test/fakeFetch';
import { renderApp } from '../test/renderApp';
import { sessionLost } from '../entities/session/authSlice';

const READY: ServerStatus = {
  startCommandSent: true,
  backendStarted: true,
  databaseReachable: true,
  databaseInitialized: true,
};
const STARTING: ServerStatus = { ...READY, databaseInitialized: false };

/** Answers the status poll with the given statuses in turn, repeating the last one. */
function statusSequence(...statuses: ServerStatus[]): FakeRoute {
  let call = 0;
  return () => ({ body: statuses[Math.min(call++, statuses.length - 1)] });
}

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

function submitButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Anmelden' });
}

function fillAndSubmit(username = 'anna', password = 'geheim') {
  fireEvent.change(screen.getByLabelText('Benutzername'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: password } });
  fireEvent.click(submitButton());
}

/** The server where 'anna' logs in with any password, its status answered by `status`. */
function annaLogsIn(status: FakeRoute) {
  const anna = buildUser('Projektleiter', { username: 'anna' });
  return createFakeFetch({
    'GET /api/status': status,
    'POST /api/auth/login': { body: { token: 'fresh-token', user: anna } },
    'GET /api/auth/me': { body: anna },
  });
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('login page', () => {
  it('shows the tagline and fades in its three parts at 100, 600 and 1600 ms', async () => {
    renderApp('/login', { fake: createFakeFetch({ 'GET /api/status': { body: READY } }) });
    const brand = screen.getByText(de.app.tagline).closest('header');
    const form = screen.getByLabelText('Benutzername').closest('form');
    const footer = screen.getByRole('button', { name: de.login.diagnostics }).closest('footer');
    const shown = () => [brand, form, footer].map((part) => part?.classList.contains('stage--shown'));

    expect(shown()).toEqual([false, false, false]);
    await advance(100);
    expect(shown()).toEqual([true, false, false]);
    await advance(500);
    expect(shown()).toEqual([true, true, false]);
    await advance(999);
    expect(shown()).toEqual([true, true, false]);
    await advance(1);
    expect(shown()).toEqual([true, true, true]);
  });

  it("shows the server's German message in an alert when the login is refused (401)", async () => {
    const fake = createFakeFetch({
      'GET /api/status': { body: READY },
      'POST /api/auth/login': { status: 401, body: { message: 'Ungültiger Benutzername oder Passwort.' } },
    });
    const { store } = renderApp('/login', { fake });
    await advance(0);

    fillAndSubmit('anna', 'falsch');
    await advance(0);

    expect(screen.getByRole('alert').textContent).toBe('Ungültiger Benutzername oder Passwort.');
    expect(fake.calls('POST /api/auth/login')[0]?.body).toEqual({ username: 'anna', password: 'falsch' });
    expect(store.getState().auth.token).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it.each<[string, FakeRoute, string]>([
    ['a 401 without a message', { status: 401 }, de.login.invalidCredentials],
    ['a 429', { status: 429, body: {} }, de.login.tooManyAttempts],
    [
      'a 503 while the database starts',
      { status: 503, body: { message: de.login.databaseNotInitialized } },
      de.login.databaseNotInitialized,
    ],
    [
      'an unreachable server',
      networkFailure(),
      'Der Backend-Server ist unter der angegebenen Adresse nicht erreichbar.',
    ],
  ])('explains %s in German', async (_case, answer, expected) => {
    renderApp('/login', {
      fake: createFakeFetch({ 'GET /api/status': { body: READY }, 'POST /api/auth/login': answer }),
    });
    await advance(0);

    fillAndSubmit();
    await advance(0);

    expect(screen.getByRole('alert').textContent).toBe(expected);
  });

  it('asks for missing fields in German without calling the server', async () => {
    const fake = createFakeFetch({ 'GET /api/status': { body: READY } });
    renderApp('/login', { fake });
    await advance(0);

    fillAndSubmit('  ', '');
    // The checks come from a chunk of their own (loginChecks.ts).
    await advance(0);

    expect(screen.getByRole('alert').textContent).toBe(de.login.usernameRequired);
    expect(screen.getByLabelText('Benutzername').getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls('POST /api/auth/login')).toHaveLength(0);
  });

  it('logs in: stores token and user, and opens the dashboard', async () => {
    const fake = annaLogsIn({ body: READY });
    const { store } = renderApp('/login', { fake });
    await advance(0);

    fillAndSubmit('anna', 'geheim');
    await advance(0);

    expect(store.getState().auth.token).toBe('fresh-token');
    expect(store.getState().auth.user?.username).toBe('anna');
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    // The app data were loaded with the new token.
    expect(fake.calls('GET /api/auth/me')[0]?.headers.Authorization).toBe('Bearer fresh-token');
  });

  it('logs out again when loading the app data after login fails', async () => {
    const fake = createFakeFetch({
      'GET /api/status': { body: READY },
      'POST /api/auth/login': { body: { token: 'fresh-token', user: buildUser('Monteur') } },
      'GET /api/auth/me': { status: 500, body: { message: 'Datenbankfehler' } },
    });
    const { store } = renderApp('/login', { fake });
    await advance(0);

    fillAndSubmit();
    await advance(0);

    expect(screen.getByRole('alert').textContent).toBe(
      'Login erfolgreich, aber anschließendes Laden der App-Daten ist fehlgeschlagen.',
    );
    expect(store.getState().auth.token).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('asks to clear local data when the storage is full, keeping the device id', async () => {
    window.localStorage.setItem(DEVICE_ID_STORAGE_KEY, 'device-1');
    window.localStorage.setItem('persist:alt', 'x'.repeat(100));
    const fake = createFakeFetch({
      'GET /api/status': { body: READY },
      'POST /api/auth/login': { body: { token: 'fresh-token', user: buildUser('Monteur') } },
    });
    const { store, extra } = renderApp('/login', { fake });
    await advance(0);
    // A copy kept for offline reading and a change still waiting for the server.
    const local = await extra.sync.loaded();
    await local.putRead('/tags', [{ id: 'tag-1' }]);
    const waiting = {
      key: 'k1',
      queuedAt: '2026-11-23T08:00:00.000Z',
      method: 'PUT' as const,
      path: '/settings',
      userId: 'u1',
      attempts: 0,
    };
    await local.updateQueue(() => ({ pending: [waiting], failed: [] }));
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });

    fillAndSubmit();
    await advance(0);
    setItem.mockRestore();

    expect(screen.getByRole('alert').textContent).toBe(de.login.storageFull);
    expect(store.getState().auth.token).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Lokale Daten löschen' }));
    expect(window.localStorage.getItem('persist:alt')).toBeNull();
    expect(window.localStorage.getItem(DEVICE_ID_STORAGE_KEY)).toBe('device-1');
    expect(screen.queryByRole('alert')).toBeNull();
    await advance(0);
    expect(await local.getRead('/tags')).toBeUndefined();
    expect((await local.loadQueue()).pending).toEqual([waiting]);
  });

  it('shows the session message after a lost session', async () => {
    const { store } = renderApp('/login', { fake: createFakeFetch({ 'GET /api/status': { body: READY } }) });
    act(() => {
      store.dispatch(sessionLost());
    });
    await advance(0);

    expect(screen.getByRole('alert').textContent).toBe('Sitzung abgelaufen oder ungültig. Bitte erneut anmelden.');
  });

  it("refuses a click on 'Anmelden' with the spec's message while the database is not initialised", async () => {
    const fake = createFakeFetch({ 'GET /api/status': { body: STARTING } });
    renderApp('/login', { fake });
    await advance(0);

    expect(screen.getByText(de.login.waitingForServer)).toBeTruthy();
    // Enabled, so that the click says why the login is refused (issue 19).
    expect(submitButton().disabled).toBe(false);
    fillAndSubmit('anna', 'geheim');
    await advance(0);

    expect(screen.getByRole('alert').textContent).toBe(
      'Verbindung zum Server fehlgeschlagen. Bitte überprüfen Sie die Verbindungsdiagnose.',
    );
    expect(fake.calls('POST /api/auth/login')).toHaveLength(0);
  });

  it('logs in when the click comes before the first status answer: the server decides, no false refusal', async () => {
    // The status answer is late (a slow line, a busy server): the user is faster.
    const fake = annaLogsIn(() => new Promise(() => undefined));
    const { store } = renderApp('/login', { fake });
    await advance(0);

    fillAndSubmit('anna', 'geheim');
    await advance(0);

    expect(screen.queryByText(de.login.databaseNotInitialized)).toBeNull();
    expect(fake.calls('POST /api/auth/login')).toHaveLength(1);
    expect(store.getState().auth.token).toBe('fresh-token');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('shows the server’s refusal when the status was unknown and the database is not initialised', async () => {
    const fake = createFakeFetch({
      'GET /api/status': networkFailure(),
      'POST /api/auth/login': { status: 503, body: { message: de.api.databaseNotReady, code: 'database_not_ready' } },
    });
    const { store } = renderApp('/login', { fake });
    await advance(0);

    fillAndSubmit('anna', 'geheim');
    await advance(0);

    expect(fake.calls('POST /api/auth/login')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toBe(
      'Verbindung zum Server fehlgeschlagen. Bitte überprüfen Sie die Verbindungsdiagnose.',
    );
    expect(store.getState().auth.token).toBeNull();
  });

  it('polls every 2.5 s, says so once the database is initialised, then stops polling', async () => {
    const fake = createFakeFetch({ 'GET /api/status': statusSequence(STARTING, STARTING, READY) });
    renderApp('/login', { fake });
    await advance(0);
    expect(fake.calls('GET /api/status')).toHaveLength(1);

    await advance(STATUS_POLL_INTERVAL_MS - 1);
    expect(fake.calls('GET /api/status')).toHaveLength(1);
    await advance(1);
    expect(fake.calls('GET /api/status')).toHaveLength(2);
    expect(screen.queryByText(de.login.serverReady)).toBeNull();

    await advance(STATUS_POLL_INTERVAL_MS);
    expect(fake.calls('GET /api/status')).toHaveLength(3);
    expect(screen.getByText(de.login.serverReady)).toBeTruthy();

    await advance(STATUS_POLL_TIMEOUT_MS * 2);
    expect(fake.calls('GET /api/status')).toHaveLength(3);
    expect(screen.queryByText(de.diagnostics.timeout)).toBeNull();
  });

  it('asks for the status without caches and without a token', async () => {
    const fake = createFakeFetch({ 'GET /api/status': { body: READY } });
    renderApp('/login', { fake });
    await advance(0);

    const [request] = fake.calls('GET /api/status');
    expect(request?.headers['Cache-Control']).toBe('no-cache');
    expect(fake.fetch.mock.calls[0]?.[1].cache).toBe('no-store');
    expect(request?.headers.Authorization).toBeUndefined();
  });

  it('gives up after 20 s with the timeout message and polls again on request', async () => {
    const fake = createFakeFetch({ 'GET /api/status': { body: STARTING } });
    renderApp('/login', { fake });
    await advance(STATUS_POLL_TIMEOUT_MS - 1);
    expect(screen.queryByText('Timeout: Der Server antwortet nicht rechtzeitig.')).toBeNull();

    await advance(1);
    expect(screen.getByText('Timeout: Der Server antwortet nicht rechtzeitig.')).toBeTruthy();
    const pollsAtTimeout = fake.calls('GET /api/status').length;
    expect(pollsAtTimeout).toBe(STATUS_POLL_TIMEOUT_MS / STATUS_POLL_INTERVAL_MS);

    await advance(STATUS_POLL_INTERVAL_MS * 4);
    expect(fake.calls('GET /api/status')).toHaveLength(pollsAtTimeout);

    fireEvent.click(screen.getByRole('button', { name: de.login.retryStatus }));
    await advance(0);
    expect(fake.calls('GET /api/status')).toHaveLength(pollsAtTimeout + 1);
    expect(screen.queryByText(de.diagnostics.timeout)).toBeNull();
  });

  it('says when the server cannot be reached', async () => {
    renderApp('/login', { fake: createFakeFetch({ 'GET /api/status': networkFailure() }) });
    await advance(0);

    expect(screen.getByRole('status').textContent).toBe(de.diagnostics.unreachable);
  });

  it("shows the server's message and keeps the status fields of a 503 status answer", async () => {
    const { store } = renderApp('/login', {
      fake: createFakeFetch({
        'GET /api/status': {
          status: 503,
          body: { ...STARTING, databaseReachable: false, message: 'Datenbank startet' },
        },
      }),
    });
    await advance(0);

    expect(screen.getByRole('status').textContent).toBe('Datenbank startet');
    expect(store.getState().serverStatus.status?.databaseReachable).toBe(false);
  });

  it('opens the help dialog with the imprint texts', async () => {
    renderApp('/login', { fake: createFakeFetch({ 'GET /api/status': { body: READY } }) });
    await advance(0);

    fireEvent.click(screen.getByRole('button', { name: 'Hilfe/Impressum' }));

    const dialog = screen.getByRole('dialog', { name: 'Hilfe/Impressum' });
    expect(within(dialog).getByText(de.help.dataStorage)).toBeTruthy();
    expect(within(dialog).getByText(de.help.visibility)).toBeTruthy();
  });
});

describe('login page, second factor', () => {
  const challenge = 'signed-challenge';

  it('asks for the code after the password and logs in with it', async () => {
    const anna = buildUser('Monteur', { username: 'anna' });
    const fake = createFakeFetch({
      'GET /api/status': { body: READY },
      'POST /api/auth/login': { body: { secondFactor: 'totp', challenge } },
      'POST /api/auth/login/second-factor': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { body: { token: 'fresh-token', user: anna } }
          : { status: 401, body: { message: de.secondFactor.codeInvalid } },
      'GET /api/auth/me': { body: anna },
    });
    const { store } = renderApp('/login', { fake });
    await advance(0);
    fillAndSubmit('anna', 'geheim');
    await advance(0);

    expect(store.getState().auth.token).toBeNull();
    const input = screen.getByLabelText(de.secondFactor.codeLabel);
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(screen.queryByLabelText('Passwort')).toBeNull();

    fireEvent.change(input, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: de.secondFactor.confirm }));
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe(de.secondFactor.codeInvalid);
    expect(store.getState().auth.token).toBeNull();

    fireEvent.change(screen.getByLabelText(de.secondFactor.codeLabel), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: de.secondFactor.confirm }));
    await advance(0);
    expect(fake.calls('POST /api/auth/login/second-factor').map((call) => call.body)).toEqual([
      { challenge, code: '654321' },
      { challenge, code: '123456' },
    ]);
    expect(store.getState().auth.token).toBe('fresh-token');
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('takes a recovery code instead, refuses an empty one, and goes back to the password', async () => {
    const fake = createFakeFetch({
      'GET /api/status': { body: READY },
      'POST /api/auth/login': { body: { secondFactor: 'totp', challenge } },
    });
    renderApp('/login', { fake });
    await advance(0);
    fillAndSubmit('anna', 'geheim');
    await advance(0);

    fireEvent.click(screen.getByRole('button', { name: de.secondFactor.useRecovery }));
    const recovery = screen.getByLabelText(de.secondFactor.recoveryLabel);
    expect(recovery.getAttribute('inputmode')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: de.secondFactor.confirm }));
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe(de.secondFactor.codeRequired);
    expect(fake.calls('POST /api/auth/login/second-factor')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: de.secondFactor.backToLogin }));
    expect(screen.getByLabelText('Passwort')).toBeTruthy();
  });
});
