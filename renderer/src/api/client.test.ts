import { de, DEVICE_ID_HEADER } from '@werkboard/common';
import { buildUser } from '../test/fixtures';
import { createFakeFetch, networkFailure } from '../test/fakeFetch';
import { createTestStore, TEST_DEVICE_ID, TEST_TOKEN } from '../test/renderApp';
import { ApiError, NetworkError, SessionLostError } from './errors';

describe('API client', () => {
  it('sends the bearer token and the device id with every request', async () => {
    const fake = createFakeFetch({ 'GET /api/auth/me': { body: buildUser('Admin') } });
    const { extra } = createTestStore({ fake, user: buildUser('Admin') });

    const me = await extra.api.get<{ username: string }>('/auth/me');

    expect(me.username).toBe('admin');
    const [request] = fake.calls('GET /api/auth/me');
    expect(request?.headers.Authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(request?.headers[DEVICE_ID_HEADER]).toBe(TEST_DEVICE_ID);
  });

  it('sends the device id but no token on anonymous calls', async () => {
    const fake = createFakeFetch({ 'GET /api/status': { body: { databaseInitialized: true } } });
    const { extra } = createTestStore({ fake, user: buildUser('Admin') });

    await extra.api.get('/status', { withToken: false });

    const [request] = fake.calls('GET /api/status');
    expect(request?.headers.Authorization).toBeUndefined();
    expect(request?.headers[DEVICE_ID_HEADER]).toBe(TEST_DEVICE_ID);
  });

  it('sends a JSON body with its content type', async () => {
    const fake = createFakeFetch({ 'PUT /api/settings': { status: 204 } });
    const { extra } = createTestStore({ fake });

    await expect(extra.save({ method: 'PUT', path: '/settings', body: { theme: 'dots' } })).resolves.toBeUndefined();

    const [request] = fake.calls('PUT /api/settings');
    expect(request?.body).toEqual({ theme: 'dots' });
    expect(request?.headers['Content-Type']).toBe('application/json');
  });

  it.each([401, 409])(
    'on %i clears the token, goes to /login and leaves the session message for the login page',
    async (status) => {
      const fake = createFakeFetch({ 'GET /api/projects': { status, body: { message: 'jwt expired' } } });
      const { store, extra, navigate } = createTestStore({ fake, user: buildUser('Monteur') });

      const call = extra.api.get('/projects');

      await expect(call).rejects.toBeInstanceOf(SessionLostError);
      await expect(call).rejects.toThrow(de.login.sessionExpired);
      expect(store.getState().auth.token).toBeNull();
      expect(store.getState().auth.user).toBeNull();
      expect(store.getState().auth.notice).toBe('Sitzung abgelaufen oder ungültig. Bitte erneut anmelden.');
      expect(navigate).toHaveBeenCalledWith('/login');
    },
  );

  it('keeps the session on a 401 where the caller turned session handling off (wrong password)', async () => {
    const fake = createFakeFetch({ 'POST /api/auth/login': { status: 401, body: { message: 'Nein.' } } });
    const { store, extra, navigate } = createTestStore({ fake, user: buildUser('Monteur') });

    await expect(
      extra.api.request('/auth/login', { method: 'POST', body: {}, sessionHandling: false }),
    ).rejects.toMatchObject({ name: 'ApiError', status: 401, message: 'Nein.' });
    expect(store.getState().auth.token).toBe(TEST_TOKEN);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("raises the server's message for other errors", async () => {
    const fake = createFakeFetch({
      'GET /api/users': { status: 403, body: { message: 'Keine Berechtigung für diese Aktion.', code: 'forbidden' } },
    });
    const { extra, navigate } = createTestStore({ fake, user: buildUser('Monteur') });

    const error: unknown = await extra.api.get('/users').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Keine Berechtigung für diese Aktion.' });
    expect((error as ApiError).body?.code).toBe('forbidden');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('raises the generic German text with the status when the body has no message', async () => {
    const fake = createFakeFetch({ 'GET /api/projects': { status: 502, body: '<html>Bad Gateway</html>' } });
    const { extra } = createTestStore({ fake, user: buildUser('Monteur') });

    await expect(extra.api.get('/projects')).rejects.toThrow('API-Anfrage fehlgeschlagen (Status 502)');
    await expect(extra.api.get('/projects')).rejects.toMatchObject({ status: 502 });
  });

  it('turns a failed fetch into a NetworkError, distinct from ApiError', async () => {
    const fake = createFakeFetch({ 'GET /api/projects': networkFailure() });
    const { store, extra } = createTestStore({ fake, user: buildUser('Monteur') });

    const error: unknown = await extra.api.get('/projects').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as NetworkError).message).toBe(de.api.networkError);
    // Offline is not a lost session.
    expect(store.getState().auth.token).toBe(TEST_TOKEN);
  });

  it('writes one live-log line per request, without bodies', async () => {
    const fake = createFakeFetch({
      'POST /api/auth/login': { status: 401, body: { message: 'x' } },
      'GET /api/projects': networkFailure(),
    });
    const { store, extra } = createTestStore({ fake });

    await extra.api
      .request('/auth/login', { method: 'POST', body: { password: 'geheim' }, sessionHandling: false })
      .catch(() => undefined);
    await extra.api.get('/projects').catch(() => undefined);

    const texts = store.getState().liveLog.lines.map((line) => line.text);
    expect(texts).toEqual(['POST /api/auth/login → 401', `GET /api/projects → ${de.diagnostics.networkFailure}`]);
    expect(texts.join(' ')).not.toContain('geheim');
  });
});
