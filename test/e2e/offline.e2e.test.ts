import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser } from './support/browser';
import { addBoardTask, boardCard, boardColumn, dragCard, savedTitles } from './support/board';
import { apiJson, apiToken, logIn, reloadPage } from './support/session';

/**
 * Offline-first (issue 7) with two devices: the office (Admin, device A) and a Firmenleiter on
 * the building site (device B) work on one project without a connection, A even reloads the
 * app offline, and once the connection is back both devices' changes are on the server and on
 * both devices. The second test stops the server instead of cutting the network.
 */

const LEADER = { username: 'leitung', password: 'Leitung-Passwort-1' };

interface ServerDocument {
  columns: { title: string; cards: { title: string; timeEntries: { hours: number }[] }[] }[];
  notes: { title: string; content: string }[];
}

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const token = await apiToken(server.url, 'admin', server.adminPassword);
  const created = await fetch(`${server.url}/api/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...LEADER, role: 'Firmenleiter' }),
  });
  if (created.status !== 201) throw new Error(`creating the Firmenleiter failed: ${created.status}`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  return apiJson<T>(server.url, await apiToken(server.url, 'admin', server.adminPassword), method, path, body);
}

/** One device: a browser context of its own (own storage, service worker and IndexedDB). */
interface Device {
  context: BrowserContext;
  page: Page;
}

async function device(username: string, password: string, phone = false): Promise<Device> {
  const context = await browser.newContext({
    locale: 'de-DE',
    ...(phone
      ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
      : { viewport: { width: 1400, height: 900 } }),
  });
  const page = await context.newPage();
  await logIn(page, server.url, username, password);
  // The service worker has the app shell once it controls the page: from then on it opens offline.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20000 });
  return { context, page };
}

async function openProject(page: Page, id: string): Promise<void> {
  await page.goto(`${server.url}/#/project/${id}`);
  await boardColumn(page, 'To Do').waitFor();
}

function syncIndicator(page: Page): Locator {
  return page.getByTestId('sync-status');
}

/** Device A's offline work: a card moved by drag and drop, 1,5 hours booked on it. */
async function moveCardAndBookTime(page: Page, cardTitle: string): Promise<void> {
  await dragCard(page, boardCard(page, 'To Do', cardTitle), boardColumn(page, 'Erledigt'));
  await boardCard(page, 'Erledigt', cardTitle).waitFor();
  await boardCard(page, 'Erledigt', cardTitle).getByRole('button', { name: cardTitle, exact: true }).click();
  const task = page.getByRole('dialog', { name: cardTitle });
  await task.getByRole('tab', { name: 'Zeiten' }).click();
  await task.getByLabel('Stunden').fill('1,5');
  await task.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await task.getByRole('cell', { name: '1,50' }).first().waitFor();
  await task.getByRole('button', { name: 'Schließen' }).first().click();
  await boardCard(page, 'Erledigt', cardTitle).getByText('1,50 Std.').waitFor();
}

/** Device B's offline work: another card renamed, a note added. */
async function renameCardAndAddNote(page: Page, cardTitle: string, newTitle: string, note: string): Promise<void> {
  await boardCard(page, 'To Do', cardTitle).getByRole('button', { name: cardTitle, exact: true }).click();
  const task = page.getByRole('dialog', { name: cardTitle });
  await task.getByLabel('Titel', { exact: true }).fill(newTitle);
  await task.getByRole('button', { name: 'Speichern', exact: true }).click();
  // 'Speichern' closes the task dialog (issue 19).
  await task.waitFor({ state: 'detached' });
  await boardCard(page, 'To Do', newTitle).waitFor();

  await page.getByRole('button', { name: 'Notizen & Informationen' }).click();
  const notes = page.getByRole('dialog', { name: 'Notizen & Informationen' });
  await notes.getByLabel('Inhalt').fill(note);
  await notes.getByRole('button', { name: 'Notiz hinzufügen' }).click();
  await notes.getByText(note).waitFor();
  await notes.getByRole('button', { name: 'Schließen' }).first().click();
}

/** All four changes, as the server or a device shows them. */
async function expectAllFourOnServer(projectId: string, names: Names): Promise<void> {
  const saved = await api<ServerDocument>('GET', `/projects/${projectId}`);
  const done = saved.columns.find((entry) => entry.title === 'Erledigt')!;
  const moved = done.cards.find((card) => card.title === names.moved);
  expect(moved?.timeEntries.map((entry) => entry.hours)).toEqual([1.5]);
  const todo = saved.columns.find((entry) => entry.title === 'To Do')!;
  expect(todo.cards.map((card) => card.title)).toContain(names.renamed);
  expect(todo.cards.map((card) => card.title)).not.toContain(names.other);
  expect(saved.notes.map((note) => note.content)).toContain(names.note);
}

