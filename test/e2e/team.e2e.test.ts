import fs from 'node:fs';
import os from 'node:os';
import crypto from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser } from './support/browser';
import { apiRequest, apiToken, logIn, newPage, reloadPage } from './support/session';

/**
 * People coming together on a project (issue 6), with two people at two browsers: the
 * Projektleiterin invites a Monteur, who accepts through the bell and sees the project; she
 * makes him deputy and uploads a photo, which he sees in the gallery; the Admin reassigns the
 * project to him in /admin, and he then manages the team.
 */
const LEAD = { username: 'leitung.berg', password: 'leiterwagen-2026' };
const FITTER = { username: 'monteur.kai', password: 'kabeltrommel-77' };
const PROJECT = 'Umbau Praxis Dr. Sommer';

let server: AppServer;
let browser: Browser;
let photo: string;

const api = (method: string, url: string, token: string, body?: unknown): Promise<Response> =>
  apiRequest(server.url, token, method, url, body);

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const admin = await apiToken(server.url, 'admin', server.adminPassword);
  expect((await api('POST', '/users', admin, { ...LEAD, role: 'Projektleiter' })).status).toBe(201);
  expect((await api('POST', '/users', admin, { ...FITTER, role: 'Monteur' })).status).toBe(201);
  // A real photo file, as a phone would upload it.
  photo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-photo-')), 'verteiler.jpg');
  await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e86c1' } })
    .jpeg()
    .toFile(photo);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPage(user: { username: string; password: string }): Promise<Page> {
  const page = await newPage(browser);
  await logIn(page, server.url, user.username, user.password);
  return page;
}

async function openProject(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Dashboard', exact: true })
    .click();
  await page.getByRole('link', { name: PROJECT, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: PROJECT }).waitFor();
}

