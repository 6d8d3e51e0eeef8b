import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import type { CardDto, ImageDto, ProjectDocument, TagDto } from '@werkboard/common';
import { blankCard, de, keysAfter, newId } from '@werkboard/common';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser } from './support/browser';
import { apiToken, logIn } from './support/session';

/**
 * Settings → Import/Export in Chromium against two built servers (issue 15): the full backup
 * exported through the screen on one installation and restored with 'Backup einspielen' on an
 * empty one, photos included, then compared through the API and seen on the dashboard.
 * Screenshots go to TRANSFER_E2E_SHOTS when set (for looking at them).
 */
const t = de.transfer.screen;
const SHOTS = process.env.TRANSFER_E2E_SHOTS;
const [FIRST, SECOND] = keysAfter(null, 2) as [string, string];

let source: AppServer;
let target: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-transfer-'));

async function api<T>(server: AppServer, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function bytes(server: AppServer, token: string, url: string): Promise<Buffer> {
  const response = await fetch(`${server.url}/api${url}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

const card = (title: string, position: string, fields: Partial<CardDto> = {}): CardDto => ({
  ...blankCard({ id: newId(), rev: 0, position, title }),
  ...fields,
});

async function shot(name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Opens Einstellungen → Import/Export on the current page. */
async function openTransferSection(): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('button', { name: 'Einstellungen' })
    .click();
  await page.getByRole('dialog', { name: de.settings.title }).getByRole('button', { name: 'Import/Export' }).click();
}

let project: ProjectDocument;

let sourceToken: string;

beforeAll(async () => {
  [source, target, browser] = await Promise.all([startAppServer(), startAppServer(), launchBrowser()]);
  sourceToken = await apiToken(source.url, 'admin', source.adminPassword);
  await api(source, sourceToken, 'POST', '/customer-types', { name: 'Heizung' });
  const tag = await api<TagDto>(source, sourceToken, 'POST', '/tags', { customerType: 'Heizung', label: 'Wartung' });
  const created = await api<ProjectDocument>(source, sourceToken, 'POST', '/projects', {
    name: 'Heizungstausch Bäckerei Öztürk',
    customerType: 'Heizung',
    projectNumber: 'H-2026-007',
  });
  created.columns[0]!.cards = [
    card('Altkessel demontieren', FIRST, {
      tagIds: [tag.id],
      timeEntries: [{ id: newId(), rev: 0, userId: null, username: '', date: '2026-02-10', hours: 3.5 }],
      materialEntries: [{ id: newId(), rev: 0, quantity: 2, unit: 'Stk', name: 'Kugelhahn 1"' }],
    }),
    card('Brennwerttherme setzen', SECOND),
  ];
  project = await api<ProjectDocument>(source, sourceToken, 'PUT', `/projects/${created.id}`, created);
  await api(source, sourceToken, 'POST', '/templates/save-from-project', {
    project: project.id,
    name: 'Heizungstausch Standard',
    ownerId: null,
  });
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
  await api(source, sourceToken, 'POST', '/images', {
    projectId: project.id,
    name: 'kessel.jpg',
    dataUrl: `data:image/jpeg;base64,${photo.toString('base64')}`,
  });
  context = await browser.newContext({
    locale: 'de-DE',
    viewport: { width: 1400, height: 900 },
    acceptDownloads: true,
  });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([source?.stop(), target?.stop()]);
});

describe('backup through settings → import/export', () => {
  let backupFile: string;

  it('exports the full backup from the settings screen under the spec name', async () => {
    await logIn(page, source.url, 'admin', source.adminPassword);
    await openTransferSection();
    await page.getByRole('heading', { name: t.exportTitle }).scrollIntoViewIfNeeded();
    await shot('transfer-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: t.importTitle }).scrollIntoViewIfNeeded();
    await shot('transfer-phone');
    await page.setViewportSize({ width: 1400, height: 900 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t.exportBackupButton }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Werkboard-backup-\d{4}-\d{2}-\d{2}\.json$/);
    backupFile = path.join(downloads, download.suggestedFilename());
    await download.saveAs(backupFile);
    const backup = JSON.parse(fs.readFileSync(backupFile, 'utf8')) as { type: string; data: { images: unknown[] } };
    expect(backup.type).toBe('Werkboard-backup');
    expect(backup.data.images).toHaveLength(1);
  });

  it("restores it with 'Backup einspielen' on an empty installation, photo included", async () => {
    const targetToken = await apiToken(target.url, 'admin', target.adminPassword);
    expect(await api<unknown[]>(target, targetToken, 'GET', '/projects')).toEqual([]);

    await logIn(page, target.url, 'admin', target.adminPassword);
    await openTransferSection();
    const restore = page.locator('form', { has: page.getByRole('heading', { name: t.backupTitle }) });
    await restore.getByLabel(t.fileLabel).setInputFiles(backupFile);
    await restore.getByRole('radio', { name: t.modeReplace }).check();
    await restore.getByRole('button', { name: t.backupButton }).click();
    const confirm = page.getByRole('dialog', { name: t.confirmBackupTitle });
    await confirm.getByText(t.confirmReplace).waitFor();
    // Records every progress text the screen shows, however briefly.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const shown = document.querySelector('.transfer__progress')?.textContent;
        if (shown && seen.at(-1) !== shown) seen.push(shown);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await confirm.getByRole('button', { name: t.confirmBackupButton }).click();
    const report = restore.getByRole('status').filter({ hasText: t.done });
    await report.waitFor({ timeout: 60_000 });
    await shot('transfer-restored-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await report.scrollIntoViewIfNeeded();
    await shot('transfer-restored-phone');
    await page.setViewportSize({ width: 1400, height: 900 });
    expect(await report.textContent()).toContain(`${t.importedCounts.projects}: 1`);
    expect(await report.textContent()).toContain(`${t.importedCounts.images}: 1`);
    const progress = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(progress.some((text) => text.startsWith('Datei wird hochgeladen') || text === t.processing)).toBe(true);

    // The API of the empty installation now has what the first one had.
    const restored = await api<ProjectDocument>(target, targetToken, 'GET', `/projects/${project.id}`);
    const original = await api<ProjectDocument>(source, sourceToken, 'GET', `/projects/${project.id}`);
    expect(restored.name).toBe(original.name);
    expect(restored.customerType).toBe('Heizung');
    // Revisions start anew on the new installation, and 'admin' is that installation's Admin.
    const content = (document: ProjectDocument) =>
      document.columns.map((column) =>
        column.cards.map((c) => ({
          title: c.title,
          tagIds: c.tagIds,
          times: c.timeEntries.map(({ id, date, hours, username }) => ({ id, date, hours, username })),
          material: c.materialEntries.map(({ id, quantity, unit, name }) => ({ id, quantity, unit, name })),
        })),
      );
    expect(content(restored)).toEqual(content(original));
    expect(content(restored)[0]?.[0]?.times).toHaveLength(1);
    const tags = await api<TagDto[]>(target, targetToken, 'GET', '/tags');
    expect(tags.map((tag) => [tag.customerType, tag.label])).toContainEqual(['Heizung', 'Wartung']);
    const templates = await api<{ name: string }[]>(target, targetToken, 'GET', '/templates');
    expect(templates.map((template) => template.name)).toContain('Heizungstausch Standard');
    const [image] = await api<ImageDto[]>(target, targetToken, 'GET', `/images/${project.id}`);
    expect(image?.name).toBe('kessel.jpg');
    // The stored file is the first installation's, byte for byte.
    const [kept] = await api<ImageDto[]>(source, sourceToken, 'GET', `/images/${project.id}`);
    const [copy, originalFile] = await Promise.all([
      bytes(target, targetToken, `/image-files/${image!.id}`),
      bytes(source, sourceToken, `/image-files/${kept!.id}`),
    ]);
    expect(copy.length).toBeGreaterThan(1000);
    expect(copy.equals(originalFile)).toBe(true);

    // And the user sees the project on the dashboard once the dialog is closed.
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Heizungstausch Bäckerei Öztürk', exact: true }).waitFor();
  });
});
