#!/usr/bin/env node
// Benchmark of the project board (issue 4): a project with 2,000 cards, each with two time
// entries and one material entry, on the built server with its own embedded PostgreSQL.
// Prints the median and p95 of GET /api/projects/{id} and of a one-card save, as the whole
// document (PUT) and as a delta (PATCH with an idempotency key, as the outbox sends it; issue 17)
// side by side with the bytes each way, the document size, the first GET after a save with the
// server's own steps of it, the server's own time and SQL statements of each GET and PATCH
// (Server-Timing, the server started with SERVER_TIMING=1; a build without them prints none),
// and (when /usr/bin/chromium exists) the time until
// the board is interactive in Chromium. Figures and how to read them: docs/performance.md.
//
//   npm run build && node test/benchmarks/projectBoard.mjs
//
// Options (environment): BENCH_CARDS (default 2000), BENCH_RUNS (default 50),
// BENCH_BROWSER_RUNS (default 5), CHROMIUM_PATH (default /usr/bin/chromium),
// BENCH_SKIP_BROWSER=1, RENDERER_DIR (another renderer build; passed on to the server).
/* global document -- the page function of waitForFunction runs in the browser. */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import zlib from 'node:zlib';
import common from '@werkboard/common';
import {
  CHROMIUM_PATH,
  client,
  fillBoard,
  launchChromium,
  line,
  loadAverage,
  ms,
  printResult,
  serverFigures,
  signInAsAdmin,
  startServer,
  stats,
} from './support.mjs';

const CARDS = Number(process.env.BENCH_CARDS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const BROWSER_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 5);
const WARM_UP = 3;

/** An answer's size as the server sends it to a browser: brotli at quality 4 above 1 KB (compressAnswers.ts). */
function brotliBytes(text) {
  const bytes = Buffer.from(text);
  if (bytes.length < 1024) return bytes.length;
  return zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
}

const FRESH_CONNECTION = { Connection: 'close' };

/** The bytes of a GET as a browser receives them (it accepts brotli and gzip), and their encoding. */
function wireBytes(url, token) {
  return new Promise((resolve, reject) => {
    const headers = {
      'Accept-Encoding': 'gzip, deflate, br',
      Authorization: `Bearer ${token}`,
      'X-Device-Id': 'benchmark',
    };
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'none' }));
      })
      .on('error', reject);
  });
}
/** Collects `serverFigures` of many answers: name → values. */
function collectFigures(into, headers) {
  for (const [name, value] of serverFigures(headers)) into.set(name, [...(into.get(name) ?? []), value]);
}

const median = (values) => stats(values).median;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(10);

/** Whether the server has delta saves: an empty delta is refused as invalid (400), not as unknown (404, 405). */
async function servesPatch(api, path) {
  try {
    await api.call('PATCH', path, '{}', FRESH_CONNECTION);
    return true;
  } catch (error) {
    if (/^PATCH \S+: (404|405) /.test(error.message)) return false;
    if (/^PATCH \S+: 400 /.test(error.message)) return true;
    throw error;
  }
}

