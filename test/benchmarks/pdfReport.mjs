#!/usr/bin/env node
// Benchmark of the project PDF report (issue 15): a project with 500 cards, each with two time
// entries and one material entry, on the built server with its own embedded PostgreSQL; in
// Chromium the board's 'PDF-Export' makes the report (pdfkit in the page) until the download
// arrives. Prints the first report of a page load (the lazy chunk and the fonts load with it)
// and the median and p95 of the following ones, with and without the time and material
// entries side by side, plus pages and size. Figures: docs/performance.md.
//
//   npm run build && node test/benchmarks/pdfReport.mjs
//
// Options (environment): BENCH_CARDS (default 500), BENCH_RUNS (default 5), CHROMIUM_PATH.
import fs from 'node:fs';
import os from 'node:os';
import { CHROMIUM_PATH, client, fillBoard, launchChromium, line, ms, startServer, stats } from './support.mjs';

const CARDS = Number(process.env.BENCH_CARDS ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function seed(api) {
  const created = await api.call('POST', '/api/projects', JSON.stringify({ name: `Bericht ${CARDS} Karten` }));
  const project = fillBoard(JSON.parse(created.text), CARDS);
  const saved = JSON.parse((await api.call('PUT', `/api/projects/${project.id}`, JSON.stringify(project))).text);
  const cards = saved.columns.reduce((sum, column) => sum + column.cards.length, 0);
  if (cards !== CARDS) throw new Error(`expected ${CARDS} cards, the server has ${cards}`);
  return saved;
}

/** Click 'PDF erstellen' until the download arrives; the PDF's size and page count. */
async function makeOne(page, dialog) {
  const started = performance.now();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120000 }),
    dialog.getByRole('button', { name: 'PDF erstellen' }).click(),
  ]);
  const took = performance.now() - started;
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  const pages = (bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  return { took, size: bytes.length, pages };
}

async function measure(baseUrl, adminPassword, project) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#/login`);
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill(adminPassword);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 30000 });
    await page.goto(`${baseUrl}/#/project/${project.id}`);
    await page.getByRole('heading', { level: 1, name: project.name }).waitFor({ timeout: 60000 });
    await page.getByRole('button', { name: 'PDF-Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'PDF-Export' });

    const first = await makeOne(page, dialog);
    const results = { first };
    for (const [label, withEntries] of [
      ['with entries', true],
      ['without entries', false],
    ]) {
      const box = dialog.getByRole('checkbox', { name: 'Zeit- und Materialeinträge' });
      if ((await box.isChecked()) !== withEntries) await box.click();
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await makeOne(page, dialog));
      results[label] = { time: stats(runs.map((run) => run.took)), size: runs[0].size, pages: runs[0].pages };
    }
    return results;
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} not found`);
  const loadBefore = os.loadavg()[0];
  const server = await startServer();
  try {
    const api = client(server.url);
    await api.login('admin', server.adminPassword);
    const project = await seed(api);
    const result = await measure(server.url, server.adminPassword, project);
    console.log(`\nWerkboard PDF report benchmark: ${CARDS} cards, each with 2 time entries and 1 material entry`);
    console.log(
      `Node ${process.version}, ${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? 'unknown'}), Chromium`,
    );
    console.log(`Load average (1 min) at the start: ${loadBefore.toFixed(2)}; now: ${os.loadavg()[0].toFixed(2)}`);
    const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
    console.log(
      `First report of the page (loads pdfkit chunk and fonts): ${ms(result.first.took)}, ${result.first.pages} pages, ${kb(result.first.size)}`,
    );
    for (const label of ['with entries', 'without entries']) {
      const figures = result[label];
      console.log(line(`Report ${label} × ${RUNS}`, figures.time), `${figures.pages} pages, ${kb(figures.size)}`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
