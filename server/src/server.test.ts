import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { de, type ImageDto, type ProjectDocument } from '@werkboard/common';
import { configFromEnv } from './config';
import { startEmbeddedDatabase } from './db/embeddedDatabase';
import { logFilePath } from './logger';
import { loadOrCreateSecrets } from './secrets';
import { startServer } from './server';
import { createCertificateAuthority, issueServerCertificate } from './tls/certificates';
import { createTestDatabase, statusWithMessage, TEST_ADMIN, testServer, type TestServer } from './test/testServer';

const LOCAL = ['localhost', '127.0.0.1', '::1'];

/** GET over https, trusting only `ca`; or over plain http when no `ca` is given. */
function get(url: string, ca?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const onResponse = (response: http.IncomingMessage) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    };
    const request = ca ? https.get(url, { ca }, onResponse) : http.get(url, onResponse);
    request.on('error', reject);
  });
}

/** The messages of the server's log file. */
const logOf = (t: TestServer): string[] =>
  fs
    .readFileSync(logFilePath(t.server.services.config.dataDir), 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { msg: string }).msg);

describe('a server with TLS of its own', () => {
  it('answers over https with a generated certificate, with HSTS of a year, redirects pages on plain http and refuses /api there', async () => {
    const t = await testServer({ tls: { source: 'self-signed', hosts: LOCAL }, httpRedirectPort: 0 });
    try {
      expect(t.url).toMatch(/^https:\/\/localhost:\d+$/);
      const authority = fs.readFileSync(t.server.tls?.authority?.file ?? '', 'utf8');
      const answer = await get(`${t.url}/api/status`, authority);
      expect(answer.status).toBe(200);
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
      // A client that does not trust the authority gets no connection.
      await expect(
        get(`${t.url}/api/status`, createCertificateAuthority('fremd', LOCAL).certificatePem),
      ).rejects.toThrow(/unable to verify/);
      const redirect = await get(`http://127.0.0.1:${t.server.redirectPort}/login`);
      expect(redirect.status).toBe(308);
      expect(redirect.headers.location).toBe(`https://127.0.0.1:${t.server.port}/login`);
      expect((await get(`http://127.0.0.1:${t.server.redirectPort}/api/status`)).status).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('answers over https with the certificate from TLS_CERT and TLS_KEY', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-cert-'));
    const authority = createCertificateAuthority('Firmen-CA', LOCAL);
    const pair = issueServerCertificate(authority, LOCAL);
    const certificateFile = path.join(folder, 'cert.pem');
    const keyFile = path.join(folder, 'key.pem');
    fs.writeFileSync(certificateFile, pair.certificatePem);
    fs.writeFileSync(keyFile, pair.keyPem);
    const t = await testServer({ tls: { source: 'files', certificateFile, keyFile } });
    try {
      const answer = await get(`${t.url}/api/status`, authority.certificatePem);
      expect(answer.status).toBe(200);
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(t.server.tls?.fingerprint).toBe(new crypto.X509Certificate(pair.certificatePem).fingerprint256);
    } finally {
      await t.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('a server on plain http', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await testServer();
  });
  afterAll(() => t.close());

  it('sends no HSTS (it belongs to TLS)', async () => {
    const answer = await get(`${t.url}/api/status`);
    expect(answer.status).toBe(200);
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps its log and the uploaded images private to the server', async () => {
    const { token } = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const project = await t.request<ProjectDocument>('POST', '/api/projects', { token, body: { name: 'Dateirechte' } });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const uploaded = await t.request<ImageDto>('POST', '/api/images', {
      token,
      body: {
        projectId: project.body.id,
        name: 'foto.png',
        dataUrl: `data:image/png;base64,${png.toString('base64')}`,
      },
    });
    expect(uploaded.status).toBe(201);
    const folder = path.join(t.server.services.config.dataDir, 'images', project.body.id);
    const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
    expect(modeOf(path.join(t.server.services.config.dataDir, 'images'))).toBe(0o700);
    expect(modeOf(folder)).toBe(0o700);
    const files = fs.readdirSync(folder);
    expect(files).toHaveLength(2);
    for (const file of files) expect(modeOf(path.join(folder, file))).toBe(0o600);
    expect(modeOf(logFilePath(t.server.services.config.dataDir))).toBe(0o600);
    expect(modeOf(path.dirname(logFilePath(t.server.services.config.dataDir)))).toBe(0o700);
  });

  it('warns in German when DATABASE_URL names a superuser', () => {
    expect(logOf(t)).toContain(de.server.superuserRole('postgres'));
  });
});

describe('a server on DATABASE_URL with a role that owns its database', () => {
  it('migrates, seeds and serves without superuser rights, and does not warn', async () => {
    const role = `wb_owner_${crypto.randomBytes(4).toString('hex')}`;
    const t = await testServer({ databaseUrl: await createTestDatabase({ role, password: 'eigene-rolle' }) });
    try {
      const { token } = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
      expect((await t.request('POST', '/api/projects', { token, body: { name: 'Ohne Superuser' } })).status).toBe(201);
      expect(logOf(t).filter((message) => message.includes('Superuser'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('a server whose embedded database does not start', () => {
  it('stays up, says why in German on /api/status, refuses login with 503, and starts once the cause is gone', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-nostart-'));
    const silent = pino({ level: 'silent' });
    // An existing cluster that an Admin broke by hand.
    await (await startEmbeddedDatabase(dataDir, loadOrCreateSecrets(dataDir), silent)).stop();
    const conf = path.join(dataDir, 'pg', 'postgresql.conf');
    const original = fs.readFileSync(conf, 'utf8');
    fs.appendFileSync(conf, 'kaputte_einstellung = 1\n');
    const server = await startServer({
      ...configFromEnv({ ADMIN_PASSWORD: TEST_ADMIN.password }, dataDir),
      port: 0,
      host: '127.0.0.1',
      dataDir,
      logToConsole: false,
    });
    try {
      const status = await statusWithMessage(server.url);
      expect(status).toMatchObject({ backendStarted: true, databaseReachable: false, databaseInitialized: false });
      expect(status.message).toMatch(
        /^Datenbank konnte nicht gestartet werden: Die eingebettete Datenbank hat sich beim Start beendet: .*kaputte_einstellung/,
      );
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }),
      });
      expect(login.status).toBe(503);

      fs.writeFileSync(conf, original);
      await server.ready;
      expect(await (await fetch(`${server.url}/api/status`)).json()).toEqual({
        startCommandSent: true,
        backendStarted: true,
        databaseReachable: true,
        databaseInitialized: true,
      });
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
