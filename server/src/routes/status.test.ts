import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { de, type ServerInfo, type ServerStatus } from '@werkboard/common';
import { configFromEnv } from '../config';
import { startServer } from '../server';
import { readAppVersion } from '../paths';
import { statusWithMessage, TEST_ADMIN, testServer, type TestServer } from '../test/testServer';

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
