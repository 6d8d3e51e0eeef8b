import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser } from './support/browser';
import { logIn, apiToken } from './support/session';
import type { Browser } from 'playwright-core';
let server: AppServer; let browser: Browser;
beforeAll(async () => { [server, browser] = await Promise.all([startAppServer(), launchBrowser()]); });
afterAll(async () => { await browser?.close(); await server?.stop(); });
it('shots', async () => {
  const token = await apiToken(server.url, 'admin', server.adminPassword);
  const post = (path: string, body: unknown) => fetch(`${server.url}/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) }).then(async (r) => { if (!r.ok) console.log(path, r.status, await r.text()); return r; });
  await post('/projects', { name: 'Neubau Einfamilienhaus Müller mit langem Namen', projectNumber: 'P-2026-001' });
  await post('/projects', { name: 'Heizung Wohnanlage Süd', projectNumber: 'P-2026-002' });
  await post('/templates', { name: 'Elektroinstallation Standard', description: 'Vorlage für Neubauten', columns: [] });
  for (const [name, viewport] of [['desktop', { width: 1400, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    const context = await browser.newContext({ locale: 'de-DE', viewport, hasTouch: name === 'phone', isMobile: name === 'phone' });
    const page = await context.newPage();
    await logIn(page, server.url, 'admin', server.adminPassword);
    await page.waitForTimeout(1500);
    const tile = page.getByText('Heizung Wohnanlage Süd').first();
    await tile.hover().catch(() => undefined);
    await page.screenshot({ path: `/tmp/shot-${name}-dash-hover.png` });
    await page.goto(`${server.url}/#/project-groups`); await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/shot-${name}-groups.png` });
    await page.goto(`${server.url}/#/templates`); await page.waitForTimeout(1000);
    await page.getByRole('button', { name: /Tabelle \(detailliert\)/ }).click().catch((e) => console.log('no table button', String(e).slice(0, 100)));
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shot-${name}-templates.png` });
    await context.close();
  }
}, 180000);
