import type { Browser, Locator, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser } from './support/browser';
import { addBoardTask, boardCard, boardColumn, dragCard } from './support/board';
import { apiToken, logIn, newPage, reloadPage } from './support/session';

const PROJECT = 'Neubau Familie Berger';

let server: AppServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  page = await newPage(browser);
  await logIn(page, server.url, 'admin', server.adminPassword);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const column = (title: string): Locator => boardColumn(page, title);
const cardIn = (columnTitle: string, cardTitle: string): Locator => boardCard(page, columnTitle, cardTitle);
const addTask = (columnTitle: string, title: string) => addBoardTask(page, columnTitle, title);

/** Waits until the board's last save reached the server (the answer carries the change). */
async function serverDocument(): Promise<{
  columns: { title: string; cards: { title: string; timeEntries: { hours: number }[] }[] }[];
  status: string;
}> {
  const id = /#\/project\/([^/?]+)/.exec(page.url())![1]!;
  const token = await apiToken(server.url, 'admin', server.adminPassword);
  const response = await fetch(`${server.url}/api/projects/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  return response.json() as never;
}

describe('the project board in Chromium', () => {
  it('creates a project, fills two columns, drags a card, books time and material, completes, archives and restores', async () => {
    await page.getByRole('button', { name: 'Neues Projekt' }).click();
    // First the template: the seeded 'Standardvorlage' gives the three columns.
    await page
      .getByRole('dialog', { name: 'Vorlage auswählen' })
      .getByRole('button', { name: 'Standardvorlage' })
      .click();
    const create = page.getByRole('dialog', { name: 'Neues Projekt' });
    await create.getByLabel('Projektname').fill(PROJECT);
    await create.getByLabel('Projekt-Nr').fill('2026-017');
    await create.getByRole('button', { name: 'Projekt erstellen' }).click();
    await page.waitForURL(/#\/project\//);
    await column('To Do').waitFor();

    await addTask('To Do', 'Kabel ziehen');
    await addTask('To Do', 'Dosen setzen');
    await addTask('In Bearbeitung', 'Verteiler montieren');
    await page.getByText('0/3 erledigt').waitFor();

    // The move goes as a delta (issue 17): the card with its new column, a request and an
    // answer of well under 5 KB each.
    const moveSaved = page.waitForResponse((response) => {
      const sent = response.request().postData() ?? '';
      return (
        response.request().method() === 'PATCH' && sent.includes('Kabel ziehen') && sent.includes('"title":"Erledigt"')
      );
    });
    await dragCard(page, cardIn('To Do', 'Kabel ziehen'), column('Erledigt'));
    const move = await moveSaved;
    expect(move.status()).toBe(200);
    const delta = move.request().postDataJSON() as { cards: { title: string }[] };
    expect(delta.cards.map((card) => card.title)).toEqual(['Kabel ziehen']);
    expect(Buffer.byteLength(move.request().postData()!)).toBeLessThan(5 * 1024);
    expect((await move.body()).length).toBeLessThan(5 * 1024);
    await expect(move.json()).resolves.toMatchObject({ kind: 'delta' });
    await cardIn('Erledigt', 'Kabel ziehen').waitFor();
    await page.getByText('1/3 erledigt').waitFor();
    await page.getByText('33 %').first().waitFor();
    await waitFor(async () => {
      const saved = await serverDocument();
      return saved.columns[2]!.cards.map((card) => card.title).join() === 'Kabel ziehen';
    });

    await cardIn('To Do', 'Dosen setzen').getByRole('button', { name: 'Dosen setzen', exact: true }).click();
    const task = page.getByRole('dialog', { name: 'Dosen setzen' });
    await task.getByRole('tab', { name: 'Zeiten' }).click();
    await task.getByLabel('Stunden').fill('1,5');
    await task.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    await task.getByRole('cell', { name: '1,50' }).first().waitFor();

    await task.getByRole('tab', { name: 'Material' }).click();
    await task.getByLabel('Menge').fill('2.5');
    await task.getByLabel('Einheit').fill('m');
    await task.getByRole('textbox', { name: 'Material', exact: true }).fill('NYM-J 3x1,5');
    await task.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    await task.getByRole('cell', { name: 'NYM-J 3x1,5', exact: true }).waitFor();
    await task.getByRole('button', { name: 'Schließen' }).first().click();
    await cardIn('To Do', 'Dosen setzen').getByText('1,50 Std.').waitFor();
    await waitFor(async () => {
      const saved = await serverDocument();
      return saved.columns[0]!.cards.some((card) => card.timeEntries.some((entry) => entry.hours === 1.5));
    });

    // The change log shows the entries the server wrote for what the board did (issue 13),
    // read from the server after a reload.
    await reloadPage(page);
    await cardIn('To Do', 'Dosen setzen').getByText('1,50 Std.').waitFor();
    await page.getByRole('button', { name: 'Änderungsprotokoll' }).click();
    const log = page.getByRole('dialog', { name: 'Änderungsprotokoll' });
    for (const action of [
      'admin hat die Aufgabe „Verteiler montieren“ in „In Bearbeitung“ hinzugefügt.',
      'admin hat die Aufgabe „Kabel ziehen“ nach „Erledigt“ verschoben.',
      'admin hat 1,50 Stunden für die Aufgabe „Dosen setzen“ erfasst.',
      'admin hat das Material „2,5 m NYM-J 3x1,5“ zur Aufgabe „Dosen setzen“ hinzugefügt.',
    ])
      await log.getByText(action, { exact: true }).waitFor();
    await log.getByRole('button', { name: 'Schließen' }).first().click();

    // Complete: read-only banner, no more editing.
    await page.getByRole('button', { name: 'Projekt bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Projekt bearbeiten' });
    await edit.getByRole('button', { name: 'Aktionen & Verwaltung' }).click();
    await edit.getByRole('button', { name: 'Als abgeschlossen markieren' }).click();
    await page
      .getByRole('dialog', { name: 'Projekt abschließen' })
      .getByRole('button', { name: 'Als abgeschlossen markieren' })
      .click();
    await page.getByText('Das Projekt ist abgeschlossen. Alle Bearbeitungen sind deaktiviert.').waitFor();
    await expect(page.getByRole('button', { name: 'Aufgabe hinzufügen' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Projekt bearbeiten' }).count()).resolves.toBe(0);
    await expect(serverDocument().then((saved) => saved.status)).resolves.toBe('completed');

    // Reopen, then archive through the edit dialog.
    await page.getByRole('button', { name: 'Wieder öffnen' }).click();
    await page
      .getByRole('dialog', { name: 'Projekt wieder öffnen' })
      .getByRole('button', { name: 'Wieder öffnen' })
      .click();
    await page.getByRole('button', { name: 'Projekt bearbeiten' }).waitFor();
    await page.getByRole('button', { name: 'Projekt bearbeiten' }).click();
    await edit.getByRole('button', { name: 'Aktionen & Verwaltung' }).click();
    await edit.getByRole('button', { name: 'Projekt löschen' }).click();
    await page
      .getByRole('dialog', { name: 'Projekt löschen' })
      .getByRole('button', { name: 'Löschen', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText('Keine Projekte gefunden').waitFor();

    // Restore from the archive.
    await page.goto(`${server.url}/#/archive`);
    await page.getByRole('tab', { name: 'Archivierte Projekte (1)' }).waitFor();
    await page.getByRole('button', { name: `${PROJECT} wiederherstellen` }).click();
    await page
      .getByRole('dialog', { name: 'Projekt wiederherstellen' })
      .getByRole('button', { name: 'Wiederherstellen' })
      .click();
    await page.getByText('Keine archivierten Projekte.').waitFor();
    await page.goto(`${server.url}/#/`);
    await page.getByRole('list', { name: 'Laufende Projekte' }).getByRole('link', { name: PROJECT }).click();
    await cardIn('Erledigt', 'Kabel ziehen').waitFor();
    await page.getByText('1/3 erledigt').waitFor();
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('condition not met in time');
}