describe('teams, invitations, images and the admin overview in Chromium', () => {
  it('invite, accept through the bell, deputy, photo in the gallery, reassignment in /admin', async () => {
    const lead = await signedInPage(LEAD);
    const fitter = await signedInPage(FITTER);

    // The Projektleiterin creates the project and invites the Monteur.
    await lead.getByRole('button', { name: 'Neues Projekt' }).click();
    await lead
      .getByRole('dialog', { name: 'Vorlage auswählen' })
      .getByRole('button', { name: 'Standardvorlage' })
      .click();
    const create = lead.getByRole('dialog', { name: 'Neues Projekt' });
    await create.getByLabel('Projektname').fill(PROJECT);
    await create.getByRole('button', { name: 'Projekt erstellen' }).click();
    await lead.getByRole('heading', { level: 1, name: PROJECT }).waitFor();
    // Nobody else on the team and nothing pending: no team management yet.
    await expect(lead.getByRole('button', { name: 'Team verwalten' }).count()).resolves.toBe(0);

    await lead.getByRole('button', { name: 'Benutzer einladen' }).click();
    const invite = lead.getByRole('dialog', { name: 'Benutzer einladen' });
    await invite.getByLabel('Nach Namen filtern').fill('kai');
    await invite.getByRole('radio', { name: FITTER.username }).check();
    await invite.getByRole('button', { name: 'Einladung senden' }).click();
    await invite.getByText('Einladung wurde versendet.').waitFor();
    await invite.getByRole('button', { name: 'Schließen' }).first().click();
    // A pending invitation is enough for 'Team verwalten'.
    await lead.getByRole('button', { name: 'Team verwalten' }).waitFor();

    // The project has an appointment next year (through the API, as the board would save it).
    const leadToken = await apiToken(server.url, LEAD.username, LEAD.password);
    const listed = (await (await api('GET', '/projects', leadToken)).json()) as { id: string; name: string }[];
    const projectId = listed.find((project) => project.name === PROJECT)!.id;
    const document = (await (await api('GET', `/projects/${projectId}`, leadToken)).json()) as {
      appointments: unknown[];
    };
    document.appointments = [
      {
        id: crypto.randomUUID(),
        rev: 0,
        title: 'Abnahme mit der Praxis',
        date: `${new Date().getFullYear() + 1}-03-20T09:30`,
        status: 'active',
        contactName: '',
        contactPhone: '',
        tagIds: [],
        notes: '',
      },
    ];
    expect((await api('PUT', `/projects/${projectId}`, leadToken, document)).status).toBe(200);

    // The Monteur does not see the project yet; his bell shows one invitation after a reload.
    await reloadPage(fitter);
    await fitter.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect(fitter.getByRole('link', { name: PROJECT, exact: true }).count()).resolves.toBe(0);
    const bell = fitter.getByRole('button', { name: 'Einladungen: 1 ausstehend' });
    await bell.click();
    const invitations = fitter.getByRole('dialog', { name: 'Projekteinladungen' });
    const entry = invitations.getByRole('listitem').filter({ hasText: PROJECT });
    await expect(entry.textContent()).resolves.toContain(`Eingeladen von ${LEAD.username}`);
    await entry.getByRole('button', { name: /^Annehmen/ }).click();
    await invitations.getByText('Keine ausstehenden Einladungen.').waitFor();
    await invitations.getByRole('button', { name: 'Schließen' }).first().click();
    await fitter.getByRole('button', { name: 'Einladungen', exact: true }).waitFor();
    await fitter.getByRole('link', { name: PROJECT, exact: true }).waitFor();
    // Issue 19: its appointment shows at once (it said 'Termine (0)' until he navigated away and back).
    await fitter.getByText('Termine (1)').waitFor({ timeout: 10000 });
    await fitter.getByRole('listitem', { name: 'Abnahme mit der Praxis' }).waitFor();

    // The owner makes him deputy in 'Team verwalten'.
    await reloadPage(lead);
    await lead.getByRole('heading', { level: 1, name: PROJECT }).waitFor();
    await lead.getByRole('button', { name: 'Team verwalten' }).click();
    const team = lead.getByRole('dialog', { name: 'Team verwalten' });
    await team.getByRole('button', { name: `Als Vertretung festlegen: ${FITTER.username}` }).click();
    await team.getByRole('button', { name: `Vertretung aufheben: ${FITTER.username}` }).waitFor();
    await team.getByRole('button', { name: 'Schließen' }).first().click();
    await expect(lead.locator('.project-header').textContent()).resolves.toContain(FITTER.username);

    // The owner uploads a photo.
    await lead.getByRole('button', { name: 'Bildergalerie' }).click();
    const gallery = lead.getByRole('dialog', { name: 'Bildergalerie' });
    await gallery.getByLabel('Bild hochladen').setInputFiles(photo);
    await gallery.getByText('„verteiler.jpg“ wurde hochgeladen.').waitFor();
    await gallery.getByRole('listitem', { name: 'verteiler.jpg' }).waitFor();
    await gallery.getByRole('button', { name: 'Schließen' }).first().click();

    // The Monteur sees it in his gallery, loaded from the server with his own session.
    await openProject(fitter);
    await expect(fitter.getByText('Vertretung').count()).resolves.toBeGreaterThan(0);
    await fitter.getByRole('button', { name: 'Bildergalerie' }).click();
    const hisGallery = fitter.getByRole('dialog', { name: 'Bildergalerie' });
    const tile = hisGallery.getByRole('listitem', { name: 'verteiler.jpg' });
    await tile.waitFor();
    const thumbnail = tile.locator('img');
    await thumbnail.waitFor();
    await waitUntil(async () => (await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)) > 0);
    // A deputy is not the owner: no team management for him.
    await hisGallery.getByRole('button', { name: 'Schließen' }).first().click();
    await expect(fitter.getByRole('button', { name: 'Team verwalten' }).count()).resolves.toBe(0);

    // The Admin reassigns the project to the Monteur in /admin.
    const admin = await signedInPage({ username: 'admin', password: server.adminPassword });
    await admin
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Admin', exact: true })
      .click();
    await admin.getByRole('button', { name: `Projekt neu zuweisen: ${PROJECT}` }).click();
    const reassign = admin.getByRole('dialog').filter({ has: admin.getByLabel('Neuer Besitzer') });
    // The users load after the dialog opens: wait for them before reading the choices.
    await reassign
      .getByLabel('Neuer Besitzer')
      .locator('option', { hasText: FITTER.username })
      .waitFor({ state: 'attached' });
    const owners = await reassign.getByLabel('Neuer Besitzer').locator('option').allTextContents();
    expect(owners).toContain(FITTER.username);
    expect(owners).not.toContain(LEAD.username);
    await reassign.getByLabel('Neuer Besitzer').selectOption({ label: FITTER.username });
    await reassign
      .getByRole('button', { name: /zuweisen/i })
      .last()
      .click();
    await admin.getByText('Projekt wurde erfolgreich neu zugewiesen.').waitFor();

    // The new owner now manages the team; the old one is a member.
    await reloadPage(fitter);
    await fitter.getByRole('heading', { level: 1, name: PROJECT }).waitFor();
    await fitter.getByRole('button', { name: 'Team verwalten' }).click();
    const histeam = fitter.getByRole('dialog', { name: 'Team verwalten' });
    await histeam.getByRole('button', { name: `Aus Projekt entfernen: ${LEAD.username}` }).waitFor();

    const token = await apiToken(server.url, FITTER.username, FITTER.password);
    const project = (await (await api('GET', '/projects', token)).json()) as { name: string; ownerId: string }[];
    const me = (await (await api('GET', '/auth/me', token)).json()) as { user?: { id: string }; id?: string };
    expect(project.find((entry) => entry.name === PROJECT)?.ownerId).toBe(me.user?.id ?? me.id);
  });
});

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
