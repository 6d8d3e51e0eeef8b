import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { de } from '@werkboard/common';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser, phoneContext } from './support/browser';
import { apiToken, logIn, reloadPage } from './support/session';

/**
 * Server-side sessions in Chromium (issue 13, finding 5): the profile's device list ends
 * another device, logout ends the session on the server, the Admin ends all of a user's.
 * Screenshots of the profile and the users page (desktop and phone) go to SHOTS.
 */
const SHOTS = process.env.E2E_SCREENSHOTS ?? path.join(process.cwd(), 'test-results', 'sessions');
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function desktopPage(): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1400, height: 900 } });
  return context.newPage();
}

async function phonePage(): Promise<Page> {
  const context = await phoneContext(browser, { userAgent: ANDROID_CHROME });
  return context.newPage();
}

/** Logs in and returns the token the server answered with (read from the login response). */
async function logInWithToken(page: Page, username: string, password: string): Promise<string> {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
  await logIn(page, server.url, username, password);
  return ((await (await answer).json()) as { token: string }).token;
}

const meStatus = async (token: string) =>
  (await fetch(`${server.url}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } })).status;

async function openProfile(page: Page): Promise<void> {
  await page.goto(`${server.url}/#/profile`);
  await page.getByRole('heading', { name: de.sessions.title }).waitFor();
}

async function createUser(username: string, password: string): Promise<void> {
  const token = await apiToken(server.url, 'admin', server.adminPassword);
  const response = await fetch(`${server.url}/api/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ username, password, role: 'Monteur' }),
  });
  expect(response.status).toBe(201);
}

describe('sessions', () => {
  it("ends the phone's session from the desktop's profile; the phone's next request lands on /login", async () => {
    await createUser('erik.monteur', 'Werkbank-Schluessel-9');
    const desktop = await desktopPage();
    const phone = await phonePage();
    await logInWithToken(desktop, 'erik.monteur', 'Werkbank-Schluessel-9');
    const phoneToken = await logInWithToken(phone, 'erik.monteur', 'Werkbank-Schluessel-9');

    await openProfile(phone);
    const phoneList = phone.getByRole('list', { name: de.sessions.title });
    await phoneList.getByRole('listitem', { name: 'Chrome auf Android' }).getByText(de.sessions.thisDevice).waitFor();
    await phone.getByRole('heading', { name: de.sessions.title }).scrollIntoViewIfNeeded();
    await phone.screenshot({ path: path.join(SHOTS, 'profile-sessions-phone.png') });

    await openProfile(desktop);
    const list = desktop.getByRole('list', { name: de.sessions.title });
    await list.getByRole('listitem', { name: 'Chrome auf Android' }).waitFor();
    await expect(list.getByRole('listitem').count()).resolves.toBe(2);
    const own = list.getByRole('listitem').filter({ hasText: de.sessions.thisDevice });
    await expect(own.getByRole('button').count()).resolves.toBe(0);
    await desktop.getByRole('heading', { name: de.sessions.title }).scrollIntoViewIfNeeded();
    await desktop.screenshot({ path: path.join(SHOTS, 'profile-sessions-desktop.png') });

    await list.getByRole('button', { name: de.sessions.endOneLabel('Chrome auf Android') }).click();
    await desktop.getByRole('status').filter({ hasText: de.sessions.ended }).waitFor();
    await desktop.getByText(de.sessions.noOthers).waitFor();
    expect(await meStatus(phoneToken)).toBe(401);

    // The phone's next request (opening the dashboard) is refused: the app shows the login page.
    await phone.goto(`${server.url}/#/`);
    await phone.waitForURL(/#\/login$/);
    await phone.getByText(de.login.sessionExpired).waitFor();
    // The desktop goes on.
    await reloadPage(desktop);
    await desktop.getByRole('heading', { name: de.sessions.title }).waitFor();

    await desktop.context().close();
    await phone.context().close();
  });

  it("'Abmelden' ends the session on the server: its token is refused afterwards", async () => {
    const page = await desktopPage();
    const token = await logInWithToken(page, 'admin', server.adminPassword);
    expect(await meStatus(token)).toBe(200);
    await page.getByRole('button', { name: 'Abmelden' }).first().click();
    await page.waitForURL(/#\/login$/);
    expect(await meStatus(token)).toBe(401);
    await page.context().close();
  });

  it("lets the Admin end all of a user's sessions from the users page", async () => {
    await createUser('lena.monteurin', 'Kabeltrommel-Blau-4');
    const fitter = await phonePage();
    await logInWithToken(fitter, 'lena.monteurin', 'Kabeltrommel-Blau-4');

    const admin = await desktopPage();
    await logIn(admin, server.url, 'admin', server.adminPassword);
    await admin.goto(`${server.url}/#/users`);
    const row = admin.getByRole('listitem', { name: 'lena.monteurin' });
    await row.getByRole('button', { name: de.sessions.endAllLabel('lena.monteurin') }).waitFor();
    await admin.screenshot({ path: path.join(SHOTS, 'users-desktop.png') });
    await row.getByRole('button', { name: de.sessions.endAllLabel('lena.monteurin') }).click();
    const dialog = admin.getByRole('dialog', { name: de.sessions.endAll });
    await dialog.getByText(de.sessions.endAllConfirm('lena.monteurin')).waitFor();
    await dialog.getByRole('button', { name: de.sessions.endAll }).click();
    await admin
      .getByRole('status')
      .filter({ hasText: de.sessions.allEnded(1) })
      .waitFor();

    await fitter.goto(`${server.url}/#/profile`);
    await fitter.waitForURL(/#\/login$/);
    await fitter.getByText(de.login.sessionExpired).waitFor();

    const adminPhone = await phonePage();
    await logIn(adminPhone, server.url, 'admin', server.adminPassword);
    await adminPhone.goto(`${server.url}/#/users`);
    await adminPhone.getByRole('listitem', { name: 'lena.monteurin' }).waitFor();
    await adminPhone.screenshot({ path: path.join(SHOTS, 'users-phone.png'), fullPage: true });

    await admin.context().close();
    await adminPhone.context().close();
    await fitter.context().close();
  });
});
