import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import type { CardDto, ProjectDocument } from '@werkboard/common';
import { blankCard, keysAfter, newId } from '@werkboard/common';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser } from './support/browser';
import { clickProjectAction } from './support/board';
import { createTestLicenseIssuer } from './support/license';
import { imageCount, pdfText, qrCodes, renderPage } from './support/pdf';
import { apiToken, logIn } from './support/session';

/**
 * What a company hands out (issue 15), in Chromium against the built server: the project PDF
 * report (read back with pdftotext, its QR code decoded with zbarimg), the group PDF with its
 * chart, the KWP text copied to the clipboard and the time and material totals as CSV.
 * Screenshots and page images go to REPORTS_E2E_SHOTS when set (for looking at them).
 */
const BOSS = { username: 'leitung.hahn', password: 'berichte-2026' };
const VERSION = (
  JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }
).version;
const GROUP_ID = newId();
const SHOTS = process.env.REPORTS_E2E_SHOTS;
const [FIRST, SECOND] = keysAfter(null, 2) as [string, string];

const issuer = createTestLicenseIssuer();
let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let main: ProjectDocument;
let second: ProjectDocument;
const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-reports-'));

async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function card(title: string, position: string, fields: Partial<CardDto> = {}): CardDto {
  return { ...blankCard({ id: newId(), rev: 0, position, title }), ...fields };
}

const hours = (date: string, value: number) => ({
  id: newId(),
  rev: 0,
  userId: null,
  username: '',
  date,
  hours: value,
});
const material = (quantity: number, unit: string, name: string) => ({ id: newId(), rev: 0, quantity, unit, name });

/** A project of the group with cards in every column, times, material and an appointment. */
async function createProject(name: string, fill: (project: ProjectDocument) => void): Promise<ProjectDocument> {
  const project = await api<ProjectDocument>('POST', '/projects', { name, projectNumber: 'P-2026-031' });
  project.groupId = GROUP_ID;
  fill(project);
  return api<ProjectDocument>('PUT', `/projects/${project.id}`, project);
}

async function saveDownload(trigger: () => Promise<void>): Promise<{ file: string; name: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  const file = path.join(downloads, download.suggestedFilename());
  await download.saveAs(file);
  return { file, name: download.suggestedFilename() };
}

