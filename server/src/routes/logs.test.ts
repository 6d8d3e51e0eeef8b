import { buildUser } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer } from '../test/testServer';

let t: TestServer;
beforeAll(async () => {
  t = await testServer();
});
afterAll(() => t.close());

describe('GET /api/logs/server.log', () => {
  it('gives Admins the structured log as text, without passwords', async () => {
    const { token } = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
    await t.request('POST', '/api/auth/login', { body: { username: 'admin', password: 'ein-falsches-passwort' } });
    const response = await t.request<string>('GET', '/api/logs/server.log', { token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.some((line) => line.msg === 'database initialised')).toBe(true);
    expect(lines.some((line) => line.msg === 'login failed' && line.username === 'admin')).toBe(true);
    expect(response.body).not.toContain(TEST_ADMIN.password);
    expect(response.body).not.toContain('ein-falsches-passwort');
    expect(response.body).not.toContain(token);
  });

  it('refuses everyone else with the spec text', async () => {
    const { user, password } = await buildUser({ role: 'Firmenleiter' });
    const { token } = await t.login(user.username, password);
    const response = await t.request<{ message: string }>('GET', '/api/logs/server.log', { token });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Zugriff verweigert. Nur Admins können das Server-Log einsehen.');
  });
});
