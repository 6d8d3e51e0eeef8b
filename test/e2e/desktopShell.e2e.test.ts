import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { DESKTOP_IPC } from '@werkboard/common';
import { createApiForwarder } from '../../desktop/src/apiForwarder';
import { createAppProtocolHandler } from '../../desktop/src/appProtocol';
import { createIpcHandlers, type SenderEvent } from '../../desktop/src/ipc';
import { openSqliteLocalStore, type SqliteLocalStore } from '../../desktop/src/localStore/sqliteStore';
import { openPersistFile } from '../../desktop/src/persistFile';
import { checkServerAddress } from '../../desktop/src/serverAddress';
import { startAppServer, type AppServer } from './support/appServer';
import { addBoardTask, boardCard, boardColumn } from './support/board';
import { launchBrowser } from './support/browser';
import { pdfText } from './support/pdf';
import { apiToken } from './support/session';

/**
 * The desktop shell without Electron (its binary cannot be downloaded here): Debian's Chromium
 * shows the built renderer, and every request of the page goes through the shell's own code,
 * the app:// protocol handler with its /api forwarder (desktop/src/appProtocol.ts,
 * apiForwarder.ts), to a real server. The page's bridge calls the shell's real IPC handlers
 * (sender check, validation, the SQLite store and the session file in a user folder) through
 * Playwright's exposeFunction, where Electron would use the preload and ipcMain.
 *
 * What differs from Electron: the page's origin is http://werkboard.localhost (Chromium does
 * not load an unregistered app:// scheme), each request is handed to the handler as
 * app://werkboard/<same path>, and the handler's Response.error() becomes route.abort('failed'),
 * the net::ERR_FAILED that Electron's protocol.handle gives for it.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const PAGE_ORIGIN = 'http://werkboard.localhost';
const shots = path.join(ROOT, '.tmp', 'screenshots');

let server: AppServer;
let browser: Browser;
let userData: string;
let localStore: SqliteLocalStore;
/** Where the forwarder sends /api; null until the first start's dialog stored one. */
let serverOrigin: string | null = null;
let closedPortOrigin: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  userData = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-shell-'));
  localStore = openSqliteLocalStore(path.join(userData, 'werkboard-local.sqlite'));
  // A port nobody listens on: the company server "without signal".
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPortOrigin = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
  fs.mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  localStore?.close();
  fs.rmSync(userData, { recursive: true, force: true });
});

/** One start of the app: a fresh browser context, the same user folder (SQLite, session file). */
async function startShell(): Promise<{ context: BrowserContext; page: Page }> {
  const handler = createAppProtocolHandler({
    rendererDir: path.join(ROOT, 'renderer', 'dist'),
    forwardApi: createApiForwarder({ serverOrigin: () => serverOrigin }),
  });
  const ipc = createIpcHandlers<SenderEvent>({
    appOrigin: PAGE_ORIGIN,
    appVersion: '0.1.0',
    // The user confirms the suggested place (the user folder) in the native save dialog.
    showSaveDialog: (_event, options) => Promise.resolve({ canceled: false, filePath: options.defaultPath ?? '' }),
    writeFile: (file, data) => fs.promises.writeFile(file, data),
    defaultDirectory: () => userData,
    rememberDirectory: () => undefined,
    serverAddress: () => serverOrigin,
    changeServerAddress: async (address) => {
      const result = await checkServerAddress(address);
      if (result.ok) serverOrigin = result.address;
      return result;
    },
    localStore,
    persist: openPersistFile(path.join(userData, 'werkboard-state.json'), () => undefined),
    logWarning: () => undefined,
  });
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();

  await context.route(`${PAGE_ORIGIN}/**`, async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    const body = request.postDataBuffer();
    const answer = await handler(
      new Request(`app://werkboard${url.pathname}${url.search}`, {
        method: request.method(),
        headers: await request.allHeaders(),
        body: body === null || request.method() === 'GET' ? null : new Uint8Array(body),
      }),
    );
    if (answer.type === 'error') {
      await route.abort('failed');
      return;
    }
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => (headers[name] = value));
    await route.fulfill({
      status: answer.status,
      headers,
      body: Buffer.from(await answer.arrayBuffer()),
    });
  });

  // The preload's part: window.werkboard, each call handed to the shell's handler for its channel.
  await page.exposeFunction('__werkboardInvoke', (channel: string, ...args: unknown[]) => {
    const entry = Object.entries(DESKTOP_IPC).find(([, name]) => name === channel);
    if (!entry) throw new Error(`unknown channel ${channel}`);
    return ipc[entry[0] as keyof typeof DESKTOP_IPC]({ senderFrame: { url: page.url() } }, ...args);
  });
  await page.addInitScript((channels: typeof DESKTOP_IPC) => {
    const invoke = (window as unknown as { __werkboardInvoke: (...args: unknown[]) => Promise<unknown> })
      .__werkboardInvoke;
    Object.defineProperty(window, 'werkboard', {
      value: Object.freeze({
        platform: 'desktop',
        getVersion: () => invoke(channels.getVersion),
        saveFile: (request: unknown) => invoke(channels.saveFile, request),
        getServerAddress: () => invoke(channels.getServerAddress),
        setServerAddress: (address: unknown) => invoke(channels.setServerAddress, address),
        localStore: (request: unknown) => invoke(channels.localStore, request),
        persist: (request: unknown) => invoke(channels.persist, request),
      }),
    });
  }, DESKTOP_IPC);
  return { context, page };
}