async function shot(name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ LICENSE_PUBLIC_KEY: issuer.publicKeyPem }), launchBrowser()]);
  token = await apiToken(server.url, 'admin', server.adminPassword);
  // Project groups need a license other than Free.
  await api('POST', '/license/activate', {
    email: 'buero@example.de',
    licenseKey: issuer.issue('buero@example.de'),
    deviceId: 'e2e-reports',
  });
  await api('POST', '/users', { ...BOSS, role: 'Firmenleiter' });
  token = await apiToken(server.url, BOSS.username, BOSS.password);
  await api('PUT', '/settings', { features: { kwpExportEnabled: true } });
  await api('PUT', `/project-groups/${GROUP_ID}`, {
    id: GROUP_ID,
    name: 'Baugebiet Nord',
    description: '',
    color: '#3569b5',
    icon: 'folder',
    iconColor: '#ffffff',
  });

  main = await createProject('Neubau Familie Groß', (project) => {
    const [todo, doing, done] = project.columns;
    project.cardGroups = ['Küche'];
    todo!.cards = [
      card('Kabel ziehen', FIRST, {
        group: 'Küche',
        description: 'NYM-J 3x1,5 vom Verteiler zur Küche; Schlitze sind gefräst.',
        timeEntries: [hours('2026-03-02', 2.5), hours('2026-03-03', 1.25)],
        materialEntries: [material(25, 'm', 'NYM-J 3x1,5'), material(4, 'Stk', 'Abzweigdose')],
      }),
      card('Zählerschrank prüfen', SECOND),
    ];
    doing!.cards = [
      card('Steckdosen setzen', FIRST, {
        timeEntries: [hours('2026-03-02', 3)],
        materialEntries: [material(6, 'Stk', 'Steckdose')],
      }),
    ];
    done!.cards = [card('Baustelle einrichten', FIRST)];
    project.appointments = [
      {
        id: newId(),
        rev: 0,
        title: 'Abnahme mit Bauherrn',
        date: '2026-03-20T09:30',
        status: 'active',
        contactName: 'Herr Groß',
        contactPhone: '0171 2345678',
        tagIds: [],
        notes: '',
      },
    ];
  });
  second = await createProject('Altbau Schmidt', (project) => {
    project.columns[0]!.cards = [card('Unterverteilung tauschen', FIRST, { timeEntries: [hours('2026-03-04', 2)] })];
  });
  // A real photo, as a phone uploads it.
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e86c1' } })
    .jpeg()
    .toBuffer();
  await api('POST', '/images', {
    projectId: main.id,
    name: 'verteiler.jpg',
    dataUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
  });

  context = await browser.newContext({
    locale: 'de-DE',
    viewport: { width: 1400, height: 900 },
    acceptDownloads: true,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
  await logIn(page, server.url, BOSS.username, BOSS.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Closes what a previous step left open (Escape closes the topmost dialog). */
async function closeDialogs(): Promise<void> {
  while ((await page.getByRole('dialog').count()) > 0) await page.keyboard.press('Escape');
}

async function openProject(name: string): Promise<void> {
  await closeDialogs();
  await page.goto(`${server.url}/#/`);
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

async function openGroupAction(label: string): Promise<void> {
  await closeDialogs();
  await page.goto(`${server.url}/#/`);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await page.getByRole('button', { name: label }).click();
}

describe('reports in Chromium', () => {
  it('exports the project PDF: names, columns, cards, sums, page numbers, version, photo and a QR code to the project', async () => {
    await openProject(main.name);
    await page.getByRole('button', { name: 'PDF-Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'PDF-Export' });
    await dialog.getByRole('checkbox', { name: 'Fotos (Vorschaubilder)' }).check();
    await shot('pdf-dialog-desktop');
    const { file, name } = await saveDownload(() => dialog.getByRole('button', { name: 'PDF erstellen' }).click());
    expect(name).toBe('Projektbericht - Neubau Familie Groß.pdf');
    await dialog.getByText('„Projektbericht - Neubau Familie Groß.pdf“ wurde erstellt.').waitFor();

    const text = pdfText(file);
    expect(text).toContain('Neubau Familie Groß');
    for (const column of main.columns) expect(text).toContain(column.title);
    expect(text).toContain('Kabel ziehen');
    expect(text).toContain('Summe: 3,75 Std.');
    expect(text).toMatch(/Gesamt\s+6,75 Std\./);
    expect(text).toContain('Abnahme mit Bauherrn');
    expect(text).toContain('verteiler.jpg');
    expect(text).not.toContain('Bild nicht verfügbar');
    const pages = text.split('\f').filter((content) => content.trim() !== '');
    expect(text).toContain(`Seite 1 von ${pages.length}`);
    expect(text).toContain(`Werkboard ${VERSION}`);
    expect(imageCount(file)).toBeGreaterThanOrEqual(1);
    expect(qrCodes(file, 1)).toEqual([`${server.url}/#/project/${main.id}`]);
    if (SHOTS)
      for (let n = 1; n <= pages.length; n++)
        fs.copyFileSync(renderPage(file, n, 80), path.join(SHOTS, `project-pdf-${n}.png`));
  });

  it('makes the PDF without a connection too (from the open document)', async () => {
    await openProject(main.name);
    await page.getByRole('button', { name: 'PDF-Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'PDF-Export' });
    await context.setOffline(true);
    try {
      const { file } = await saveDownload(() => dialog.getByRole('button', { name: 'PDF erstellen' }).click());
      expect(pdfText(file)).toContain('Kabel ziehen');
    } finally {
      await context.setOffline(false);
    }
  });

  it('copies the KWP text of the project', async () => {
    await openProject(main.name);
    await page.getByRole('button', { name: 'KWP-Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'KWP-Export' });
    await dialog.getByRole('checkbox', { name: 'Termine einbeziehen' }).check();
    const shown = await dialog.getByRole('textbox', { name: 'Text für KWP' }).inputValue();
    expect(shown).toContain('Projekt: Neubau Familie Groß');
    expect(shown).toContain('Ohne Gruppierung\n  - Zählerschrank prüfen');
    expect(shown).toContain('Küche\n  - Kabel ziehen (3,75 Std.)');
    expect(shown).toContain('Abnahme mit Bauherrn (Aktiv)');
    await dialog.getByRole('button', { name: 'Text kopieren' }).click();
    await dialog.getByRole('button', { name: 'Kopiert!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    // The confirmation goes back after 2 s.
    await dialog.getByRole('button', { name: 'Text kopieren' }).waitFor({ timeout: 5000 });
  });

  it('downloads the time and material totals of the project as CSV for Excel', async () => {
    await openProject(main.name);
    await page.getByRole('button', { name: 'Zeiten & Material', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Zeiten & Material: Neubau Familie Groß' });
    await dialog.getByRole('table', { name: 'Stunden je Mitarbeiter' }).waitFor();
    await shot('totals-desktop');
    const { file, name } = await saveDownload(() => dialog.getByRole('button', { name: 'CSV herunterladen' }).click());
    expect(name).toBe('Werkboard-Zeiten-Material - Neubau Familie Groß.csv');
    const bytes = fs.readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines).toContain(`${BOSS.username};6,75`);
    expect(lines).toContain('Gesamt;6,75');
    expect(lines).toContain('02.03.2026;5,50');
    expect(lines).toContain('To Do;Kabel ziehen;3,75');
    expect(lines).toContain('NYM-J 3x1,5;m;25');
  });

  it('exports the group PDF with its chart, each project and the group totals', async () => {
    await openGroupAction('Gruppen-PDF-Export für „Baugebiet Nord“');
    const dialog = page.getByRole('dialog', { name: 'Gruppen-PDF-Export' });
    await dialog.getByRole('checkbox', { name: 'Diagramme' }).waitFor();
    const { file, name } = await saveDownload(() => dialog.getByRole('button', { name: 'PDF erstellen' }).click());
    expect(name).toBe('Gruppenbericht - Baugebiet Nord.pdf');
    const text = pdfText(file);
    expect(text).toContain('Baugebiet Nord');
    expect(text).toContain('Gruppenfortschritt');
    expect(text).toContain('Neubau Familie Groß');
    expect(text).toContain('Altbau Schmidt');
    expect(text).toContain('Unterverteilung tauschen');
    expect(text).toMatch(/Gesamt\s+8,75 Std\./);
    // The charts are images drawn by chart.js: the group's and one per project.
    expect(imageCount(file)).toBeGreaterThanOrEqual(3);
    // Page 2 is the first project's: its QR code opens that project.
    const firstProject = text.split('\f')[1]!.includes('Neubau Familie Groß') ? main : second;
    expect(qrCodes(file, 2)).toEqual([`${server.url}/#/project/${firstProject.id}`]);
    expect(qrCodes(file, 1)).toEqual([`${server.url}/#/`]);
    if (SHOTS) for (const n of [1, 2]) fs.copyFileSync(renderPage(file, n, 80), path.join(SHOTS, `group-pdf-${n}.png`));
  });

  it('shows the group KWP text and the group totals with their CSV', async () => {
    await openGroupAction('KWP-Export für „Baugebiet Nord“');
    const kwp = page.getByRole('dialog', { name: 'KWP-Export: Baugebiet Nord' });
    const text = await kwp.getByRole('textbox', { name: 'Text für KWP' }).inputValue();
    expect(text).toContain('Projektgruppe: Baugebiet Nord');
    expect(text).toContain('Projekt: Neubau Familie Groß');
    expect(text).toContain('Projekt: Altbau Schmidt');
    await kwp.getByRole('button', { name: 'Schließen' }).last().click();

    await openGroupAction('Zeiten & Material für „Baugebiet Nord“');
    const totals = page.getByRole('dialog', { name: 'Zeiten & Material: Baugebiet Nord' });
    await totals.getByRole('table', { name: 'Stunden je Aufgabe' }).waitFor();
    const { file } = await saveDownload(() => totals.getByRole('button', { name: 'CSV herunterladen' }).click());
    const lines = fs
      .readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines).toContain('Projekt;Spalte;Aufgabe;Stunden');
    expect(lines).toContain('Altbau Schmidt;To Do;Unterverteilung tauschen;2,00');
    expect(lines).toContain('Gesamt;8,75');
  });

  it('keeps the dialogs usable on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openProject(main.name);
      await clickProjectAction(page, 'PDF-Export');
      const dialog = page.getByRole('dialog', { name: 'PDF-Export' });
      const create = dialog.getByRole('button', { name: 'PDF erstellen' });
      await create.scrollIntoViewIfNeeded();
      const box = (await create.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await shot('pdf-dialog-phone');
      await dialog.getByRole('button', { name: 'Schließen' }).last().click();
      await clickProjectAction(page, 'Zeiten & Material');
      await page
        .getByRole('dialog', { name: /Zeiten & Material/ })
        .getByRole('table')
        .first()
        .waitFor();
      await shot('totals-phone');
      await page
        .getByRole('dialog', { name: /Zeiten & Material/ })
        .getByRole('button', { name: 'Schließen' })
        .last()
        .click();
      await clickProjectAction(page, 'KWP-Export');
      await page.getByRole('dialog', { name: 'KWP-Export' }).getByRole('textbox').waitFor();
      await shot('kwp-phone');
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });
});
