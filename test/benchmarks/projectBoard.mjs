#!/usr/bin/env node
// Benchmark of the project board (issue 4): a project with 2,000 cards, each with two time
// entries and one material entry, on the built server with its own embedded PostgreSQL.
// Prints the median and p95 of GET /api/projects/{id} and of a one-card save, as the whole
// document (PUT) and as a delta (PATCH, issue 17) side by side with the bytes each way, the
// document size, and (when /usr/bin/chromium exists) the time until the board is interactive in
// Chromium. Figures and how to read them: docs/performance.md.
//
//   npm run build && node test/benchmarks/projectBoard.mjs
//
// Options (environment): BENCH_CARDS (default 2000), BENCH_RUNS (default 50),
// BENCH_BROWSER_RUNS (default 5), CHROMIUM_PATH (default /usr/bin/chromium),
// BENCH_SKIP_BROWSER=1, BENCH_SKIP_PUT=1 (deltas only), RENDERER_DIR (another renderer build;
// passed on to the server), BENCH_BASE (a built tree to compare with: its server runs side by
// side with this one, the rounds alternate between the two; support.mjs). Ends with a
// `RESULT {json}` line of the figures.
/* global document -- the page function of waitForFunction runs in the browser. */
import fs from 'node:fs';
import os from 'node:os';
import zlib from 'node:zlib';
import common from '@werkboard/common';
import {
  BASE_ROOT,
  CHROMIUM_PATH,
  client,
  fillBoard,
  launchChromium,
  line,
  ms,
  printResult,
  startServer,
  stats,
} from './support.mjs';

const CARDS = Number(process.env.BENCH_CARDS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const BROWSER_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 5);
const WARM_UP = 3;
/** BENCH_SKIP_PUT=1: only deltas (the whole-document PUT takes seconds per save at 5,000 cards). */
const SKIP_PUT = process.env.BENCH_SKIP_PUT === '1';

/** An answer's size as the server sends it to a browser: brotli at quality 4 above 1 KB (compressAnswers.ts). */
function brotliBytes(text) {
  const bytes = Buffer.from(text);
  if (bytes.length < 1024) return bytes.length;
  return zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
}

const FRESH_CONNECTION = { Connection: 'close' };
const median = (values) => stats(values).median;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(10);

/** A project of CARDS cards on a server, seeded by a whole-document PUT. */
async function seedBoard(api) {
  const created = await api.call('POST', '/api/projects', JSON.stringify({ name: `Benchmark ${CARDS} Karten` }));
  const project = fillBoard(JSON.parse(created.text), CARDS);
  const seedBody = JSON.stringify(project);
  const seeded = await api.call('PUT', `/api/projects/${project.id}`, seedBody);
  const current = JSON.parse(seeded.text);
  const cardCount = current.columns.reduce((sum, column) => sum + column.cards.length, 0);
  if (cardCount !== CARDS) throw new Error(`expected ${CARDS} cards, the server has ${cardCount}`);
  return {
    api,
    current,
    path: `/api/projects/${project.id}`,
    projectId: project.id,
    seedMs: seeded.ms,
    seedKb: Buffer.byteLength(seedBody) / 1024,
    gets: [],
    documentKb: 0,
    puts: [],
    patches: [],
    wire: { put: { up: [], down: [], downBr: [] }, patch: { up: [], down: [], downBr: [] } },
  };
}

async function getRound(board, counted) {
  const { ms: took, text } = await board.api.call('GET', board.path);
  board.documentKb = Buffer.byteLength(text) / 1024;
  if (counted) board.gets.push(took);
}

/**
 * One card's title changes, based on the last answer, as the board sends it: once as the
 * whole document (PUT, unless `withPut` is false), once as a delta (PATCH, issue 17), in one
 * round so that both meet the same load.
 */