async function measureApi(api) {
  const created = await api.call('POST', '/api/projects', JSON.stringify({ name: `Benchmark ${CARDS} Karten` }));
  const project = fillBoard(JSON.parse(created.text), CARDS);
  const seedBody = JSON.stringify(project);
  const seeded = await api.call('PUT', `/api/projects/${project.id}`, seedBody);
  let current = JSON.parse(seeded.text);
  const cardCount = current.columns.reduce((sum, column) => sum + column.cards.length, 0);
  if (cardCount !== CARDS) throw new Error(`expected ${CARDS} cards, the server has ${cardCount}`);
  const path = `/api/projects/${project.id}`;

  const gets = [];
  const atServerGet = new Map();
  let size = 0;
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const { ms: took, text, headers } = await api.call('GET', path);
    size = Buffer.byteLength(text);
    if (run >= WARM_UP) {
      gets.push(took);
      collectFigures(atServerGet, headers);
    }
  }

  // One card's title changes, based on the last answer, as the board sends it: once as the
  // whole document (PUT), once as a delta (PATCH, issue 17), alternately in one loop so that
  // both meet the same load.
  const puts = [];
  const patches = [];
  const atServerPatch = new Map();
  // A build before issue 17's delta saves has no PATCH (the aims runner measures one): then
  // only the whole-document save is measured.
  const patchSupported = await servesPatch(api, path);
  const wire = { put: { up: [], down: [], downBr: [] }, patch: { up: [], down: [], downBr: [] } };
  const weigh = (kind, body, text) => {
    wire[kind].up.push(Buffer.byteLength(body));
    wire[kind].down.push(Buffer.byteLength(text));
    wire[kind].downBr.push(brotliBytes(text));
  };
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const column = current.columns[run % current.columns.length];
    column.cards[(run * 37) % column.cards.length].title = `Geänderte Aufgabe ${run}`;
    const putBody = JSON.stringify(current);
    // A connection of its own for each save: under load the client's work between two saves
    // outlasted the server's keep-alive, and a reused socket was closed under the request.
    const put = await api.call('PUT', path, putBody, FRESH_CONNECTION);
    current = JSON.parse(put.text);
    if (run >= WARM_UP) {
      puts.push(put.ms);
      weigh('put', putBody, put.text);
    }
    if (!patchSupported) continue;

    const next = structuredClone(current);
    const other = next.columns[(run + 1) % next.columns.length];
    other.cards[(run * 53) % other.cards.length].title = `Geänderte Aufgabe ${run} (Delta)`;
    const patchBody = JSON.stringify(common.documentDelta(current, next));
    // With an idempotency key, as the outbox sends every save (the key's claim and kept answer
    // are part of the save's statements).
    const patch = await api.call('PATCH', path, patchBody, { ...FRESH_CONNECTION, 'Idempotency-Key': common.newId() });
    const answer = JSON.parse(patch.text);
    current = answer.kind === 'document' ? answer.document : common.applyProjectDelta(current, answer);
    if (run < WARM_UP) continue;
    patches.push(patch.ms);
    collectFigures(atServerPatch, patch.headers);
    weigh('patch', patchBody, patch.text);
  }
  // The first GET after a save (by the same client, as another device's refresh would come):
  // the answer cache of issue 17 keeps the answer of one revision, so this GET reads, presents
  // and compresses the board afresh, where the loop above measured repeated reads of one revision.
  const getsAfterSave = [];
  const stepsAfterSave = new Map();
  if (patchSupported)
    for (let run = 0; run < WARM_UP + RUNS; run++) {
      const next = structuredClone(current);
      const column = next.columns[run % next.columns.length];
      column.cards[(run * 71) % column.cards.length].title = `Vor dem Lesen geändert ${run}`;
      const patch = await api.call(
        'PATCH',
        path,
        JSON.stringify(common.documentDelta(current, next)),
        FRESH_CONNECTION,
      );
      const answer = JSON.parse(patch.text);
      current = answer.kind === 'document' ? answer.document : common.applyProjectDelta(current, answer);
      const read = await api.call('GET', path, undefined, FRESH_CONNECTION);
      if (JSON.parse(read.text).revision !== current.revision)
        throw new Error('the GET after a save is not its revision');
      if (run < WARM_UP) continue;
      getsAfterSave.push(read.ms);
      // "read;dur=12.3, present;dur=4.5, …, app;dur=…" (a build without it sends none).
      collectFigures(stepsAfterSave, read.headers);
    }
  return {
    projectId: project.id,
    seedMs: seeded.ms,
    seedKb: Buffer.byteLength(seedBody) / 1024,
    documentKb: size / 1024,
    revision: current.revision,
    get: stats(gets),
    getAfterSave: getsAfterSave.length > 0 ? stats(getsAfterSave) : null,
    stepsAfterSave: [...stepsAfterSave].map(([step, took]) => ({ step, runs: took.length, ...stats(took) })),
    atServerGet,
    atServerPatch,
    put: stats(puts),
    patch: patchSupported ? stats(patches) : null,
    wire,
  };
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
    await signInAsAdmin(page, baseUrl, adminPassword);

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

const round1 = (value) => Math.round(value * 10) / 10;

/** Prints the server's own figures of a kind of request (`app`, `sql`, `statements`) and adds their medians to `figures`. */
function printAtServer(kind, atServer, figures) {
  for (const name of ['app', 'sql', 'statements']) {
    const values = atServer.get(name);
    if (!values) continue;
    const unit = name === 'statements' ? '' : 'Ms';
    console.log(
      line(`  at the server: ${name} × ${values.length}`, stats(values)).replace(/ ms/g, unit ? ' ms' : '   '),
    );
    figures[`${kind}AtServer_${name}Median${unit}`] = round1(stats(values).median);
  }
}

