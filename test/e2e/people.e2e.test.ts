import type { Browser, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser } from './support/browser';
import { createTestLicenseIssuer } from './support/license';
import { apiToken, logIn, logOut, newPage, permissionLinks, reloadPage } from './support/session';

const issuer = createTestLicenseIssuer();
const MONTEUR = { username: 'monteur.moritz', password: 'kabelbinder-123' };

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ LICENSE_PUBLIC_KEY: issuer.publicKeyPem }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function adminPage(): Promise<Page> {
  const page = await newPage(browser);
  await logIn(page, server.url, 'admin', server.adminPassword);
  return page;
}

async function openUsers(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Benutzer', exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Benutzer verwalten' }).waitFor();
  await page.getByRole('list', { name: 'Benutzer' }).waitFor();
}

/** Fills the user dialog and saves; resolves once the dialog reacted (closed or another dialog opened). */
async function submitNewUser(page: Page, username: string, password: string, role: string): Promise<void> {
  await page.getByRole('button', { name: 'Neuen Benutzer hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neuen Benutzer hinzufügen' });
  await dialog.getByLabel('Benutzername').fill(username);
  await dialog.getByLabel('Passwort').fill(password);
  await dialog.getByLabel('Rolle').selectOption(role);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
}

async function toggleMonteurTemplates(page: Page, checked: boolean): Promise<void> {
  await page.goto(`${server.url}/#/admin/permissions`);
  const box = page.getByRole('checkbox', { name: 'Vorlagen verwalten – Monteur', exact: true });
  await box.waitFor();
  await expect(box.isChecked()).resolves.toBe(!checked);
  await expect(
    page.getByRole('checkbox', { name: 'Vorlagen verwalten – Admin', exact: true }).isDisabled(),
  ).resolves.toBe(true);
  await box.setChecked(checked);
  await page.getByRole('button', { name: 'Berechtigungen speichern' }).click();
  await expect(page.getByRole('status').textContent()).resolves.toBe(
    'Berechtigungen erfolgreich gespeichert. Änderungen werden bei der nächsten Benutzeranmeldung wirksam.',
  );
}

describe('people and permissions', () => {
  it('the Admin creates a Monteur, who then sees only the navigation his role allows', async () => {
    const admin = await adminPage();
    await openUsers(admin);
    await submitNewUser(admin, `  ${MONTEUR.username} `, MONTEUR.password, 'Monteur');
    await admin.getByRole('dialog').waitFor({ state: 'detached' });
    const row = admin.getByRole('listitem', { name: MONTEUR.username });
    await row.waitFor();
    await expect(row.getByText('Monteur', { exact: true }).count()).resolves.toBe(1);
    await expect(row.getByText('noch nie').count()).resolves.toBe(1);
    await logOut(admin);

    await logIn(admin, server.url, MONTEUR.username, MONTEUR.password);
    await expect(permissionLinks(admin)).resolves.toEqual([]);
    const nav = admin.getByRole('navigation', { name: 'Hauptnavigation' });
    for (const name of ['Dashboard', 'Suche', 'Nachrichten', 'Profil']) {
      await expect(nav.getByRole('link', { name, exact: true }).count()).resolves.toBe(1);
    }
    // The management screens stay closed, whatever address he types.
    await admin.goto(`${server.url}/#/users`);
    await admin.waitForURL(/#\/$/);
    await admin.context().close();
  });

  it('a matrix change reaches the Monteur at his next login, not before', async () => {
    const monteur = await newPage(browser);
    await logIn(monteur, server.url, MONTEUR.username, MONTEUR.password);
    await expect(permissionLinks(monteur)).resolves.toEqual([]);

    const admin = await adminPage();
    await toggleMonteurTemplates(admin, true);

    // The running session keeps its permissions, also across a reload.
    await reloadPage(monteur);
    await monteur.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect(permissionLinks(monteur)).resolves.toEqual([]);

    await logOut(monteur);
    await logIn(monteur, server.url, MONTEUR.username, MONTEUR.password);
    await expect(permissionLinks(monteur)).resolves.toEqual(['Vorlagen']);

    // And back: removed in the matrix, gone only after the next login.
    await toggleMonteurTemplates(admin, false);
    await reloadPage(monteur);
    await monteur.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect(permissionLinks(monteur)).resolves.toEqual(['Vorlagen']);
    await logOut(monteur);
    await logIn(monteur, server.url, MONTEUR.username, MONTEUR.password);
    await expect(permissionLinks(monteur)).resolves.toEqual([]);

    await monteur.context().close();
    await admin.context().close();
  });

  it('refuses a seventh user on the Free license and accepts it after a Lifetime activation', async () => {
    // Fill up to the Free limit of 6 users (admin and the Monteur exist) through the API.
    const token = await apiToken(server.url, 'admin', server.adminPassword);
    for (const username of ['helfer.1', 'helfer.2', 'helfer.3', 'helfer.4']) {
      const response = await fetch(`${server.url}/api/users`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ username, password: 'geheim-Lager-7', role: 'Helfer' }),
      });
      expect(response.status).toBe(201);
    }

    const admin = await adminPage();
    const footer = admin.getByRole('contentinfo');
    await expect(footer.getByText('Lizenz: Free').count()).resolves.toBe(1);
    await openUsers(admin);
    // At 6/6 the create button says why before any form is filled (issue 19).
    const create = admin.getByRole('button', { name: 'Neuen Benutzer hinzufügen' });
    await expect(create.getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(create.getAttribute('title')).resolves.toContain('Benutzerlimit erreicht (6/6)');
    await expect(create.getAttribute('title')).resolves.toContain('Lifetime-Lizenz');
    await expect(admin.getByRole('listitem', { name: 'siebter' }).count()).resolves.toBe(0);

    // The Admin activates a Lifetime key in the settings dialog.
    await admin.getByRole('button', { name: 'Einstellungen' }).first().click();
    const settings = admin.getByRole('dialog', { name: 'Einstellungen' });
    await settings.getByRole('button', { name: 'Lizenzstatus' }).click();
    const users = settings.getByRole('listitem').filter({ has: admin.getByRole('meter', { name: 'Benutzer' }) });
    await users.getByText('6 von 6').waitFor();
    await expect(
      users.getByText('Limit überschritten. Es können keine neuen Einträge erstellt werden.').count(),
    ).resolves.toBe(1);
    await settings.getByLabel('E-Mail-Adresse').fill('buero@example.de');
    await settings.getByLabel('Lizenzschlüssel').fill(issuer.issue('buero@example.de'));
    await settings.getByRole('button', { name: 'Lizenz aktivieren' }).click();
    await expect(settings.getByRole('status').textContent()).resolves.toBe('Lizenz erfolgreich aktiviert.');
    await footer.getByText('Lizenz: Lifetime').waitFor();
    // The dialog closes by itself after 2.5 s.
    await settings.waitFor({ state: 'detached', timeout: 6000 });

    await submitNewUser(admin, 'siebter', 'geheim-Lager-7', 'Helfer');
    await admin.getByRole('dialog').waitFor({ state: 'detached' });
    await admin.getByRole('listitem', { name: 'siebter' }).waitFor();
    await expect(admin.getByRole('dialog', { name: 'Benutzerlimit erreicht' }).count()).resolves.toBe(0);
    await admin.context().close();
  });
});
