import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { de } from '@werkboard/common';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser } from './support/browser';
import { apiRequest, apiToken, logIn, reloadPage } from './support/session';

/**
 * Direct messages between two people at two browsers (issue 16): Anna writes to Bernd, whose
 * navigation shows the unread count live (within a second, no reload) and after a reload; opening the thread sets it to 0 and he
 * reads the text his browser opened. A Monteur cannot write to Chris, who turned messages
 * off (the spec's alert), the Admin can. A message written offline is sent on reconnect, once.
 * What the browser sent and what the server answers carry no plaintext.
 */
const m = de.directMessages;
const ANNA = { username: 'anna.elektro', password: 'verteiler-2026' };
const BERND = { username: 'bernd.sanitaer', password: 'rohrzange-88' };
const CHRIS = { username: 'chris.heizung', password: 'brenner-4711' };
const SCREENSHOTS = path.join(__dirname, '..', '..', '.tmp', 'screenshots');

let server: AppServer;
let browser: Browser;
let adminToken: string;

const api = (method: string, url: string, token: string, body?: unknown): Promise<Response> =>
  apiRequest(server.url, token, method, url, body);

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  adminToken = await apiToken(server.url, 'admin', server.adminPassword);
  for (const user of [ANNA, BERND])
    expect((await api('POST', '/users', adminToken, { ...user, role: 'Monteur' })).status).toBe(201);
  const chris = await api('POST', '/users', adminToken, { ...CHRIS, role: 'Monteur', directMessagesEnabled: false });
  expect(chris.status).toBe(201);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Device {
  context: BrowserContext;
  page: Page;
  /** Every body the page sent to POST /api/messages. */
  sent: string[];
}