/** The device opens the project again (from the dashboard, as a user would) and shows all four. */
async function expectAllFourOnDevice(page: Page, projectId: string, names: Names): Promise<void> {
  await page.goto(`${server.url}/#/`);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await openProject(page, projectId);
  await boardCard(page, 'Erledigt', names.moved).getByText('1,50 Std.').waitFor();
  await boardCard(page, 'To Do', names.renamed).waitFor();
  await page.getByRole('button', { name: 'Notizen & Informationen' }).click();
  await page.getByRole('dialog', { name: 'Notizen & Informationen' }).getByText(names.note).waitFor();
  await page.keyboard.press('Escape');
}

/** After the sync: the server and every device hold all four changes; then the devices close. */
async function expectAllFourEverywhere(projectId: string, names: Names, devices: Device[]): Promise<void> {
  await expectAllFourOnServer(projectId, names);
  for (const { page } of devices) await expectAllFourOnDevice(page, projectId, names);
  for (const { context } of devices) await context.close();
}

interface Names {
  moved: string;
  other: string;
  renamed: string;
  note: string;
}

/** A project with two cards, open on both devices (so both have it locally). */
async function setUp(projectName: string, names: Names): Promise<{ id: string; a: Device; b: Device }> {
  const project = await api<{ id: string }>('POST', '/projects', { name: projectName });
  const a = await device('admin', server.adminPassword);
  await openProject(a.page, project.id);
  await addBoardTask(a.page, 'To Do', names.moved);
  await addBoardTask(a.page, 'To Do', names.other);
  await syncIndicator(a.page).filter({ hasText: 'Synchron' }).waitFor();
  const b = await device(LEADER.username, LEADER.password);
  await openProject(b.page, project.id);
  await boardCard(b.page, 'To Do', names.other).waitFor();
  return { id: project.id, a, b };
}

