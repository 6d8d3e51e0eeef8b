import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type { ProjectDocument } from '@werkboard/common';
import { blankCard, keyBetween, newId } from '@werkboard/common';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser } from './support/browser';
import { pdfText, renderPage } from './support/pdf';
import { apiToken, logIn } from './support/session';

/**
 * The customer's sign-off (issue 15) in Chromium against the built server: a fitter on a
 * phone-sized screen has the customer sign a card with the mouse, the covered entries are
 * sealed (lock, no delete, the server refuses), and the PDF report shows who signed, what it
 * covers and the signature. Screenshots and the PDF page go to SIGNOFF_E2E_SHOTS when set.
 */
const FITTER = { username: 'monteur.kern', password: 'abnahme-2026' };
const CARD_TITLE = 'Zählerschrank setzen';
const SHOTS = process.env.SIGNOFF_E2E_SHOTS;
/** The pad's ink colour (SignaturePad, drawSignature in the PDF). */
const INK = { r: 0x1a, g: 0x23, b: 0x7e };

let server: AppServer;
let browser: Browser;
let page: Page;
let token: string;
let project: ProjectDocument;

async function api<T>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function shot(name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Pixels of the page image close to the signature's ink. */
async function inkPixels(png: string): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if (Math.abs(data[i]! - INK.r) < 40 && Math.abs(data[i + 1]! - INK.g) < 40 && Math.abs(data[i + 2]! - INK.b) < 40)
      count++;
  return count;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  token = await apiToken(server.url, 'admin', server.adminPassword);
  expect((await api('POST', '/users', { ...FITTER, role: 'Monteur' })).status).toBe(201);
  // The fitter's own project with his hours and the material on one card.
  token = await apiToken(server.url, FITTER.username, FITTER.password);
  const created = await api<ProjectDocument>('POST', '/projects', { name: 'Sanierung Weber', projectNumber: 'P-77' });
  const document = created.body;
  const card = blankCard({ id: newId(), rev: 0, position: keyBetween(null, null), title: CARD_TITLE });
  card.timeEntries = [{ id: newId(), rev: 0, userId: null, username: '', date: '2026-11-23', hours: 3.5 }];
  card.materialEntries = [{ id: newId(), rev: 0, quantity: 1, unit: 'Stk', name: 'Zählerschrank 3-reihig' }];
  document.columns[0]!.cards = [card];
  project = (await api<ProjectDocument>('PUT', `/projects/${document.id}`, document)).body;

  const context = await browser.newContext({
    locale: 'de-DE',
    viewport: { width: 390, height: 844 },
    acceptDownloads: true,
  });
  page = await context.newPage();
  await logIn(page, server.url, FITTER.username, FITTER.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('customer sign-off in Chromium', () => {
  it('lets the customer sign a card on the phone; its entries are sealed', async () => {
    await page.getByRole('link', { name: project.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: project.name }).waitFor();
    await page.getByRole('article', { name: CARD_TITLE }).click();
    const task = page.getByRole('dialog', { name: CARD_TITLE });
    await task.getByRole('button', { name: 'Abnahme durch den Kunden' }).click();

    const dialog = page.getByRole('dialog', { name: 'Abnahme durch den Kunden' });
    const covered = dialog.getByRole('region', { name: 'Die Abnahme umfasst' });
    await covered.getByText(`23.11.2026: 3,50 h von ${FITTER.username} (${CARD_TITLE})`).waitFor();
    await covered.getByText(`1 Stk Zählerschrank 3-reihig (${CARD_TITLE})`).waitFor();

    // The signature, drawn with the mouse: two strokes across the pad.
    const pad = dialog.getByRole('img', { name: 'Unterschriftsfeld' });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
    await page.mouse.move(...at(0.1, 0.7));
    await page.mouse.down();
    for (const [x, y] of [
      [0.2, 0.3],
      [0.3, 0.75],
      [0.45, 0.25],
      [0.6, 0.7],
    ] as const)
      await page.mouse.move(...at(x, y), { steps: 6 });
    await page.mouse.up();
    await page.mouse.move(...at(0.65, 0.5));
    await page.mouse.down();
    await page.mouse.move(...at(0.9, 0.45), { steps: 8 });
    await page.mouse.up();
    await dialog.getByLabel('Name des Unterzeichners').fill('Erika Kundin');
    await shot('signoff-dialog-phone');
    await dialog.getByRole('button', { name: 'Unterschreiben' }).click();
    await dialog.waitFor({ state: 'detached' });

    await task.getByText(/Abgenommen von Erika Kundin am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/).waitFor();
    expect(await task.getByRole('button', { name: 'Aufgabe löschen' }).count()).toBe(0);
    await task.getByRole('tab', { name: 'Zeiten' }).click();
    const times = task.getByRole('table', { name: 'Zeiteinträge' });
    await times.getByText('Durch die Abnahme des Kunden versiegelt').waitFor();
    expect(await times.getByRole('button', { name: /löschen/ }).count()).toBe(0);
    await task.getByRole('tab', { name: 'Material' }).click();
    const material = task.getByRole('table', { name: 'Materialeinträge' });
    await material.getByText('Durch die Abnahme des Kunden versiegelt').waitFor();
    expect(await material.getByRole('button', { name: /löschen/ }).count()).toBe(0);
    await shot('signoff-sealed-phone');

    // On the server: the sign-off with its collector, and the seal holds against a delete.
    let stored = (await api<ProjectDocument>('GET', `/projects/${project.id}`)).body;
    for (let tries = 0; stored.signoffs.length === 0 && tries < 50; tries++) {
      await page.waitForTimeout(200);
      stored = (await api<ProjectDocument>('GET', `/projects/${project.id}`)).body;
    }
    const [signoff] = stored.signoffs;
    expect(signoff).toMatchObject({ signerName: 'Erika Kundin', collectedByName: FITTER.username });
    expect(signoff!.signature).toMatch(/^M[\d.]+ [\d.]+ L/);
    stored.columns[0]!.cards[0]!.timeEntries = [];
    const refused = await api<{ message: string }>('PUT', `/projects/${project.id}`, stored);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('durch die Abnahme des Kunden versiegelt');
  });

  it('shows the sign-off in the PDF report: signer, what it covers, and the signature', async () => {
    while ((await page.getByRole('dialog').count()) > 0) await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.getByRole('button', { name: 'PDF-Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'PDF-Export' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'PDF erstellen' }).click(),
    ]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-signoff-')), 'bericht.pdf');
    await download.saveAs(file);

    const pages = pdfText(file).split('\f');
    const index = pages.findIndex((text) => text.includes('Abnahme durch den Kunden'));
    expect(index).toBeGreaterThanOrEqual(0);
    const text = pages[index]!;
    expect(text).toMatch(/Abgenommen von Erika Kundin am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
    expect(text).toContain('Umfasst einen Zeiteintrag und einen Materialeintrag.');
    expect(text).toContain(`Aufgabe „${CARD_TITLE}“`);
    // The covered entries' rows (pdftotext reads a row's cells apart).
    for (const cell of ['23.11.2026, monteur.kern', '3,50 h', 'Zählerschrank 3-reihig', '1 Stk'])
      expect(text).toContain(cell);
    // The signature is drawn: the page carries its ink.
    const png = renderPage(file, index + 1, 100);
    if (SHOTS) fs.copyFileSync(png, path.join(SHOTS, 'signoff-pdf-page.png'));
    expect(await inkPixels(png)).toBeGreaterThan(150);
  });
  it('lets the owner revoke it after a confirmation; until then the column offers no delete', async () => {
    while ((await page.getByRole('dialog').count()) > 0) await page.keyboard.press('Escape');
    const column = project.columns[0]!.title;
    await page.getByRole('button', { name: `Menü der Spalte „${column}“` }).click();
    const menu = page.getByRole('menu', { name: `Menü der Spalte „${column}“` });
    expect(await menu.getByRole('menuitem', { name: 'Löschen' }).isDisabled()).toBe(true);
    await menu.getByText('Nicht möglich, solange die Spalte vom Kunden abgenommene Aufgaben enthält.').waitFor();
    await shot('signoff-column-menu');
    await page.keyboard.press('Escape');

    await page.getByRole('article', { name: CARD_TITLE }).click();
    const task = page.getByRole('dialog', { name: CARD_TITLE });
    await task.getByRole('button', { name: 'Abnahme von Erika Kundin widerrufen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Abnahme widerrufen' });
    await shot('signoff-revoke-confirm');
    await confirm.getByRole('button', { name: 'Widerrufen' }).click();
    await task.getByRole('button', { name: 'Aufgabe löschen' }).waitFor();
    expect(await task.getByText(/Abgenommen von/).count()).toBe(0);

    let stored = (await api<ProjectDocument>('GET', `/projects/${project.id}`)).body;
    for (let tries = 0; stored.signoffs.length > 0 && tries < 50; tries++) {
      await page.waitForTimeout(200);
      stored = (await api<ProjectDocument>('GET', `/projects/${project.id}`)).body;
    }
    expect(stored.signoffs).toEqual([]);
    expect(stored.changeLog[0]!.action).toContain('hat die Abnahme durch den Kunden (Erika Kundin)');
    expect(stored.changeLog[0]!.action).toContain('widerrufen');
  });
});
