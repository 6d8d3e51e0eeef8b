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
// Options (environment): BENCH_CARDS (default 500), BENCH_RUNS (default 5), CHROMIUM_PATH,
// BENCH_BASE (a built tree of the code before a change: its renderer build is measured first, side by side),
// BENCH_ROUNDS (default 1: with BENCH_BASE, the builds take turns this many times).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BASE_ROOT,
  CHROMIUM_PATH,
  client,
  cpuMsOf,
  fillBoard,
  launchChromium,
  line,
  ms,
  signInAsAdmin,
  startServer,
  stats,
  treeCpuMs,
} from './support.mjs';

const CARDS = Number(process.env.BENCH_CARDS ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);

async function seed(api) {
  const created = await api.call('POST', '/api/projects', JSON.stringify({ name: `Bericht ${CARDS} Karten` }));
  const project = fillBoard(JSON.parse(created.text), CARDS);
  const saved = JSON.parse((await api.call('PUT', `/api/projects/${project.id}`, JSON.stringify(project))).text);
  const cards = saved.columns.reduce((sum, column) => sum + column.cards.length, 0);
  if (cards !== CARDS) throw new Error(`expected ${CARDS} cards, the server has ${cards}`);
  return saved;
}

/**
 * CPU time used so far by Chromium (this script's descendant processes named chrom…: the
 * page's renderer does the layout).
 */
const chromiumCpuMs = () => cpuMsOf(treeCpuMs(), /chrom/i);

/** Click 'PDF erstellen' until the download arrives; the PDF's size and page count. */
async function makeOne(page, dialog) {
  const cpuBefore = chromiumCpuMs();
  const started = performance.now();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120000 }),
    dialog.getByRole('button', { name: 'PDF erstellen' }).click(),
  ]);
  const took = performance.now() - started;
  const cpu = chromiumCpuMs() - cpuBefore;
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  const pages = (bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  return { took, cpu, size: bytes.length, pages };
}

async function measure(baseUrl, adminPassword, project) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signInAsAdmin(page, baseUrl, adminPassword);
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
      results[label] = {
        time: stats(runs.map((run) => run.took)),
        cpu: stats(runs.map((run) => run.cpu)),
        size: runs[0].size,
        pages: runs[0].pages,
      };
    }
    return results;
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} not found`);
  const loadBefore = os.loadavg()[0];
  // The base's renderer build, served by this build's server: the report is made in the page.
  const builds = BASE_ROOT
    ? [
        ['before (BENCH_BASE)', { RENDERER_DIR: path.join(BASE_ROOT, 'renderer', 'dist') }],
        ['this build', {}],
      ]
    : [['this build', {}]];
  const results = [];
  for (let round = 1; round <= ROUNDS; round++)
    for (const [build, env] of builds) {
      const label = ROUNDS > 1 ? `${build}, round ${round}` : build;
      const server = await startServer(env);
      try {
        const api = client(server.url);
        await api.login('admin', server.adminPassword);
        const project = await seed(api);
        const loadAtStart = os.loadavg()[0];
        const result = await measure(server.url, server.adminPassword, project);
        results.push([label, { ...result, load: [loadAtStart, os.loadavg()[0]] }]);
      } finally {
        await server.stop();
      }
    }
  console.log(`\nWerkboard PDF report benchmark: ${CARDS} cards, each with 2 time entries and 1 material entry`);
  console.log(`Node ${process.version}, ${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? 'unknown'}), Chromium`);
  console.log(`Load average (1 min) at the start: ${loadBefore.toFixed(2)}; at the end: ${os.loadavg()[0].toFixed(2)}`);
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  for (const [label, result] of results) {
    console.log(`\n${label} (load average ${result.load[0].toFixed(2)} -> ${result.load[1].toFixed(2)})`);
    console.log(
      `First report of the page (loads pdfkit chunk and fonts): ${ms(result.first.took)} (CPU ${ms(result.first.cpu)}), ${result.first.pages} pages, ${kb(result.first.size)}`,
    );
    for (const name of ['with entries', 'without entries']) {
      const figures = result[name];
      console.log(line(`Report ${name} × ${RUNS}`, figures.time), `${figures.pages} pages, ${kb(figures.size)}`);
      console.log(line(`  Chromium's CPU time per report`, figures.cpu));
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