describe('offline-first with two devices in Chromium', () => {
  it('keeps both devices’ offline work through a reload and brings all of it to the server', async () => {
    const names = {
      moved: 'Kabel ziehen',
      other: 'Dosen setzen',
      renamed: 'Dosen setzen (UP)',
      note: 'Zählerschrank im Keller links',
    };
    const { id, a, b } = await setUp('Altbau Sanierung Huber', names);

    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await syncIndicator(a.page).filter({ hasText: 'Offline' }).waitFor();

    await moveCardAndBookTime(a.page, names.moved);
    await renameCardAndAddNote(b.page, names.other, names.renamed, names.note);
    // Nothing reached the server yet.
    const before = await api<ServerDocument>('GET', `/projects/${id}`);
    expect(before.columns[0]!.cards.map((card) => card.title)).toEqual([names.moved, names.other]);
    expect(before.notes).toEqual([]);

    // A reloads without network: the app opens from the service worker, the project from the device.
    await reloadPage(a.page);
    await boardCard(a.page, 'Erledigt', names.moved).getByText('1,50 Std.').waitFor();
    await a.page
      .getByText('Keine Verbindung zum Server: Sie sehen die zuletzt auf diesem Gerät gespeicherten Daten.')
      .waitFor();
    await syncIndicator(a.page).filter({ hasText: 'Offline' }).waitFor();
    // The sticky top bar says it too, with what waits (issue 19), visible without scrolling.
    const badge = a.page.getByTestId('sync-badge');
    await badge.filter({ hasText: /^Offline · \d+ ausstehend$/ }).waitFor();
    expect(await badge.isVisible()).toBe(true);

    // Back online: each device replays its queue by itself (the browser's online event).
    await a.context.setOffline(false);
    await syncIndicator(a.page).filter({ hasText: 'Synchron' }).waitFor({ timeout: 20000 });
    await b.context.setOffline(false);
    await syncIndicator(b.page).filter({ hasText: 'Synchron' }).waitFor({ timeout: 20000 });

    await expectAllFourEverywhere(id, names, [a, b]);
  });

  it('gets the same result when the server stops instead of the network', async () => {
    const names = {
      moved: 'Heizkreis spülen',
      other: 'Thermostat tauschen',
      renamed: 'Thermostat tauschen (Bad)',
      note: 'Schlüssel beim Hausmeister',
    };
    const { id, a, b } = await setUp('Heizung Wohnanlage Süd', names);

    const port = new URL(server.url).port;
    await server.stop({ keepData: true });

    await moveCardAndBookTime(a.page, names.moved);
    await renameCardAndAddNote(b.page, names.other, names.renamed, names.note);
    await syncIndicator(a.page).filter({ hasText: 'ausstehend' }).waitFor();
    await syncIndicator(b.page).filter({ hasText: 'ausstehend' }).waitFor();

    await reloadPage(a.page);
    await boardCard(a.page, 'Erledigt', names.moved).getByText('1,50 Std.').waitFor();
    await a.page
      .getByText('Keine Verbindung zum Server: Sie sehen die zuletzt auf diesem Gerät gespeicherten Daten.')
      .waitFor();

    server = await startAppServer({ PORT: port, ADMIN_PASSWORD: server.adminPassword }, { dataDir: server.dataDir });

    // No network event tells the devices: the footer's sync button does.
    for (const page of [a.page, b.page]) {
      await syncIndicator(page).filter({ hasText: 'ausstehend' }).click();
      await syncIndicator(page).filter({ hasText: 'Synchron' }).waitFor({ timeout: 20000 });
    }

    await expectAllFourEverywhere(id, names, [a, b]);
  });

  it('asks before a reload while a change is only in the page, and keeps the change', async () => {
    const project = await api<{ id: string }>('POST', '/projects', { name: 'Baustelle Lindenhof' });
    const office = await device('admin', server.adminPassword);
    await openProject(office.page, project.id);
    // A weak line: the server's answer to the save is slow, and until it comes (or the device's
    // queue keeps the change) the change is only in the page.
    let answer: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (answer = resolve));
    await office.page.route(`**/api/projects/${project.id}`, async (route) => {
      if (route.request().method() === 'PATCH') await slow;
      await route.continue();
    });
    await addBoardTask(office.page, 'To Do', 'Zähler setzen');

    const asked: string[] = [];
    office.page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      // The user stays on the page.
      void dialog.dismiss();
    });
    await office.page.reload({ timeout: 3000 }).catch(() => undefined);
    expect(asked).toEqual(['beforeunload']);
    await boardCard(office.page, 'To Do', 'Zähler setzen').waitFor();

    answer();
    // The app's guard as the browser sees it: a beforeunload that the page cancels while it holds a change.
    await office.page.waitForFunction(() => {
      const leaving = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(leaving);
      return !leaving.defaultPrevented;
    });
    expect(
      await savedTitles(server.url, await apiToken(server.url, 'admin', server.adminPassword), project.id, 'To Do'),
    ).toEqual(['Zähler setzen']);
    // Answered: the page is left without a question.
    await office.page.reload();
    await boardCard(office.page, 'To Do', 'Zähler setzen').waitFor();
    expect(asked).toEqual(['beforeunload']);
    await office.context.close();
  });

  it('keeps a phone’s offline edits through a reload and brings them to the server as deltas', async () => {
    const project = await api<{ id: string }>('POST', '/projects', { name: 'Baustelle Gartenweg' });
    const phone = await device(LEADER.username, LEADER.password, true);
    await openProject(phone.page, project.id);
    const saves: string[] = [];
    phone.page.on('request', (request) => {
      if (request.url().endsWith(`/api/projects/${project.id}`) && request.method() !== 'GET')
        saves.push(request.method());
    });
    await phone.context.setOffline(true);
    await syncIndicator(phone.page).filter({ hasText: 'Offline' }).waitFor();
    await addBoardTask(phone.page, 'To Do', 'Rohre verlegen');
    await addBoardTask(phone.page, 'To Do', 'Druckprobe');

    // Reloaded without network: the board opens from the outbox's copy, and the next edit builds on it.
    await reloadPage(phone.page);
    await boardCard(phone.page, 'To Do', 'Druckprobe').waitFor();
    await addBoardTask(phone.page, 'To Do', 'Dämmung');
    await phone.page
      .getByTestId('sync-badge')
      .filter({ hasText: /^Offline · \d+ ausstehend$/ })
      .waitFor();

    await phone.context.setOffline(false);
    await syncIndicator(phone.page).filter({ hasText: 'Synchron' }).waitFor({ timeout: 20000 });
    const saved = await api<ServerDocument>('GET', `/projects/${project.id}`);
    expect(saved.columns.find((column) => column.title === 'To Do')!.cards.map((card) => card.title)).toEqual([
      'Rohre verlegen',
      'Druckprobe',
      'Dämmung',
    ]);
    // The outbox sends deltas: no whole document went up.
    expect(saves.length).toBeGreaterThan(0);
    expect(saves.every((method) => method === 'PATCH')).toBe(true);
    await phone.context.close();
  });
});
