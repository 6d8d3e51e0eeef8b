#!/usr/bin/env node
// Issue 19: the login page, the dashboard, a board and the task dialog as a fitter (390x844, touch) and the
// office (1400x900) see them, as PNGs to look at after a layout change; the user manual
// (docs/manual/) embeds some of them.
//
//   npm run build && node test/benchmarks/screenshots.mjs [out-dir]   (default /tmp/werkboard-shots)
/* global document -- the page function of waitForFunction runs in the browser. */
import fs from 'node:fs';
import path from 'node:path';
import { client, fillBoard, launchChromium, startServer } from './support.mjs';

const out = process.argv[2] ?? '/tmp/werkboard-shots';
fs.mkdirSync(out, { recursive: true });
const server = await startServer();
const browser = await launchChromium();
try {
  const api = client(server.url);
  await api.login('admin', server.adminPassword);
  const created = await api.call('POST', '/api/projects', JSON.stringify({ name: 'Heizung Wohnanlage Süd' }));
  const project = fillBoard(JSON.parse(created.text), 9);
  await api.call('PUT', `/api/projects/${project.id}`, JSON.stringify(project));
  await api.call('POST', '/api/projects', JSON.stringify({ name: 'Elektro Altbau West', projectNumber: 'P-2026-007' }));
  const title = project.columns[0].cards[0].title;

  for (const [name, viewport, touch] of [
    ['phone', { width: 390, height: 844 }, true],
    ['desktop', { width: 1400, height: 900 }, false],
  ]) {
    const context = await browser.newContext({ locale: 'de-DE', viewport, hasTouch: touch, isMobile: touch });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    // The login page fades in in stages (spec: 100, 600 and 1600 ms): wait until it has.
    await page.locator('.login__footer.stage--shown').waitFor();
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState === 'finished'));
    await page.screenshot({ path: path.join(out, `${name}-login.png`) });
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill(server.adminPassword);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByText('Heizung Wohnanlage Süd').first().waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(out, `${name}-dashboard.png`) });
    await page.goto(`${server.url}/#/project/${project.id}`);
    await page.getByRole('button', { name: title, exact: true }).waitFor();
    await page.screenshot({ path: path.join(out, `${name}-board.png`) });
    // On the phone the header's actions fold behind 'Aktionen (N)': unfolded as well.
    const fold = page.getByRole('button', { name: /^Aktionen \(\d+\)$/ });
    if (await fold.isVisible()) {
      await fold.click();
      // The chevron turns (a 150 ms transition): shot once it stands.
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState === 'finished'),
      );
      await page.screenshot({ path: path.join(out, `${name}-board-actions.png`) });
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: title, exact: true }).click();
    await page.getByRole('dialog', { name: title }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `${name}-task-dialog.png`) });
    await context.close();
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