async function saveRound(board, run, counted, withPut = true) {
  const weigh = (kind, body, text) => {
    board.wire[kind].up.push(Buffer.byteLength(body));
    board.wire[kind].down.push(Buffer.byteLength(text));
    board.wire[kind].downBr.push(brotliBytes(text));
  };
  if (withPut) {
    const column = board.current.columns[run % board.current.columns.length];
    column.cards[(run * 37) % column.cards.length].title = `Geänderte Aufgabe ${run}`;
    const putBody = JSON.stringify(board.current);
    // A connection of its own for each save: under load the client's work between two saves
    // outlasted the server's keep-alive, and a reused socket was closed under the request.
    const put = await board.api.call('PUT', board.path, putBody, FRESH_CONNECTION);
    board.current = JSON.parse(put.text);
    if (counted) {
      board.puts.push(put.ms);
      weigh('put', putBody, put.text);
    }
  }
  const next = structuredClone(board.current);
  const other = next.columns[(run + 1) % next.columns.length];
  other.cards[(run * 53) % other.cards.length].title = `Geänderte Aufgabe ${run} (Delta)`;
  const patchBody = JSON.stringify(common.documentDelta(board.current, next));
  const patch = await board.api.call('PATCH', board.path, patchBody, FRESH_CONNECTION);
  const answer = JSON.parse(patch.text);
  board.current = answer.kind === 'document' ? answer.document : common.applyProjectDelta(board.current, answer);
  if (counted) {
    board.patches.push(patch.ms);
    weigh('patch', patchBody, patch.text);
  }
}

/** GETs, then saves, on each board in turn within every round (the "before" build and this one meet the same load). */
async function measureApi(boards) {
  for (let run = 0; run < WARM_UP + RUNS; run++) for (const board of boards) await getRound(board, run >= WARM_UP);
  for (let run = 0; run < WARM_UP + RUNS; run++)
    for (const board of boards) await saveRound(board, run, run >= WARM_UP, !SKIP_PUT);
  return boards.map((board) => ({
    ...board,
    revision: board.current.revision,
    get: stats(board.gets),
    put: board.puts.length > 0 ? stats(board.puts) : null,
    patch: stats(board.patches),
  }));
}

/**
 * Opens the board in Chromium and measures, from the start of the navigation: the first card
 * visible, all cards in the DOM (if the board renders them all), and a card that answers a
 * click by opening its task dialog. "cold": a full page load (bundle, session, project);
 * "in-app": the hash route changes from the dashboard, as when a project is opened there.
 */
async function measureBrowser(baseUrl, adminPassword, projectId) {
  let browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    return { skipped: `Chromium could not be started: ${error.message}` };
  }
  try {
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#/login`);
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill(adminPassword);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 30000 });

    const cards = page.locator('[data-testid^="card-"]');
    const once = async (mode) => {
      if (mode === 'cold') await page.goto('about:blank');
      else {
        await page.goto(`${baseUrl}/#/`);
        await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 30000 });
      }
      const started = performance.now();
      await page.goto(`${baseUrl}/#/project/${projectId}`);
      await cards.first().waitFor({ state: 'visible', timeout: 60000 });
      const firstCard = performance.now() - started;
      // The click comes as soon as a card is seen, as a user's would: a board that renders only
      // what is on screen never gets "all cards in the DOM", and waiting for that first would
      // count the wait in the click's time.
      const title = await cards.first().getAttribute('aria-label');
      await cards.first().click({ timeout: 30000 });
      // The task dialog is titled with the card's title.
      const dialog = page.getByRole('dialog', { name: title ?? undefined });
      await dialog.waitFor({ state: 'visible', timeout: 30000 });
      const interactive = performance.now() - started;
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden', timeout: 10000 });
      let allCards = null;
      try {
        await page.waitForFunction(
          (expected) => document.querySelectorAll('[data-testid^="card-"]').length >= expected,
          CARDS,
          { timeout: 5000, polling: 16 },
        );
        allCards = performance.now() - started;
      } catch {
        // The board renders only what is on screen; then "all cards" is not a milestone.
      }
      const rendered = await cards.count();
      return { firstCard, allCards, interactive, rendered };
    };

    const results = {};
    for (const mode of ['cold', 'in-app']) {
      await once(mode); // warm-up: browser cache, JIT
      const runs = [];
      for (let run = 0; run < BROWSER_RUNS; run++) runs.push(await once(mode));
      results[mode] = {
        firstCard: stats(runs.map((run) => run.firstCard)),
        allCards: runs.every((run) => run.allCards !== null) ? stats(runs.map((run) => run.allCards)) : null,
        interactive: stats(runs.map((run) => run.interactive)),
        rendered: runs.at(-1).rendered,
      };
    }
    return results;
  } finally {
    await browser.close();
  }
}

