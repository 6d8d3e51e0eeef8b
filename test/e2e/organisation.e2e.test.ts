import type { Browser, Locator, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser } from './support/browser';
import { createTestLicenseIssuer } from './support/license';
import { apiToken, logIn, newPage, reloadPage } from './support/session';

/**
 * How a company organises its work (issue 5), all through the screens as a Firmenleiter: a
 * customer type with two tags, a template for it, a project from that template, a tagged
 * card and its border, search by text and by tag, a project group on the dashboard, the
 * dashboard's filters and sort orders, and a personal template saved from the project.
 */
const issuer = createTestLicenseIssuer();
const BOSS = { username: 'chefin.kraus', password: 'schraubstock-am-deich-2026' };
const RED = 'rgb(239, 68, 68)'; // board-tone--red, the colour of 'Notdienst'

let server: AppServer;
let browser: Browser;
let page: Page;

async function api(method: string, path: string, token: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ LICENSE_PUBLIC_KEY: issuer.publicKeyPem }), launchBrowser()]);
  // Project groups need a license other than Free; the Admin activates one and creates the Firmenleiterin.
  const admin = await apiToken(server.url, 'admin', server.adminPassword);
  const license = await api('POST', '/license/activate', admin, {
    email: 'buero@example.de',
    licenseKey: issuer.issue('buero@example.de'),
    deviceId: 'e2e-organisation',
  });
  expect(license.status).toBe(200);
  expect((await api('POST', '/users', admin, { ...BOSS, role: 'Firmenleiter' })).status).toBe(201);
  page = await newPage(browser);
  await logIn(page, server.url, BOSS.username, BOSS.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function column(title: string): Locator {
  return page
    .locator('[data-testid^="column-"]')
    .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
}

async function openDashboard(): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Dashboard', exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

/** 'Neues Projekt': choose the template (filtered by customer type), then name the project. */
async function createProject(customerType: string, template: string, name: string, number: string): Promise<void> {
  await page.getByRole('button', { name: 'Neues Projekt' }).click();
  const chooser = page.getByRole('dialog', { name: 'Vorlage auswählen' });
  await chooser.getByLabel('Kundentyp').selectOption(customerType);
  await chooser.getByRole('button', { name: template }).click();
  const create = page.getByRole('dialog', { name: 'Neues Projekt' });
  await expect(create.getByText(`Vorlage: ${template}`).count()).resolves.toBe(1);
  await expect(create.getByLabel('Kundentyp').inputValue()).resolves.toBe(customerType);
  await create.getByLabel('Projektname').fill(name);
  await create.getByLabel('Projekt-Nr').fill(number);
  await create.getByRole('button', { name: 'Projekt erstellen' }).click();
  await page.waitForURL(/#\/project\//);
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** The names of the project cards in one dashboard section, top to bottom (none: section not shown). */
function sectionProjects(section: string): Promise<string[]> {
  return page
    .getByRole('list', { name: section, exact: true })
    .locator(':scope > li[aria-label]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')!));
}

/** Waits until the section shows exactly these projects in this order (the dashboard re-renders on input). */
async function expectSection(section: string, names: string[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  let shown = await sectionProjects(section);
  while (JSON.stringify(shown) !== JSON.stringify(names) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    shown = await sectionProjects(section);
  }
  expect(shown).toEqual(names);
}

describe('organising the work in Chromium', () => {
  it('customer type with tags, template, tagged card, search, project group, dashboard filters, personal template', async () => {
    // 1. Settings → 'Kundentypen & Tags': the type 'Heizung' with two tags of different priority.
    await page.getByRole('button', { name: 'Einstellungen' }).first().click();
    const settings = page.getByRole('dialog', { name: 'Einstellungen' });
    await settings.getByRole('button', { name: 'Kundentypen & Tags' }).click();
    await settings.getByRole('tab', { name: 'Kundentypen' }).click();
    await settings.getByLabel('Neuer Kundentyp').fill('Heizung');
    await settings.getByRole('button', { name: 'Kundentyp hinzufügen' }).click();
    await settings.getByRole('list', { name: 'Kundentypen' }).getByRole('listitem', { name: 'Heizung' }).waitFor();

    await settings.getByRole('tab', { name: 'Tags' }).click();
    await settings.getByLabel('Kundentyp').selectOption('Heizung');
    const addTag = async (label: string, colour: string, priority: string) => {
      await settings.getByLabel('Bezeichnung').fill(label);
      await settings.getByTitle(colour, { exact: true }).click();
      await settings.getByLabel('Priorität').selectOption({ label: priority });
      await settings.getByRole('button', { name: 'Tag hinzufügen' }).click();
      await settings.getByRole('list', { name: 'Tags von „Heizung“' }).getByRole('listitem', { name: label }).waitFor();
    };
    await addTag('Notdienst', 'Rot', 'Höchste Priorität');
    await addTag('Wartung', 'Blau', 'Normal');
    await expect(settings.getByRole('listitem', { name: 'Notdienst' }).textContent()).resolves.toContain(
      'Priorität: Höchste Priorität',
    );
    await settings.getByRole('button', { name: 'Schließen' }).first().click();

    // 2. A template for 'Heizung' in the template editor, with one task.
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Vorlagen', exact: true })
      .click();
    await page.getByRole('link', { name: 'Neue Vorlage' }).click();
    await page.getByRole('heading', { level: 1, name: 'Neue Vorlage' }).waitFor();
    await page.getByRole('button', { name: 'Vorlage bearbeiten' }).click();
    const templateDialog = page.getByRole('dialog', { name: 'Vorlage bearbeiten' });
    await templateDialog.getByLabel('Name der Vorlage').fill('Heizungswartung');
    await templateDialog.getByRole('button', { name: 'Kategorisierung' }).click();
    await templateDialog.getByLabel('Kundentyp').selectOption('Heizung');
    await templateDialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('heading', { level: 1, name: 'Heizungswartung' }).waitFor();
    // After the first save the address carries the template's real id.
    await page.waitForURL(/#\/template\/edit\/[0-9a-f-]{36}$/);
    const todo = column('To Do');
    await todo.getByRole('button', { name: 'Aufgabe hinzufügen', exact: true }).click();
    await todo.getByLabel('Titel der Aufgabe').fill('Brenner prüfen');
    await todo.getByLabel('Titel der Aufgabe').press('Enter');
    await todo.locator('[aria-label="Brenner prüfen"]').waitFor();

    // 3. A project from that template: the chooser offers it under 'Heizung'.
    await openDashboard();
    await page.getByRole('button', { name: 'Neues Projekt' }).click();
    const chooser = page.getByRole('dialog', { name: 'Vorlage auswählen' });
    await chooser.getByLabel('Kundentyp').selectOption('Heizung');
    await expect(chooser.getByRole('button', { name: 'Standardvorlage' }).count()).resolves.toBe(0);
    await chooser.getByRole('button', { name: 'Schließen' }).click();
    await createProject('Heizung', 'Heizungswartung', 'Kesseltausch Weber', '2026-101');
    const card = column('To Do').locator('[data-testid^="card-"][aria-label="Brenner prüfen"]');
    await card.waitFor();

    // 4. Both tags on the card: the border takes the colour of the higher priority (Notdienst, red).
    await card.getByRole('button', { name: 'Brenner prüfen', exact: true }).click();
    const task = page.getByRole('dialog', { name: 'Brenner prüfen' });
    await task.getByRole('button', { name: 'Wartung' }).click();
    await task.getByRole('button', { name: 'Notdienst' }).click();
    await expect(task.getByRole('button', { name: /Notdienst/ }).getAttribute('aria-pressed')).resolves.toBe('true');
    await task.getByLabel('Beschreibung').fill('Abgasmessung am Brennwertkessel');
    await task.getByRole('button', { name: 'Speichern' }).click();
    await page.keyboard.press('Escape');
    await task.waitFor({ state: 'detached' });
    await expect(card.evaluate((element) => getComputedStyle(element).borderLeftColor)).resolves.toBe(RED);

    // 5. /search finds the card by a word of its description and by the tag chip.
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Suche', exact: true })
      .click();
    await page.getByLabel('Suchbegriff').fill('ABGASMESSUNG');
    const results = page.getByRole('list', { name: 'Suchergebnisse' });
    const hit = results.getByRole('listitem', { name: 'Kesseltausch Weber' });
    await hit.waitFor();
    await expect(
      hit.getByRole('list', { name: 'Passende Aufgaben in „Kesseltausch Weber“' }).textContent(),
    ).resolves.toContain('Brenner prüfen');
    await page.getByLabel('Suchbegriff').fill('Heizkörper');
    await page.getByText('Keine Treffer').waitFor();
    await page.getByLabel('Suchbegriff').fill('');
    await page.getByRole('group', { name: 'Nach Tags filtern' }).getByRole('button', { name: 'Notdienst' }).click();
    await hit.waitFor();
    expect(page.url()).toContain('tag=Notdienst');
    await expect(hit.textContent()).resolves.toContain('Brenner prüfen');

    // 6. Save the project as a personal template and create a second project from it.
    await hit.getByRole('link', { name: 'Kesseltausch Weber' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kesseltausch Weber' }).waitFor();
    await page.getByRole('button', { name: 'Als Vorlage speichern' }).click();
    const save = page.getByRole('dialog', { name: 'Als Vorlage speichern' });
    await save.getByLabel('Name der Vorlage').fill('Kesseltausch Standard');
    await expect(save.getByLabel('Kundentyp').inputValue()).resolves.toBe('Heizung');
    await save.getByRole('button', { name: 'Vorlage speichern' }).click();
    await expect(save.getByRole('status').textContent()).resolves.toBe(
      'Die Vorlage „Kesseltausch Standard“ wurde gespeichert.',
    );
    await save.getByRole('button', { name: 'Schließen' }).last().click();

    await openDashboard();
    await page.getByRole('button', { name: 'Neues Projekt' }).click();
    const personal = page
      .getByRole('dialog', { name: 'Vorlage auswählen' })
      .getByRole('list', { name: 'Meine persönlichen Vorlagen' });
    await personal.getByRole('button', { name: /Kesseltausch Standard/ }).waitFor();
    await page.getByRole('dialog', { name: 'Vorlage auswählen' }).getByRole('button', { name: 'Schließen' }).click();
    await createProject('Heizung', 'Kesseltausch Standard', 'Anlage Berger', '2026-102');
    const copied = column('To Do').locator('[data-testid^="card-"][aria-label="Brenner prüfen"]');
    await copied.waitFor();
    // The tags came with the template, and so does the border.
    await expect(copied.evaluate((element) => getComputedStyle(element).borderLeftColor)).resolves.toBe(RED);

    // A third project of another type, through the API, for the filters.
    const token = await apiToken(server.url, BOSS.username, BOSS.password);
    expect((await api('POST', '/projects', token, { name: 'Zählerschrank Müller' })).status).toBe(201);

    // 7. A new project group, and 'Kesseltausch Weber' in it through 'Projekt bearbeiten'.
    await openDashboard();
    await page.getByRole('button', { name: 'Neue Gruppe' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'Neue Gruppe' });
    await groupDialog.getByRole('button', { name: 'Speichern' }).click();
    await groupDialog.getByText('Der Gruppenname darf nicht leer sein.').waitFor();
    await groupDialog.getByLabel('Name', { exact: true }).fill('Wartungsverträge');
    await groupDialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('heading', { level: 3, name: 'Wartungsverträge (0)' }).waitFor();

    await page.getByRole('link', { name: 'Kesseltausch Weber' }).click();
    await page.getByRole('button', { name: 'Projekt bearbeiten' }).click();
    const edit = page.getByRole('dialog', { name: 'Projekt bearbeiten' });
    await edit.getByRole('button', { name: 'Gruppierungen & Zuweisungen' }).click();
    await edit.getByLabel('Projektgruppe').selectOption({ label: 'Wartungsverträge' });
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await edit.waitFor({ state: 'detached' });

    await openDashboard();
    await page.getByRole('heading', { level: 3, name: 'Wartungsverträge (1)' }).waitFor();
    await expectSection('Wartungsverträge', ['Kesseltausch Weber']);
    // Default order: last modified first.
    await expectSection('Weitere Projekte', ['Zählerschrank Müller', 'Anlage Berger']);

    // 8. 'Suchen & Filtern': sort, text, customer type, reset.
    await page.getByRole('button', { name: 'Suchen & Filtern' }).click();
    const filters = page.getByRole('region', { name: 'Suchen & Filtern' });
    await expect(filters.getByLabel('Sortierung').inputValue()).resolves.toBe('modifiedDesc');
    await filters.getByLabel('Sortierung').selectOption({ label: 'Name aufsteigend' });
    await expectSection('Weitere Projekte', ['Anlage Berger', 'Zählerschrank Müller']);
    await filters.getByLabel('Sortierung').selectOption({ label: 'Name absteigend' });
    await expectSection('Weitere Projekte', ['Zählerschrank Müller', 'Anlage Berger']);

    await filters.getByLabel('Suche').fill('2026-10');
    await page.getByRole('heading', { level: 2, name: 'Laufende Projekte (2)' }).waitFor();
    await expectSection('Weitere Projekte', ['Anlage Berger']);
    await expectSection('Wartungsverträge', ['Kesseltausch Weber']);
    await filters.getByLabel('Suche').fill('');

    await filters.getByLabel('Kundentyp').selectOption('Allgemein');
    // Without a group left to show, the ungrouped projects are simply the running ones.
    await expectSection('Laufende Projekte', ['Zählerschrank Müller']);
    await expect(page.getByRole('list', { name: 'Wartungsverträge', exact: true }).count()).resolves.toBe(0);
    await filters.getByRole('button', { name: 'Filter zurücksetzen' }).click();
    await page.getByRole('heading', { level: 2, name: 'Laufende Projekte (3)' }).waitFor();
    await expect(filters.getByLabel('Sortierung').inputValue()).resolves.toBe('modifiedDesc');

    // The view mode and the folding of 'Abgeschlossene Projekte' are display settings: they survive a reload.
    const completed = page.getByRole('button', { name: 'Abgeschlossene Projekte (0)' });
    await expect(completed.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.getByRole('button', { name: 'Listenansicht' }).click();
    await completed.click();
    await expect(completed.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.waitForTimeout(1500); // the settings saver writes after a short pause
    await reloadPage(page);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect(page.getByRole('button', { name: 'Listenansicht' }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    await expect(completed.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.getByText('Keine abgeschlossenen Projekte').waitFor();
  });
});
