#!/usr/bin/env node
// Issue 19's external audit of the built app on this machine: Lighthouse (Debian's Chromium
// through chrome-launcher) on login, dashboard, board, users cold and warm, and as snapshots
// of the open task dialog and the settings dialog (a dialog has no page load, so no
// performance score), mobile and desktop presets; then axe-core on the same six screens at
// 390x844 and 1400x900. Prints a table and the load average; the scores are measured, never
// asserted (test/e2e/accessibility.e2e.test.ts asserts axe's 0 violations).
//
//   npm run build && node test/benchmarks/audit.mjs
//   (AUDIT_WARM=0: cold runs only; AUDIT_LIGHTHOUSE=0: axe only; AUDIT_AXE=0: Lighthouse only;
//   AUDIT_PAGES=dashboard,board: only these pages and dialogs; AUDIT_PRESETS=mobile: only this
//   preset; AUDIT_REPORTS=<dir>: each Lighthouse report's JSON written there, for its
//   diagnostics: critical-request-chains, bootup-time, mainthread-work-breakdown, ...;
//   with AUDIT_TRACES=1 also each run's Chromium trace, for chrome://tracing or a script)
//
// Cold: the service worker, its caches, IndexedDB and the HTTP cache are cleared before the
// run; the session in localStorage stays (Lighthouse's own storage reset would log out).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, snapshot } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_PATH, clearOriginCaches, client, fillBoard, launchChromium, startServer } from './support.mjs';

const WARM = process.env.AUDIT_WARM !== '0';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const ONLY_PAGES = process.env.AUDIT_PAGES?.split(',');
const included = (name) => !ONLY_PAGES || ONLY_PAGES.includes(name);
const ONLY_PRESETS = process.env.AUDIT_PRESETS?.split(',');
const PRESETS = Object.fromEntries(
  Object.entries({ mobile: undefined, desktop: desktopConfig }).filter(
    ([name]) => !ONLY_PRESETS || ONLY_PRESETS.includes(name),
  ),
);
const REPORTS = process.env.AUDIT_REPORTS;
if (REPORTS) fs.mkdirSync(REPORTS, { recursive: true });
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1400, height: 900 } };
const CARD_TITLE = 'Aufgabe 1.1: Leitungen verlegen und prüfen';

const server = await startServer();
const rows = [];
const record = (row) => {
  rows.push(row);
  console.error(row.line);
};
try {
  const api = client(server.url);
  await api.login('admin', server.adminPassword);
  const created = await api.call('POST', '/api/projects', JSON.stringify({ name: 'Heizung Wohnanlage Süd' }));
  const project = fillBoard(JSON.parse(created.text), 12);
  await api.call('PUT', `/api/projects/${project.id}`, JSON.stringify(project));
  const routes = { dashboard: '/#/', board: `/#/project/${project.id}`, users: '/#/users' };

  if (process.env.AUDIT_AXE !== '0') await axeRuns(project.id);
  if (process.env.AUDIT_LIGHTHOUSE !== '0') await lighthouseRuns(routes, project.id);
} finally {
  await server.stop();
}