function queuedRows(): number {
  const answer = localStore.run({ op: 'loadQueue' });
  return 'rows' in answer ? answer.rows.length : -1;
}

describe('the desktop shell around the built renderer', () => {
  it('asks for the server at the first start, works against it, queues in SQLite without it and syncs after a restart', async () => {
    const token = await apiToken(server.url, 'admin', server.adminPassword);
    const created = await fetch(`${server.url}/api/projects`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Schaltschrank Halle 3' }),
    });
    const project = (await created.json()) as { id: string };

    // First start: no server known, the app asks (under the shell's strict CSP).
    const first = await startShell();
    const cspErrors: string[] = [];
    first.page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await first.page.goto(`${PAGE_ORIGIN}/`);
    await first.page.getByRole('heading', { name: 'Werkboard' }).waitFor();
    await first.page.screenshot({ path: path.join(shots, 'desktop-server-address-1400.png') });
    const address = first.page.getByLabel('Server-Adresse');
    await address.fill(closedPortOrigin);
    await first.page.getByRole('button', { name: 'Prüfen und speichern' }).click();
    await first.page
      .getByRole('alert')
      .filter({ hasText: 'Unter dieser Adresse antwortet kein Server. Bitte Adresse und Netzwerk prüfen.' })
      .waitFor();
    await first.page.screenshot({ path: path.join(shots, 'desktop-server-address-error-1400.png') });
    await address.fill(server.url);
    await first.page.getByRole('button', { name: 'Prüfen und speichern' }).click();

    // The app starts on the chosen server: login and the board, all through the forwarder.
    await first.page.getByLabel('Benutzername').fill('admin');
    await first.page.getByLabel('Passwort').fill(server.adminPassword);
    await first.page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await first.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await first.page.goto(`${PAGE_ORIGIN}/#/project/${project.id}`);
    await boardColumn(first.page, 'To Do').waitFor();

    // The company server drops away: the forwarder answers like a network failure and the
    // renderer queues the edit in the shell's SQLite store.
    serverOrigin = closedPortOrigin;
    await addBoardTask(first.page, 'To Do', 'Klemmen nachziehen');
    await first.page.getByTestId('sync-status').filter({ hasText: 'ausstehend' }).waitFor();
    expect(queuedRows()).toBeGreaterThanOrEqual(1);
    expect(cspErrors).toEqual([]);
    await first.context.close();

    // A restart with the server back: signed in from the session file, the queue from SQLite.
    serverOrigin = server.url;
    const second = await startShell();
    await second.page.goto(`${PAGE_ORIGIN}/#/project/${project.id}`);
    await boardCard(second.page, 'To Do', 'Klemmen nachziehen').waitFor({ timeout: 30000 });
    await second.page.getByTestId('sync-status').filter({ hasText: 'Synchron' }).waitFor({ timeout: 30000 });
    expect(queuedRows()).toBe(0);
    await second.page.screenshot({ path: path.join(shots, 'desktop-board-after-sync-1400.png') });

    // 'Server-Adresse ändern' in the settings, only in the desktop app.
    await second.page.getByRole('button', { name: 'Einstellungen' }).first().click();
    const settings = second.page.getByRole('dialog', { name: 'Einstellungen' });
    await settings.getByRole('button', { name: 'Server-Adresse' }).click();
    await settings.getByText(`Verbunden mit ${new URL(server.url).origin}`).waitFor();
    await settings.getByRole('button', { name: 'Server-Adresse ändern' }).click();
    await settings.getByRole('button', { name: 'Prüfen und speichern' }).scrollIntoViewIfNeeded();
    await second.page.screenshot({ path: path.join(shots, 'desktop-settings-server-address-1400.png') });
    await second.context.close();

    const document = (await (
      await fetch(`${server.url}/api/projects/${project.id}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { columns: { title: string; cards: { title: string }[] }[] };
    const todo = document.columns.find((column) => column.title === 'To Do');
    expect(todo?.cards.map((card) => card.title)).toContain('Klemmen nachziehen');
  });

  it("saves the PDF user manual from 'Hilfe/Impressum' through the native save dialog", async () => {
    const { context, page } = await startShell();
    await page.goto(`${PAGE_ORIGIN}/`);
    // The login page or, with the session kept from the last start, the app's footer.
    await page.getByRole('button', { name: 'Hilfe/Impressum' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Hilfe/Impressum' });
    await dialog.getByRole('button', { name: 'Benutzerhandbuch (PDF) herunterladen' }).click();
    await dialog.getByRole('status').filter({ hasText: '„Werkboard-Handbuch.pdf“ wurde gespeichert.' }).waitFor();
    const saved = path.join(userData, 'Werkboard-Handbuch.pdf');
    expect(fs.readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(saved)).toContain('Arbeiten ohne Netz auf dem Telefon');
    await context.close();
  });
});