async function device(
  user: { username: string; password: string },
  viewport = { width: 1400, height: 900 },
): Promise<Device> {
  const context = await browser.newContext({ locale: 'de-DE', viewport });
  const page = await context.newPage();
  const sent: string[] = [];
  // What the page reports of its own failures (e.g. a message key that could not be unlocked)
  // goes into the test's log: a composer that stays disabled in CI is then explained there.
  page.on('console', (message) => {
    if (['warning', 'error'].includes(message.type()) && !message.text().startsWith('Failed to load resource'))
      console.log(`[${user.username}] ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => console.log(`[${user.username}] page error: ${error.message}`));
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/messages')
      sent.push(request.postData() ?? '');
  });
  await logIn(page, server.url, user.username, user.password);
  return { context, page, sent };
}

const messagesLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: /^Nachrichten/ });

async function openConversationWith(page: Page, username: string): Promise<void> {
  await messagesLink(page).click();
  await page.getByRole('button', { name: m.send, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: m.newConversation });
  await dialog.getByRole('searchbox').fill(username.slice(0, 4));
  await dialog.getByRole('button', { name: new RegExp(username) }).click();
  await page.getByRole('heading', { level: 2, name: username }).waitFor();
}

async function write(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: m.inputLabel, exact: true }).fill(text);
  await page.getByRole('button', { name: m.sendMessage }).click();
}

describe('direct messages', () => {
  let anna: Device;
  let bernd: Device;

  beforeAll(async () => {
    // Both log in once so that both have a key pair (made in the browser at login).
    bernd = await device(BERND);
    anna = await device(ANNA);
  });

  it('Anna writes to Bernd; his count shows live and after a reload, and goes to 0 when he opens the thread', async () => {
    await openConversationWith(anna.page, BERND.username);
    await anna.page.getByText(m.noMessages).waitFor();
    await anna.page.getByLabel(m.typeLabel).selectOption('Materialbeschaffung');
    const stored = anna.page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/messages',
    );
    await write(anna.page, 'Die Pressfittinge 22 mm liegen im Lager.');
    // Live: Bernd's open dashboard counts it without a reload, well before its 30 s poll would. The
    // aim is a second; the limit is 3 s, because a loaded CI machine is slower, not because live
    // updates may be.
    expect((await stored).status()).toBe(201);
    const storedAt = Date.now();
    await bernd.page.getByRole('link', { name: 'Nachrichten: 1 ungelesen' }).waitFor({ timeout: 3_000 });
    console.log(`unread count live after ${Date.now() - storedAt} ms`);
    await anna.page.locator('.bubble--own').getByText('Die Pressfittinge 22 mm liegen im Lager.').waitFor();
    expect(anna.sent).toHaveLength(1);
    expect(anna.sent[0]).not.toContain('Pressfittinge');

    await reloadPage(bernd.page);
    await bernd.page.getByRole('link', { name: 'Nachrichten: 1 ungelesen' }).waitFor();
    await messagesLink(bernd.page).click();
    const entry = bernd.page.getByRole('link', { name: new RegExp(ANNA.username) });
    await entry.getByText('Die Pressfittinge 22 mm liegen im Lager.').waitFor();
    await entry.click();
    await bernd.page.locator('.bubble').getByText('Die Pressfittinge 22 mm liegen im Lager.').waitFor();
    await bernd.page.locator('.bubble').getByText('Materialbeschaffung').waitFor();
    await bernd.page.getByRole('link', { name: 'Nachrichten', exact: true }).waitFor();
    await write(bernd.page, 'Danke, hole ich morgen früh.');
    await reloadPage(anna.page);
    await anna.page.locator('.bubble').getByText('Danke, hole ich morgen früh.').waitFor({ timeout: 40_000 });

    // The server keeps and answers ciphertext only.
    const token = await apiToken(server.url, ANNA.username, ANNA.password);
    const thread = await (await api('GET', `/messages/conversations`, token)).text();
    expect(thread).not.toContain('Danke');
    expect(thread).not.toContain('Pressfittinge');

    await anna.page.screenshot({ path: path.join(SCREENSHOTS, 'messages-desktop.png') });
  });

  it('shows the conversation on the phone layout', async () => {
    const phone = await device(BERND, { width: 390, height: 844 });
    // On the phone the navigation is folded behind 'Menü'.
    await phone.page.getByRole('button', { name: 'Menü' }).click();
    await messagesLink(phone.page).click();
    await phone.page.getByRole('link', { name: new RegExp(ANNA.username) }).waitFor();
    await phone.page.screenshot({ path: path.join(SCREENSHOTS, 'messages-phone-list.png') });
    await phone.page.getByRole('link', { name: new RegExp(ANNA.username) }).click();
    await phone.page.locator('.bubble').getByText('Danke, hole ich morgen früh.').waitFor();
    await phone.page.screenshot({ path: path.join(SCREENSHOTS, 'messages-phone-thread.png') });
    await phone.context.close();
  });

  it('refuses a Monteur writing to Chris with the spec alert, and lets the Admin write', async () => {
    // Chris logs in once: his key pair exists from then on.
    const chris = await device(CHRIS);
    const chrisId = (
      (await (await api('GET', '/users/directory', adminToken)).json()) as { id: string; username: string }[]
    ).find((user) => user.username === CHRIS.username)!.id;
    // The key pair is made in his browser right after login; wait until the server has it.
    let keyStatus = 0;
    for (let tries = 0; tries < 60 && keyStatus !== 200; tries++) {
      keyStatus = (await api('GET', `/messages/keys/${chrisId}`, adminToken)).status;
      if (keyStatus !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(keyStatus).toBe(200);
    await chris.context.close();

    await openConversationWith(anna.page, CHRIS.username);
    const alerted = new Promise<string>((resolve) =>
      anna.page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await write(anna.page, 'Kannst du mir helfen?');
    expect(await alerted).toBe(m.recipientRefuses);
    expect(anna.sent).toHaveLength(1);

    const admin = await device({ username: 'admin', password: server.adminPassword });
    await openConversationWith(admin.page, CHRIS.username);
    await write(admin.page, 'Bitte morgen ins Büro kommen.');
    await admin.page.locator('.bubble--own').getByText('Bitte morgen ins Büro kommen.').waitFor();
    expect(admin.sent).toHaveLength(1);
    await admin.context.close();
  });

  it('sends a message written offline when the connection returns, once', async () => {
    await openConversationWith(anna.page, BERND.username);
    await anna.context.setOffline(true);
    await write(anna.page, 'Offline geschrieben im Keller.');
    await anna.page.locator('.bubble--pending').getByText('Offline geschrieben im Keller.').waitFor();
    await anna.context.setOffline(false);
    await anna.page.locator('.bubble--own:not(.bubble--pending)').getByText('Offline geschrieben im Keller.').waitFor({
      timeout: 60_000,
    });

    const token = await apiToken(server.url, BERND.username, BERND.password);
    const annaId = (
      (await (await api('GET', '/users/directory', token)).json()) as { id: string; username: string }[]
    ).find((user) => user.username === ANNA.username)!.id;
    const thread = (await (await api('GET', `/messages/conversation/${annaId}`, token)).json()) as unknown[];
    // Two from Anna, one from Bernd before; the offline one exactly once.
    expect(thread).toHaveLength(3);
    await bernd.page.goto(`${server.url}/#/messages/${annaId}`);
    await bernd.page.locator('.bubble').getByText('Offline geschrieben im Keller.').waitFor();
    expect(await bernd.page.locator('.bubble').getByText('Offline geschrieben im Keller.').count()).toBe(1);
  });
});

describe('push notifications in the profile', () => {
  it("shows 'deaktiviert' with the switch where Chromium allows notifications, and the denied text where it blocks them", async () => {
    const phone = await device(BERND, { width: 390, height: 844 });
    await phone.context.grantPermissions(['notifications'], { origin: server.url });
    await phone.page.goto(`${server.url}/#/profile`);
    const section = phone.page.getByRole('region', { name: de.push.sectionTitle });
    // Headless Chromium has no push service to subscribe at: switched off, with the switch.
    await section.getByText(de.push.disabled).waitFor({ timeout: 20_000 });
    await section.getByRole('button', { name: de.push.enable }).waitFor();
    await phone.page.screenshot({ path: path.join(SCREENSHOTS, 'profile-push-phone.png'), fullPage: true });

    // The user blocked notifications for the site (Chromium's site setting, set via CDP).
    const cdp = await phone.context.newCDPSession(phone.page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: server.url,
      ...(targetInfo.browserContextId ? { browserContextId: targetInfo.browserContextId } : {}),
    });
    await reloadPage(phone.page);
    await section.getByText(de.push.denied).waitFor({ timeout: 20_000 });
    expect(await section.getByRole('button', { name: de.push.enable }).count()).toBe(0);
    await phone.context.close();
  });
});
