// Finding 12: the server speaks HTTPS itself with a generated certificate. A browser that
// has installed the local authority (as a phone would) opens the app on the company host
// name without a warning, gets a secure context, and so the service worker that starts the
// app without a connection; a browser without it is refused.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { type AppServer, startAppServer } from './support/appServer';
import { launchBrowser } from './support/browser';
import { reloadPage } from './support/session';

/** A reserved name (RFC 2606), mapped to this machine in the browser. */
const HOST = 'werkboard.firma.test';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A HOME whose NSS database (Chromium's on Linux) trusts the given authority, like a phone after installing it. */
function homeTrusting(authority: Buffer): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-tls-home-'));
  const database = `sql:${path.join(home, '.pki', 'nssdb')}`;
  fs.mkdirSync(path.join(home, '.pki', 'nssdb'), { recursive: true });
  fs.writeFileSync(path.join(home, 'werkboard-ca.crt'), authority);
  execFileSync('certutil', ['-d', database, '-N', '--empty-password']);
  execFileSync('certutil', [
    '-d',
    database,
    '-A',
    '-n',
    'Werkboard',
    '-t',
    'C,,',
    '-i',
    path.join(home, 'werkboard-ca.crt'),
  ]);
  return home;
}

describe('HTTPS with a generated certificate', () => {
  let server: AppServer;
  let redirectPort: number;
  let home: string;
  const browsers: Browser[] = [];
  const cleanups: string[] = [];
  beforeAll(async () => {
    redirectPort = await freePort();
    server = await startAppServer({
      TLS: 'self-signed',
      TLS_HOSTS: HOST,
      HTTP_REDIRECT_PORT: String(redirectPort),
      ADMIN_PASSWORD: 'Tls-Test-Passwort-2026',
    });
  });
  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.close()));
    await server?.stop();
    for (const folder of [home, ...cleanups]) if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('prints both fingerprints and hands out the authority on the plain port', async () => {
    expect(server.url).toMatch(/^https:\/\/localhost:\d+$/);
    expect(server.output()).toMatch(/Zertifikat \(SHA-256\): ([0-9A-F]{2}:){31}[0-9A-F]{2}/);
    expect(server.output()).toMatch(/Zertifizierungsstelle für die Geräte \(SHA-256\): ([0-9A-F]{2}:){31}[0-9A-F]{2}/);
    const download = await fetch(`http://127.0.0.1:${redirectPort}/werkboard-ca.crt`);
    expect(download.headers.get('content-type')).toBe('application/x-x509-ca-cert');
    const authority = Buffer.from(await download.arrayBuffer());
    const stored = new crypto.X509Certificate(fs.readFileSync(path.join(server.dataDir, 'tls', 'werkboard-ca.crt')));
    expect(authority.equals(stored.raw)).toBe(true);
    expect(server.output()).toContain(stored.fingerprint256);
    home = homeTrusting(authority);
  });

  it('opens on the host name in a browser that trusts the authority, and starts without a connection', async () => {
    const browser = await launchBrowser({
      env: { HOME: home },
      args: [`--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
    });
    browsers.push(browser);
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // Typed as plain http: the redirect port sends the phone on to https.
    const response = await page.goto(`http://${HOST}:${redirectPort}/`);
    expect(page.url()).toBe(`https://${HOST}:${new URL(server.url).port}/`);
    expect(await response?.headerValue('strict-transport-security')).toBe('max-age=31536000');
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    await page.getByLabel('Benutzername').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });

    await context.setOffline(true);
    await reloadPage(page);
    await page.getByLabel('Benutzername').waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  });

  it('is refused by a browser that has not installed the authority', async () => {
    const emptyHome = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-tls-home-'));
    const browser = await launchBrowser({
      env: { HOME: emptyHome },
      args: [`--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
    });
    browsers.push(browser);
    cleanups.push(emptyHome);
    const page = await browser.newPage();
    await expect(page.goto(`https://${HOST}:${new URL(server.url).port}/`)).rejects.toThrow(
      /ERR_CERT_AUTHORITY_INVALID/,
    );
  });
});
