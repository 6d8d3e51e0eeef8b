import http from 'node:http';
import { de, IMPORT_MAX_BYTES, newId, type ProjectDocument } from '@werkboard/common';
import { grantLifetimeLicense } from '../test/licenseKeys';
import { buildProject, signedIn, withCard } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer } from '../test/testServer';

/**
 * The one request path (endpoint.ts): body limits before and after authentication, the order
 * of the checks, and what every /api answer carries. Issue 13, findings 10, 14 and 17.
 */
let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await testServer();
  await grantLifetimeLicense();
  ({ token } = await signedIn(t, 'Projektleiter'));
});
afterAll(() => t.close());

const MB = 1024 * 1024;

/**
 * Starts a request that announces `announced` bytes but sends only the first 64 KB, and
 * resolves with the answer. An answer can only come while the body is incomplete if the
 * server refused it without reading it; otherwise it waits for the rest, and this rejects.
 */
function answerToUnfinishedBody(
  path: string,
  announced: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(announced), ...headers },
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no answer to ${path} while its body was still being sent: the server was reading it`));
    }, 10_000);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      });
    });
    // The server may close the connection after answering; that is no failure of the test.
    request.on('error', () => undefined);
    request.write(`{"name":"${'x'.repeat(64 * 1024)}`);
  });
}

describe('body limits (finding 10)', () => {
  it('refuses a large anonymous body on a public route with 413 before reading it', async () => {
    const answer = await answerToUnfinishedBody('/api/auth/login', 7 * MB);
    expect(answer).toEqual({ status: 413, body: { message: de.api.payloadTooLarge, code: 'payload_too_large' } });
  });

  it('never reads an anonymous body on a signed-in route: 401 first', async () => {
    const answer = await answerToUnfinishedBody('/api/images', 7 * MB);
    expect(answer).toEqual({ status: 401, body: { message: de.api.unauthorized, code: 'unauthorized' } });
  });

  it('keeps the small limit for signed-in users on routes without large bodies', async () => {
    const answer = await answerToUnfinishedBody('/api/projects', 7 * MB, { Authorization: `Bearer ${token}` });
    expect(answer.status).toBe(413);
    const settings = await t.request('PUT', '/api/settings', {
      token,
      body: { appearance: { theme: 'dots' }, padding: 'x'.repeat(200 * 1024) },
    });
    expect([settings.status, settings.body]).toEqual([
      413,
      { message: de.api.payloadTooLarge, code: 'payload_too_large' },
    ]);
  });

  it('refuses an import above IMPORT_MAX_BYTES (the limit the renderer checks too) before reading it', async () => {
    const admin = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
    const answer = await answerToUnfinishedBody('/api/backup/import', IMPORT_MAX_BYTES + 1, {
      Authorization: `Bearer ${admin}`,
    });
    expect(answer).toEqual({ status: 413, body: { message: de.api.payloadTooLarge, code: 'payload_too_large' } });
  });

  it('takes large documents where a signed-in user sends them (project PUT)', async () => {
    const created = await buildProject(t, token);
    let document = created;
    for (let index = 0; index < 12; index++)
      document = withCard(document, { title: `Aufgabe ${index}`, description: 'Kabel verlegen. '.repeat(1000) });
    expect(JSON.stringify(document).length).toBeGreaterThan(150 * 1024);
    const saved = await t.request<ProjectDocument>('PUT', `/api/projects/${created.id}`, {
      token,
      body: document,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.columns[0]!.cards).toHaveLength(12);
  });
});

describe('the order of the checks: 401, 400, 404, 403', () => {
  it('checks the body before it looks for the project, and the project before the caller', async () => {
    const owner = await signedIn(t, 'Projektleiter');
    const created = await buildProject(t, owner.token);
    const stranger = await signedIn(t, 'Helfer');
    const invalid = { name: '' };
    const valid = { ...created, name: 'Umbenannt' };
    const ask = (id: string, body: unknown, as = stranger.token) =>
      t.request<{ code: string }>('PUT', `/api/projects/${id}`, { token: as, body });
    expect((await t.request('PUT', `/api/projects/${newId()}`, { body: invalid })).status).toBe(401);
    expect([(await ask(newId(), invalid)).status, (await ask(newId(), invalid)).body.code]).toEqual([
      400,
      'validation',
    ]);
    expect([(await ask(newId(), valid)).status, (await ask(newId(), valid)).body.code]).toEqual([404, 'not_found']);
    expect([(await ask(created.id, valid)).status, (await ask(created.id, valid)).body.code]).toEqual([
      403,
      'forbidden',
    ]);
    expect((await ask(created.id, valid, owner.token)).status).toBe(200);
  });
});

describe('what every /api answer carries', () => {
  it('is not kept by caches (finding 14): tokens and personal data stay off disk caches and proxies', async () => {
    const login = await signedIn(t, 'Monteur');
    const answers = [
      await t.request('POST', '/api/auth/login', { body: { username: login.user.username, password: login.password } }),
      await t.request('GET', '/api/auth/me', { token: login.token }),
      await t.request('GET', '/api/users/directory', { token: login.token }),
      await t.request('GET', '/api/projects', { token: login.token }),
      await t.request('GET', '/api/auth/me'),
      await t.request('GET', '/api/gibt-es-nicht', { token: login.token }),
      await t.request('GET', '/api/status'),
    ];
    expect(answers.map((answer) => [answer.status, answer.headers.get('cache-control')])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [401, 'no-store'],
      [404, 'no-store'],
      [200, 'no-store'],
    ]);
  });

  it('answers a wrong method with 405 in the one error format (finding 17)', async () => {
    const wrongMethod = await t.request('PATCH', '/api/projects', { token });
    expect([wrongMethod.status, wrongMethod.body]).toEqual([
      405,
      { message: de.api.methodNotAllowed, code: 'method_not_allowed' },
    ]);
    expect(wrongMethod.headers.get('allow')).toContain('POST');
    // A stranger learns nothing about which methods exist: 401 first, as for unknown paths.
    const stranger = await t.request('DELETE', '/api/status');
    expect([stranger.status, stranger.body]).toEqual([401, { message: de.api.unauthorized, code: 'unauthorized' }]);
    const unknown = await t.request('GET', '/api/gibt-es-nicht', { token });
    expect([unknown.status, unknown.body]).toEqual([404, { message: de.api.notFound, code: 'not_found' }]);
  });
});