const load = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
console.log(`\nload average ${load} (2 cores shared; performance scores move with it)\n`);
console.log('| page | preset | cache | performance | FCP | LCP | TBT | CLS | accessibility | best practices |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows.filter((r) => r.kind === 'lighthouse')) console.log(row.line);
console.log('\n| page | viewport | axe violations |');
console.log('| --- | --- | --- |');
for (const row of rows.filter((r) => r.kind === 'axe')) console.log(row.line);

async function lighthouseRuns(routes, projectId) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    const audit = (url, preset) =>
      lighthouse(
        url,
        { port: chrome.port, logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true },
        PRESETS[preset],
      );
    const navigate = async (name, url, preset) => {
      if (!included(name)) return;
      for (const cache of WARM ? ['cold', 'warm'] : ['cold']) {
        if (cache === 'cold') await clearCaches(browser, server.url);
        let result = await audit(url, preset);
        // Chromium sometimes leaves the main frame's navigationStart out of the trace (the frame's
        // other events are there; not the page's doing), and Lighthouse then asks to be run
        // again: at most twice more, each time after clearing the caches again.
        for (let retry = 1; result.lhr.runtimeError?.code === 'NO_NAVSTART' && retry <= 2; retry += 1) {
          console.log(`Lighthouse on ${name} (${preset}, ${cache}): NO_NAVSTART, run again (${retry} of 2)`);
          if (cache === 'cold') await clearCaches(browser, server.url);
          result = await audit(url, preset);
        }
        record({ kind: 'lighthouse', line: lighthouseRow(name, preset, cache, result.lhr) });
        // What Lighthouse says about its own run ("The page loaded too slowly ...", NO_NAVSTART):
        // a score from a run it calls incomplete is not comparable.
        const remarks = [result.lhr.runtimeError?.code, ...(result.lhr.runWarnings ?? [])].filter(Boolean);
        if (remarks.length > 0) console.log(`Lighthouse on ${name} (${preset}, ${cache}): ${remarks.join(' | ')}`);
        if (REPORTS)
          fs.writeFileSync(path.join(REPORTS, `${name}-${preset}-${cache}.json`), JSON.stringify(result.lhr));
        if (REPORTS && process.env.AUDIT_TRACES === '1')
          fs.writeFileSync(
            path.join(REPORTS, `${name}-${preset}-${cache}.trace.json`),
            JSON.stringify(result.artifacts.Trace),
          );
      }
    };
    for (const preset of Object.keys(PRESETS)) await navigate('login', `${server.url}/#/login`, preset);

    // Log in once through the screen; Lighthouse's tabs share the profile and so the session.
    const page = await browser.newPage();
    await page.goto(`${server.url}/#/login`);
    await page.locator('::-p-aria([name="Benutzername"][role="textbox"])').fill('admin');
    await page.locator('::-p-aria([name="Passwort"][role="textbox"])').fill(server.adminPassword);
    await page.locator('::-p-aria([name="Anmelden"][role="button"])').click();
    await page.locator('::-p-aria([name="Dashboard"][role="heading"])').wait();
    // Only Lighthouse's tab is open while it measures: a signed-in app in another tab would read,
    // stream and prefetch meanwhile (the session stays in the profile's storage).
    await page.goto('about:blank');

    for (const preset of Object.keys(PRESETS)) {
      for (const [name, route] of Object.entries(routes)) await navigate(name, `${server.url}${route}`, preset);
      for (const [name, open] of Object.entries(dialogs(projectId, preset))) {
        if (!included(name)) continue;
        try {
          await open(page);
          const result = await snapshot(page, {
            config: PRESETS[preset],
            flags: { logLevel: 'error', onlyCategories: ['accessibility', 'best-practices'] },
          });
          record({ kind: 'lighthouse', line: lighthouseRow(name, preset, 'snapshot', result.lhr) });
          // Closed again: the settings dialog lives in the top bar and stays open across routes,
          // so its backdrop took the next preset's click on the card (the desktop task dialog
          // timed out in every run).
          await page.keyboard.press('Escape');
          await page.waitForSelector('[role="dialog"]', { hidden: true });
        } catch (error) {
          record({ kind: 'lighthouse', line: `| ${name} | ${preset} | snapshot | failed: ${error.message} |` });
        }
      }
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

/** Opens each dialog in a puppeteer page at the preset's viewport. */
function dialogs(projectId, preset) {
  const viewport = preset === 'mobile' ? VIEWPORTS.phone : VIEWPORTS.desktop;
  return {
    'task dialog': async (page) => {
      await page.setViewport(viewport);
      // A fresh load: a goto that changes only the hash would keep the page (and the settings
      // dialog the mobile run left open on top of the board).
      await page.goto('about:blank');
      await page.goto(`${server.url}/#/project/${projectId}`);
      await page.locator(`[aria-label="${CARD_TITLE}"] .board-card__open`).click();
      await page.locator('[role="dialog"]').wait();
    },
    settings: async (page) => {
      await page.setViewport(viewport);
      await page.goto('about:blank');
      await page.goto(`${server.url}/#/`);
      await page.locator('::-p-aria([name="Dashboard"][role="heading"])').wait();
      if (viewport.width < 768) await page.locator('::-p-aria([name="Menü"][role="button"])').click();
      await page.locator('::-p-aria([name="Einstellungen"][role="button"])').click();
      await page.locator('[role="dialog"]').wait();
    },
  };
}

async function clearCaches(browser, origin) {
  const page = await browser.newPage();
  await clearOriginCaches(await page.createCDPSession(), origin);
  await page.close();
}

function lighthouseRow(name, preset, cache, lhr) {
  const score = (id) => (lhr.categories[id] ? Math.round(lhr.categories[id].score * 100) : '–');
  const metric = (id) => lhr.audits[id]?.displayValue ?? '–';
  return `| ${name} | ${preset} | ${cache} | ${score('performance')} | ${metric('first-contentful-paint')} | ${metric('largest-contentful-paint')} | ${metric('total-blocking-time')} | ${metric('cumulative-layout-shift')} | ${score('accessibility')} | ${score('best-practices')} |`;
}

async function axeRuns(projectId) {
  const browser = await launchChromium();
  try {
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ locale: 'de-DE', viewport });
      const page = await context.newPage();
      const check = async (name) => {
        await settled(page);
        const { violations } = await new AxeBuilder({ page }).analyze();
        const list = violations.map((v) => `${v.id} (${v.nodes.length})`).join(', ');
        record({
          kind: 'axe',
          line: `| ${name} | ${viewportName} | ${violations.length}${list ? `: ${list}` : ''} |`,
        });
      };
      await page.goto(`${server.url}/#/login`);
      await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
      await check('login');
      await page.getByLabel('Benutzername').fill('admin');
      await page.getByLabel('Passwort').fill(server.adminPassword);
      await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await page.getByText('Heizung Wohnanlage Süd').first().waitFor();
      await check('dashboard');
      await page.goto(`${server.url}/#/project/${projectId}`);
      await page.getByRole('button', { name: CARD_TITLE, exact: true }).click();
      await page.getByRole('dialog', { name: CARD_TITLE }).waitFor();
      await check('task dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: CARD_TITLE }).waitFor({ state: 'detached' });
      await check('board');
      await page.goto(`${server.url}/#/users`);
      await page.getByRole('heading', { level: 1, name: 'Benutzer verwalten' }).waitFor();
      await check('users');
      if (viewport.width < 768) await page.getByRole('button', { name: 'Menü' }).click();
      await page.getByRole('button', { name: 'Einstellungen' }).click();
      await page.getByRole('dialog', { name: 'Einstellungen' }).waitFor();
      await check('settings');
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/** Waits for the running fade-ins: axe measures contrast on what is painted at that moment. */
async function settled(page) {
  await page.evaluate(() =>
    Promise.all(
      globalThis.document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
