import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { de, type ServerInfo, type ServerStatus } from '@werkboard/common';
import { configFromEnv } from '../config';
import { startServer } from '../server';
import { readAppVersion } from '../paths';
import { statusWithMessage, TEST_ADMIN, testServer, type TestServer } from '../test/testServer';

/** The CSP header's directives by name. */
function cspDirectives(header: string | null): Map<string, string> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
}

/** A request with any method: fetch refuses TRACE. */
function rawRequest(baseUrl: string, method: string, urlPath: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request(`${baseUrl}${urlPath}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

describe('a server whose database is initialised', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await testServer();
  });
  afterAll(() => t.close());

  it('GET /api/status reports all four flags and is never cached', async () => {
    const response = await t.request<ServerStatus>('GET', '/api/status');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      startCommandSent: true,
      backendStarted: true,
      databaseReachable: true,
      databaseInitialized: true,
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /api/server-info gives the version of the root package.json', async () => {
    const response = await t.request<ServerInfo>('GET', '/api/server-info');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ name: 'Werkboard', version: readAppVersion() });
    expect(readAppVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('sends security headers', async () => {
    const response = await t.request('GET', '/api/status');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  // An answer of the API, an API error, and a path outside /api (the renderer's files).
  const answersOfEveryKind = ['/api/status', '/api/projects', '/index.html'];

  it.each(answersOfEveryKind)(
    'sends the CSP with object-src, base-uri and frame-ancestors none and no referrer on %s (ASVS 3.4.3, 3.4.5, 3.4.6)',
    async (urlPath) => {
      const response = await t.request('GET', urlPath);
      const directives = cspDirectives(response.headers.get('content-security-policy'));
      expect(directives.get('object-src')).toBe("'none'");
      expect(directives.get('base-uri')).toBe("'none'");
      expect(directives.get('frame-ancestors')).toBe("'none'");
      expect(directives.get('script-src')).toBe("'self'");
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    },
  );

  it('sends no CORS header to another origin, not even to a preflight (ASVS 3.4.2)', async () => {
    const origin = { Origin: 'https://angreifer.example' };
    const { token } = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const answers = [
      await t.request('GET', '/api/auth/me', { token, headers: origin }),
      await t.request('POST', '/api/auth/login', { headers: origin, body: { username: 'admin', password: 'x' } }),
      await t.request('OPTIONS', '/api/auth/me', {
        headers: {
          ...origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      }),
    ];
    expect(answers[0]?.status).toBe(200);
    for (const answer of answers) {
      const corsHeaders = [...answer.headers.keys()].filter((name) => name.startsWith('access-control-'));
      expect(corsHeaders).toEqual([]);
    }
  });

  it('labels every JSON answer with charset=utf-8, errors included (ASVS 4.1.1)', async () => {
    const { token } = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const answers = [
      await t.request('GET', '/api/status'),
      await t.request('GET', '/api/projects', { token }),
      await t.request('GET', '/api/projects'),
      await t.request('GET', '/api/gibt-es-nicht', { token }),
      await t.request('POST', '/api/auth/login', { body: {} }),
      await t.request('PATCH', '/api/projects', { token }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 404, 400, 405]);
    for (const answer of answers) expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('answers TRACE without echoing the request back (ASVS 13.4.4)', async () => {
    const { token } = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
    for (const urlPath of ['/api/status', '/api/auth/me', '/']) {
      const answer = await rawRequest(t.url, 'TRACE', urlPath, {
        Authorization: `Bearer ${token}`,
        'X-Echo': 'spur-42',
      });
      // The router answers an unknown method with 501, outside /api the renderer's 404.
      expect([404, 405, 501]).toContain(answer.status);
      expect(answer.headers['content-type']).not.toBe('message/http');
      expect(answer.body).not.toContain('spur-42');
      expect(answer.body).not.toContain(token);
    }
  });

  it('answers unknown API paths for strangers with 401 and for users with 404', async () => {
    expect((await t.request('GET', '/api/gibt-es-nicht')).status).toBe(401);
    const { token } = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const response = await t.request<{ message: string }>('GET', '/api/gibt-es-nicht', { token });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(de.api.notFound);
  });

  it('refuses bodies over the limit with 413', async () => {
    const response = await t.request<{ message: string }>('POST', '/api/auth/login', {
      body: { username: 'admin', password: 'x'.repeat(9 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe(de.api.payloadTooLarge);
  });
});

describe('a server whose database cannot be reached', () => {
  it('reports the failure on /api/status and refuses login with the spec text', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-nodb-'));
    const server = await startServer({
      ...configFromEnv({}, dataDir),
      port: 0,
      host: '127.0.0.1',
      dataDir,
      // Port 1 on loopback: nothing listens there, so the connection is refused at once.
      databaseUrl: 'postgres://nobody:nothing@127.0.0.1:1/none',
      logToConsole: false,
    });
    try {
      // The start is retried; the reason is on /api/status meanwhile.
      const status = await statusWithMessage(server.url);
      expect(status.startCommandSent).toBe(true);
      expect(status.backendStarted).toBe(true);
      expect(status.databaseReachable).toBe(false);
      expect(status.databaseInitialized).toBe(false);
      expect(status.message).toMatch(/^Datenbank konnte nicht gestartet werden/);

      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'x' }),
      });
      expect(login.status).toBe(503);
      expect(((await login.json()) as { message: string }).message).toBe(
        'Verbindung zum Server fehlgeschlagen. Bitte überprüfen Sie die Verbindungsdiagnose.',
      );
    } finally {
      await server.stop();
      await expect(server.ready).rejects.toThrow();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
