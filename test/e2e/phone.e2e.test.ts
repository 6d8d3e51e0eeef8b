import type { Browser, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser, phoneContext } from './support/browser';
import { boardCard, boardColumn, addBoardTask, projectWithCards } from './support/board';
import { apiToken, logIn } from './support/session';

/**
 * Issue 19's bugs on a fitter's phone and an office screen, each where it showed: the sync
 * state offline on the phone with the dashboard's progress from the device's queued changes,
 * the task dialog after 'Speichern', button labels of 'Tabelle (detailliert)' on Vorlagen.
 */

let server: AppServer;
let browser: Browser;
let token: string;

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A project whose board holds `titles` per column, in the board's column order. */
const projectWith = (name: string, titles: string[][]) => projectWithCards(server.url, token, name, titles);

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  token = await apiToken(server.url, 'admin', server.adminPassword);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Signed in on the phone, or on a desktop screen of `viewport`. */
async function signedIn(viewport: { width: number; height: number } | 'phone'): Promise<Page> {
  const context = await (viewport === 'phone'
    ? phoneContext(browser)
    : browser.newContext({ locale: 'de-DE', viewport }));
  const page = await context.newPage();
  await logIn(page, server.url, 'admin', server.adminPassword);
  return page;
}

describe('a fitter offline on the phone (390x844)', () => {
  it("says 'Offline · N ausstehend' on the board and the dashboard, and the dashboard counts the queued changes", async () => {
    const id = await projectWith('Sanitär Neubau Nord', [
      ['Rohre verlegen', 'Spülkasten setzen', 'Armaturen'],
      [],
      ['Aufmaß'],
    ]);
    const page = await signedIn('phone');
    await page.goto(`${server.url}/#/project/${id}`);
    await boardCard(page, 'To Do', 'Rohre verlegen').waitFor();
    const badge = page.getByTestId('sync-badge');

    await page.context().setOffline(true);
    await addBoardTask(page, 'To Do', 'Druckprüfung');
    const last = boardColumn(page, 'Erledigt');
    const title = (await last.getByRole('heading', { level: 2 }).textContent())!;
    await page.getByRole('button', { name: `„Rohre verlegen“ nach „${title}“ verschieben` }).click();
    await boardCard(page, 'Erledigt', 'Rohre verlegen').waitFor();

    await badge.filter({ hasText: /^Offline · [1-9]\d* ausstehend$/ }).waitFor();
    expect(await inView(page, badge)).toBe(true);

    // The dashboard, still offline: the server has 1/4, the device 2/5.
    await page.evaluate(() => (window.location.hash = '#/'));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const tile = page.getByRole('listitem').filter({ hasText: 'Sanitär Neubau Nord' });
    await tile.getByRole('progressbar').and(page.locator('[aria-valuenow="40"]')).waitFor();
    expect(await tile.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('40 %, 2 von 5 Aufgaben erledigt');
    await badge.filter({ hasText: /^Offline · [1-9]\d* ausstehend$/ }).waitFor();
    expect(await inView(page, badge)).toBe(true);

    await page.context().setOffline(false);
    await page.getByTestId('sync-badge').filter({ hasText: 'Synchron' }).waitFor({ timeout: 20000 });
    await page.context().close();
  });
});

describe('the office screen (1400x900)', () => {
  it("closes the task dialog after 'Speichern' and shows the change on the card", async () => {
    const id = await projectWith('Elektro Altbau West', [['Dosen setzen']]);
    const page = await signedIn({ width: 1400, height: 900 });
    await page.goto(`${server.url}/#/project/${id}`);
    await boardCard(page, 'To Do', 'Dosen setzen').getByRole('button', { name: 'Dosen setzen', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Dosen setzen' });
    await dialog.getByLabel('Titel', { exact: true }).fill('Dosen setzen EG');
    await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();

    await dialog.waitFor({ state: 'detached' });
    await boardCard(page, 'To Do', 'Dosen setzen EG').waitFor();
    await page.context().close();
  });

  it("keeps every button label of 'Tabelle (detailliert)' on Vorlagen whole (no 'Bearbeit/en')", async () => {
    const source = await projectWith('Vorlage Quelle', [['Anschluss prüfen']]);
    await api('POST', '/templates/save-from-project', {
      project: source,
      name: 'Badsanierung Komplettpaket mit Fliesen',
      description: 'Alles vom Rückbau bis zur Endreinigung',
      ownerId: null,
    });
    const page = await signedIn({ width: 1400, height: 900 });
    await page.goto(`${server.url}/#/templates`);
    await page.getByRole('button', { name: 'Tabelle (detailliert)' }).first().click();
    const table = page.locator('.template-table--detailed');
    await table.getByText('Badsanierung Komplettpaket mit Fliesen').first().waitFor();

    const lines = await table.locator('.button').evaluateAll((buttons) =>
      buttons.map((button) => {
        const range = document.createRange();
        range.selectNodeContents(button);
        const tops = new Set(Array.from(range.getClientRects(), (rect: DOMRect) => Math.round(rect.top)));
        return `${button.textContent?.trim()}: ${tops.size}`;
      }),
    );
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).toMatch(/: 1$/);
    await page.context().close();
  });
});

/** Inside the viewport without scrolling. */
async function inView(page: Page, locator: ReturnType<Page['getByTestId']>): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width;
}