async function main() {
  const loadBefore = loadAverage()[0];
  // SERVER_TIMING: the server names the steps of making the board's answer (read, present, …).
  const server = await startServer({ SERVER_TIMING: '1' });
  try {
    const api = client(server.url);
    await api.login('admin', server.adminPassword);
    const result = await measureApi(api);
    const { token } = JSON.parse(
      (await api.call('POST', '/api/auth/login', JSON.stringify({ username: 'admin', password: server.adminPassword })))
        .text,
    );
    const sent = await wireBytes(`${server.url}/api/projects/${result.projectId}`, token);
    const figures = {
      cards: CARDS,
      runs: RUNS,
      documentKb: Math.round(result.documentKb),
      getMedianMs: round1(result.get.median),
      getP95Ms: round1(result.get.p95),
      getAfterSaveMedianMs: result.getAfterSave ? round1(result.getAfterSave.median) : null,
      getWireKb: Math.round(sent.bytes / 1024),
      getWireEncoding: sent.encoding,
      putMedianMs: round1(result.put.median),
      putUpKb: round1(median(result.wire.put.up) / 1024),
      putDownKb: round1(median(result.wire.put.down) / 1024),
      patchMedianMs: result.patch ? round1(result.patch.median) : null,
      patchUpKb: result.patch ? round1(median(result.wire.patch.up) / 1024) : null,
      patchDownKb: result.patch ? round1(median(result.wire.patch.down) / 1024) : null,
      loadStart: loadBefore,
    };
    console.log(`\nWerkboard board benchmark: ${CARDS} cards, each with 2 time entries and 1 material entry`);
    console.log(
      `Node ${process.version}, ${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? 'unknown'}), ${os.platform()}`,
    );
    console.log(`Load average (1 min) at the start: ${loadBefore.toFixed(2)}; now: ${loadAverage()[0].toFixed(2)}`);
    console.log(`Seed PUT (${result.seedKb.toFixed(0)} KB body):       ${ms(result.seedMs)}`);
    console.log(`Document size (GET answer):         ${result.documentKb.toFixed(0)} KB`);
    console.log(line(`GET /api/projects/{id} × ${RUNS}`, result.get));
    printAtServer('get', result.atServerGet, figures);
    if (result.getAfterSave) console.log(line(`GET after a one-card PATCH × ${RUNS}`, result.getAfterSave));
    // The server's own steps of that GET (Server-Timing); a step a run did not take has fewer runs.
    for (const { step, runs, ...took } of result.stepsAfterSave) {
      const unit = step === 'statements' ? '' : 'Ms';
      console.log(line(`  at the server: ${step} × ${runs}`, took).replace(/ ms/g, unit ? ' ms' : '   '));
      figures[`getAfterSave_${step}Median${unit}`] = round1(took.median);
    }
    console.log(line(`PUT one card changed × ${RUNS}`, result.put));
    console.log(`GET as a browser receives it:       ${figures.getWireKb} KB (${sent.encoding})`);
    if (result.patch) {
      console.log(line(`PATCH one card, keyed × ${RUNS}`, result.patch));
      printAtServer('patch', result.atServerPatch, figures);
    } else console.log('PATCH: not served by this build (before delta saves)');
    console.log('One-card save, median bytes:       up (JSON)   down (JSON)   down (br, as sent)');
    for (const [label, kind] of [
      ['  whole document (PUT)', 'put'],
      ['  delta (PATCH)', 'patch'],
    ]) {
      const sizes = result.wire[kind];
      if (sizes.up.length === 0) continue;
      console.log(`${label.padEnd(34)}${kb(median(sizes.up))}  ${kb(median(sizes.down))}  ${kb(median(sizes.downBr))}`);
    }

    const finish = () => printResult({ ...figures, loadEnd: loadAverage()[0] });
    if (process.env.BENCH_SKIP_BROWSER === '1') return finish();
    if (!fs.existsSync(CHROMIUM_PATH)) {
      console.log(`Browser: ${CHROMIUM_PATH} not found, skipped.`);
      return finish();
    }
    const browser = await measureBrowser(server.url, server.adminPassword, result.projectId);
    if (browser.skipped) {
      console.log(`Browser: skipped (${browser.skipped}).`);
      return finish();
    }
    for (const [mode, timings] of Object.entries(browser)) {
      console.log(`Chromium, ${mode} (${BROWSER_RUNS} runs, ${timings.rendered} cards in the DOM):`);
      console.log(line('  first card visible', timings.firstCard));
      if (timings.allCards) console.log(line(`  all ${CARDS} cards in the DOM`, timings.allCards));
      console.log(line('  card click opens its dialog', timings.interactive));
      const key = mode === 'cold' ? 'cold' : 'inApp';
      figures[`${key}FirstCardMs`] = Math.round(timings.firstCard.median);
      figures[`${key}InteractiveMs`] = Math.round(timings.interactive.median);
      figures[`${key}CardsInDom`] = timings.rendered;
    }
    finish();
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