async function main() {
  const loadBefore = os.loadavg();
  // BENCH_BASE: the build of the code to compare with ("before"), run side by side.
  const servers = [];
  try {
    if (BASE_ROOT) servers.push({ label: 'before', server: await startServer({}, BASE_ROOT) });
    servers.push({ label: BASE_ROOT ? 'after' : 'this build', server: await startServer() });
    const boards = [];
    for (const { server } of servers) {
      const api = client(server.url);
      await api.login('admin', server.adminPassword);
      boards.push(await seedBoard(api));
    }
    const results = await measureApi(boards);
    const loadAfter = os.loadavg();
    console.log(`\nWerkboard board benchmark: ${CARDS} cards, each with 2 time entries and 1 material entry`);
    console.log(
      `Node ${process.version}, ${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? 'unknown'}), ${os.platform()}`,
    );
    console.log(`Load average (1 min) at the start: ${loadBefore[0].toFixed(2)}; now: ${loadAfter[0].toFixed(2)}`);
    results.forEach((result, index) => {
      const { label } = servers[index];
      if (BASE_ROOT) console.log(`\n${label}: ${label === 'before' ? BASE_ROOT : 'this tree'}`);
      console.log(`Seed PUT (${result.seedKb.toFixed(0)} KB body):       ${ms(result.seedMs)}`);
      console.log(`Document size (GET answer):         ${result.documentKb.toFixed(0)} KB`);
      console.log(line(`GET /api/projects/{id} × ${RUNS}`, result.get));
      if (result.put) console.log(line(`PUT one card changed × ${RUNS}`, result.put));
      console.log(line(`PATCH one card changed × ${RUNS}`, result.patch));
      console.log('One-card save, median bytes:       up (JSON)   down (JSON)   down (br, as sent)');
      for (const [title, kind] of [
        ['  whole document (PUT)', 'put'],
        ['  delta (PATCH)', 'patch'],
      ]) {
        const figures = result.wire[kind];
        if (figures.up.length === 0) continue;
        console.log(
          `${title.padEnd(34)}${kb(median(figures.up))}  ${kb(median(figures.down))}  ${kb(median(figures.downBr))}`,
        );
      }
    });

    const after = results.at(-1);
    const before = BASE_ROOT ? results[0] : null;
    const round = (value) => Math.round(value * 10) / 10;
    const figures = {
      cards: CARDS,
      getMedianMs: round(after.get.median),
      ...(after.put ? { putMedianMs: round(after.put.median), putP95Ms: round(after.put.p95) } : {}),
      patchMedianMs: round(after.patch.median),
      patchP95Ms: round(after.patch.p95),
      patchUpKb: round(median(after.wire.patch.up) / 1024),
      patchDownKb: round(median(after.wire.patch.down) / 1024),
      patchDownBrKb: round(median(after.wire.patch.downBr) / 1024),
      ...(before ? { beforePatchMedianMs: round(before.patch.median), beforePatchP95Ms: round(before.patch.p95) } : {}),
      loadAvg1: [round(loadBefore[0]), round(loadAfter[0])],
    };

    if (process.env.BENCH_SKIP_BROWSER !== '1') {
      if (!fs.existsSync(CHROMIUM_PATH)) console.log(`Browser: ${CHROMIUM_PATH} not found, skipped.`);
      else {
        const { server } = servers.at(-1);
        const browser = await measureBrowser(server.url, server.adminPassword, after.projectId);
        if (browser.skipped) console.log(`Browser: skipped (${browser.skipped}).`);
        else
          for (const [mode, measured] of Object.entries(browser)) {
            console.log(`Chromium, ${mode} (${BROWSER_RUNS} runs, ${measured.rendered} cards in the DOM):`);
            console.log(line('  first card visible', measured.firstCard));
            if (measured.allCards) console.log(line(`  all ${CARDS} cards in the DOM`, measured.allCards));
            console.log(line('  card click opens its dialog', measured.interactive));
            const key = mode === 'cold' ? 'Cold' : 'InApp';
            figures[`browser${key}ClickMedianMs`] = round(measured.interactive.median);
          }
      }
    }
    printResult(figures);
  } finally {
    for (const { server } of servers) await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
