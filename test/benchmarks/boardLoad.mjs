#!/usr/bin/env node
// Where the time goes between opening a 5,000-card board and its first task dialog (issue 17,
// "the first screen first"): the board of projectBoard.mjs (fillBoard) opened in Chromium, cold
// (a full page load) and in-app (from the dashboard), and for each run the milestones from the
// start of the navigation: the board's GET sent, its answer's first and last byte (resource
// timing), the first card in the DOM and painted, the card clicked, its dialog shown, and the
// main thread's long tasks in between, and Chromium's count of the page's layouts and style
// recalculations until the dialog with the layouts' time (CDP Performance.getMetrics; a layout a
// script forces by reading a size counts as one, as do Playwright's own checks before its click). Builds that set the board's own marks (`wb:board:*`,
// entities/project/boardLoadMarks.ts) add them: the answer parsed, in the store.
//
// BENCH_PHONE=1 opens the audit's board (12 cards, audit.mjs) as a phone would: 390x844, touch,
// the CPU slowed down 4x (CDP, as Lighthouse's mobile preset simulates it), cold with the service
// worker, its caches, IndexedDB and the HTTP cache cleared before each opening (as the audit's cold
// runs), and after the measured runs one more opening per build under the CPU profiler, whose long
// tasks (> 50 ms) are printed with what they ran (functions, script files). Lighthouse counts every
// such task (its part over 50 ms) as blocking (TBT).
//
//   BENCH_PHONE=1 RENDERER_BEFORE=/tmp/before-dist node test/benchmarks/boardLoad.mjs
//
// With RENDERER_BEFORE=<another renderer build> a second server (same server build, own
// database) serves that renderer, and the runs alternate between the two, so that both meet
// the same load; the table puts them side by side. BENCH_PROFILE=1 records the last run of each
// build and mode under Chromium's CPU profiler and prints the functions with the most time.
//
//   npm run build && RENDERER_BEFORE=/tmp/before-dist node test/benchmarks/boardLoad.mjs
//
// Options (environment): BENCH_CARDS (5000; phone 12), BENCH_BROWSER_RUNS (5), BENCH_PROFILE,
// BENCH_PHONE, BENCH_CPU_SLOWDOWN (1; phone 4), BENCH_MODES (cold,in-app; phone cold),
// BENCH_TASKS (phone 1: the profiled opening with its long tasks), RENDERER_BEFORE, CHROMIUM_PATH.
/* global document, window, requestAnimationFrame, MutationObserver -- page functions run in the browser. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  clearOriginCaches,
  client,
  fillBoard,
  launchChromium,
  loadAverage,
  printResult,
  signInAsAdmin,
  startCpuProfile,
  startServer,
  stats,
  profileSummary,
  profileWindows,
} from './support.mjs';

const PHONE = process.env.BENCH_PHONE === '1';
const CARDS = Number(process.env.BENCH_CARDS ?? (PHONE ? 12 : 5000));
const RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 5);
const PROFILE = process.env.BENCH_PROFILE === '1';
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? (PHONE ? 4 : 1));
const MODES = (process.env.BENCH_MODES ?? (PHONE ? 'cold' : 'cold,in-app')).split(',');
const TASKS = (process.env.BENCH_TASKS ?? (PHONE ? '1' : '0')) === '1';
/** The page (as Lighthouse's mobile preset: a touch screen, 1.75 device pixels per CSS pixel) or an office screen. */
const DEVICE = PHONE
  ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }
  : { viewport: { width: 1400, height: 900 } };
/** The function the page runs for a moment to tie its clock to the CPU profile's (support.mjs, profileWindows). */
const ANCHOR = 'wbProfileAnchor';
const BEFORE = process.env.RENDERER_BEFORE ? path.resolve(process.env.RENDERER_BEFORE) : null;

/** In the page before any script: the first card's arrival and paint, and the long tasks. */
function watchBoard() {
  const state = { longTasks: [], firstCardInDom: null, firstCardPainted: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, ms: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    if (state.firstCardInDom !== null || !document.querySelector('[data-testid^="card-"]')) return;
    state.firstCardInDom = performance.now();
    observer.disconnect();
    // The frame after the one that draws it: the card is on screen.
    requestAnimationFrame(() => setTimeout(() => (state.firstCardPainted = performance.now())));
  });
  /** From now on (again): the next first card, the long tasks from here. */
  state.watch = () => {
    Object.assign(state, { longTasks: [], firstCardInDom: null, firstCardPainted: null });
    observer.observe(document.documentElement, { childList: true, subtree: true });
  };
  /** Busy for 3 ms under a name the CPU profile records: the page's time at its start ties the two clocks. */
  state.anchor = function wbProfileAnchor() {
    const start = performance.now();
    while (performance.now() - start < 3);
    return start;
  };
  window.boardLoad = state;
  if (document.documentElement) state.watch();
  else document.addEventListener('DOMContentLoaded', state.watch);
}

/** A board of CARDS cards on a server of its own serving `rendererDir` (null: this tree's build). */
async function boardServer(rendererDir) {
  const server = await startServer(rendererDir ? { RENDERER_DIR: rendererDir } : {});
  const api = client(server.url);
  await api.login('admin', server.adminPassword);
  const name = PHONE ? 'Heizung Wohnanlage Süd' : `Benchmark ${CARDS} Karten`; // the audit's board on the phone
  const created = await api.call('POST', '/api/projects', JSON.stringify({ name }));
  const project = fillBoard(JSON.parse(created.text), CARDS);
  await api.call('PUT', `/api/projects/${project.id}`, JSON.stringify(project));
  return { ...server, projectId: project.id };
}

async function openPage(browser, server) {
  const context = await browser.newContext({ locale: 'de-DE', ...DEVICE });
  await context.addInitScript(watchBoard);
  const page = await context.newPage();
  await signInAsAdmin(page, server.url, server.adminPassword);
  // Chromium's own counters of the page's layouts and style recalculations (forced or not).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  // After the sign-in: the slowed CPU is the board's, not the login's.
  if (CPU_SLOWDOWN !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page, server, cdp };
}

/**
 * The functions with the most time of their own, and with what they call, of one recorded run;
 * with `tasks` (long tasks on the page's clock, ms from the navigation after `start`) each of
 * them with what ran in it. `anchorAt`: the page's time of its profile anchor (watchBoard).
 */
async function printProfile(session, label, { tasks = null, start = 0, anchorAt = null } = {}) {
  const { profile } = await session.send('Profiler.stop');
  const file = path.join(os.tmpdir(), `boardLoad-${label.replace(/\W+/g, '-')}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  if (tasks) {
    // Beside the profile: the tasks and the anchor, to look at a task again (support.mjs, profileWindows).
    fs.writeFileSync(file.replace(/\.cpuprofile$/, '.tasks.json'), JSON.stringify({ tasks, start, anchorAt }));
    const windows = profileWindows(profile, tasks, { name: ANCHOR, at: anchorAt });
    console.log(`  long tasks, ${label} (${file}), ms from the navigation:`);
    tasks.forEach((task, index) => {
      const ran = windows[index];
      console.log(`   task at ${(task.start - start).toFixed(0)} ms, ${task.ms.toFixed(0)} ms long`);
      if (!ran) console.log('    (profile and page not tied: no anchor in the profile)');
      else
        console.log(
          `    sampled ${ran.sampled.toFixed(0)} ms; files: ${ran.files}\n${ran.own}\n    with what they call:\n${ran.total}`,
        );
    });
    if (tasks.length === 0) console.log('   none');
    return;
  }
  const { own, total } = profileSummary(profile);
  console.log(`  profile, ${label} (${file}); most time of their own:\n${own}`);
  console.log(`  most time with what they call:\n${total}`);
}

/** One opening of the board: the milestones in ms from the navigation's start. */
/** The layout counters of the page now (Performance.getMetrics: counts, durations in s). */
async function layoutMetrics(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name) => metrics.find((metric) => metric.name === name)?.value ?? 0;
  return {
    layouts: value('LayoutCount'),
    layoutMs: value('LayoutDuration') * 1000,
    styles: value('RecalcStyleCount'),
    styleMs: value('RecalcStyleDuration') * 1000,
  };
}

/**
 * One opening. `profileLabel`: recorded under the CPU profiler; `taskProfile`: that recording
 * printed as the long tasks with what they ran (else as the functions of the whole opening).
 */
async function once({ context, page, server, cdp }, mode, profileLabel, taskProfile = false) {
  const boardUrl = `${server.url}/#/project/${server.projectId}`;
  if (mode === 'cold') {
    await page.goto('about:blank');
    if (PHONE) await clearOriginCaches(cdp, server.url);
  } else {
    await page.goto(`${server.url}/#/`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 30000 });
    await page.evaluate(() => {
      window.boardLoad.watch();
      performance.clearResourceTimings();
      performance.clearMarks();
    });
  }
  const profiler = profileLabel ? await startCpuProfile(context, page) : null;
  // In-app: the start is the hash change, taken in the page (its clock); cold: the navigation (0).
  let layoutsBefore = mode === 'cold' ? null : await layoutMetrics(cdp);
  if (mode === 'cold') await page.goto(boardUrl, { waitUntil: 'commit' });
  else await page.evaluate((url) => ((window.boardStart = performance.now()), (window.location.href = url)), boardUrl);
  // Cold: counted from the new document's commit (the counters start again with it).
  layoutsBefore ??= await layoutMetrics(cdp);
  const cards = page.locator('[data-testid^="card-"]');
  await cards.first().waitFor({ state: 'visible', timeout: 60000 });
  const title = await cards.first().getAttribute('aria-label');
  const clickedAt = await page.evaluate(() => performance.now());
  await cards.first().click({ timeout: 30000 });
  // Its content, not only its frame: a dialog whose chunk is still loading shows a frame of the same name.
  await page
    .getByRole('dialog', { name: title ?? undefined })
    .getByRole('tab', { name: 'Details' })
    .waitFor({ state: 'visible', timeout: 30000 });
  const dialogAt = await page.evaluate(() => performance.now());
  const layoutsAfter = await layoutMetrics(cdp);
  if (profiler && taskProfile) {
    const { tasks, start, anchorAt } = await page.evaluate(() => ({
      tasks: window.boardLoad.longTasks.filter((task) => task.start >= (window.boardStart ?? 0)),
      start: window.boardStart ?? 0,
      anchorAt: window.boardLoad.anchor(),
    }));
    await printProfile(profiler, profileLabel, { tasks, start, anchorAt });
  } else if (profiler) await printProfile(profiler, profileLabel);
  const figures = await page.evaluate(
    ({ projectId, clicked, dialog }) => {
      const start = window.boardStart ?? 0;
      const at = (value) => (value === null || value === undefined ? null : value - start);
      const get = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith(`/api/projects/${projectId}`))
        .at(-1);
      const mark = (name) => at(performance.getEntriesByName(name, 'mark').at(-1)?.startTime);
      const tasks = window.boardLoad.longTasks.filter((task) => task.start >= start && task.start < dialog);
      return {
        getSent: at(get?.requestStart || get?.startTime),
        getFirstByte: at(get?.responseStart),
        getLastByte: at(get?.responseEnd),
        answerParsed: mark('wb:board:answer'),
        inStore: mark('wb:board:stored'),
        firstCardInDom: at(window.boardLoad.firstCardInDom),
        firstCardPainted: at(window.boardLoad.firstCardPainted),
        clicked: at(clicked),
        dialogShown: at(dialog),
        longTasks: tasks.length,
        longestTask: tasks.reduce((max, task) => Math.max(max, task.ms), 0),
        blocked: tasks.reduce((sum, task) => sum + task.ms, 0),
        // Lighthouse's way: each long task's part over 50 ms, here until the first card is painted.
        blockingToFirstCard: tasks
          .filter((task) => task.start < (window.boardLoad.firstCardPainted ?? Infinity))
          .reduce((sum, task) => sum + Math.max(0, task.ms - 50), 0),
      };
    },
    { projectId: server.projectId, clicked: clickedAt, dialog: dialogAt },
  );
  if (profileLabel) {
    // The requests of the recorded run, in the order they started: what the board waited for.
    const requests = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({
        name: entry.name.replace(/^https?:\/\/[^/]+/, ''),
        asked: entry.startTime - (window.boardStart ?? 0),
        start: (entry.requestStart || entry.startTime) - (window.boardStart ?? 0),
        end: entry.responseEnd - (window.boardStart ?? 0),
      })),
    );
    console.log(`  requests, ${profileLabel} (ms from the navigation: asked / sent → last byte):`);
    for (const request of requests) {
      const [asked, sent, end] = [request.asked, request.start, request.end].map((at) => at.toFixed(0).padStart(6));
      console.log(`    ${asked} / ${sent} → ${end}  ${request.name}`);
    }
  }
  await page.keyboard.press('Escape');
  // The renderer's own part, without the server's: from the answer's last byte.
  const after = (at) => (at === null || figures.getLastByte === null ? null : at - figures.getLastByte);
  return {
    ...figures,
    layouts: layoutsAfter.layouts - layoutsBefore.layouts,
    layoutMs: layoutsAfter.layoutMs - layoutsBefore.layoutMs,
    styles: layoutsAfter.styles - layoutsBefore.styles,
    styleMs: layoutsAfter.styleMs - layoutsBefore.styleMs,
    storeToPainted:
      figures.firstCardPainted === null || figures.inStore === null ? null : figures.firstCardPainted - figures.inStore,
    answerToFirstCard: after(figures.firstCardPainted),
    answerToDialog: after(figures.dialogShown),
  };
}

const MILESTONES = [
  ['getSent', 'GET sent'],
  ['getFirstByte', 'GET first byte'],
  ['getLastByte', 'GET last byte'],
  ['answerParsed', 'answer parsed (mark)'],
  ['inStore', 'in the store (mark)'],
  ['firstCardInDom', 'first card in the DOM'],
  ['firstCardPainted', 'first card painted'],
  ['clicked', 'card clicked'],
  ['dialogShown', 'its dialog shown'],
  ['answerToFirstCard', 'last byte → first card painted'],
  ['answerToDialog', 'last byte → its dialog shown'],
  ['longTasks', 'long tasks (count)'],
  ['longestTask', 'longest task'],
  ['blocked', 'blocked in long tasks'],
  ['blockingToFirstCard', 'blocking time (over 50 ms) until the first card'],
  ['layouts', 'layouts until the dialog (count)'],
  ['layoutMs', 'layout time until the dialog'],
  ['styles', 'style recalculations (count)'],
  ['styleMs', 'style recalculation time'],
  ['storeToPainted', 'in the store → first card painted'],
];

function medianOf(runs, key) {
  const values = runs.map((run) => run[key]).filter((value) => value !== null && value !== undefined);
  return values.length === runs.length ? stats(values).median : null;
}

async function main() {
  const loadStart = loadAverage();
  const builds = [{ name: 'after', server: await boardServer(null) }];
  if (BEFORE) builds.unshift({ name: 'before', server: await boardServer(BEFORE) });
  const browser = await launchChromium();
  const figures = { cards: CARDS, runs: RUNS, phone: PHONE, cpuSlowdown: CPU_SLOWDOWN, loadStart: loadStart[0] };
  try {
    for (const build of builds) build.page = await openPage(browser, build.server);
    const table = [];
    for (const mode of MODES) {
      for (const build of builds) await once(build.page, mode, null); // warm-up: cache, JIT
      const runs = new Map(builds.map((build) => [build.name, []]));
      for (let run = 0; run < RUNS; run++)
        for (const build of builds) {
          const label = PROFILE && run === RUNS - 1 ? `${build.name} ${mode}` : null;
          runs.get(build.name).push(await once(build.page, mode, label));
        }
      // Not counted: one more opening of each under the profiler, its long tasks with what they ran.
      if (TASKS) for (const build of builds) await once(build.page, mode, `${build.name} ${mode}, long tasks`, true);
      for (const build of builds) {
        const medians = Object.fromEntries(MILESTONES.map(([key]) => [key, medianOf(runs.get(build.name), key)]));
        table.push({ label: `${build.name}, ${mode}`, medians });
        const prefix = `${build.name}${mode === 'cold' ? 'Cold' : 'InApp'}`;
        figures[`${prefix}FirstCardMs`] = Math.round(medians.firstCardPainted ?? -1);
        figures[`${prefix}DialogMs`] = Math.round(medians.dialogShown ?? -1);
        figures[`${prefix}AnswerToFirstCardMs`] = Math.round(medians.answerToFirstCard ?? -1);
        figures[`${prefix}BlockingToFirstCardMs`] = Math.round(medians.blockingToFirstCard ?? -1);
      }
    }
    const loadEnd = loadAverage();
    const device = PHONE ? `as a phone (390x844, touch, CPU ${CPU_SLOWDOWN}x slower, caches cleared)` : 'at 1400x900';
    console.log(
      `\nOpening a board of ${CARDS} cards in Chromium ${device}, medians of ${RUNS} runs, ms from the navigation`,
    );
    console.log(`Node ${process.version}, ${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? 'unknown'})`);
    console.log(`Load average (1, 5, 15 min) at the start: ${loadStart.join(', ')}; at the end: ${loadEnd.join(', ')}`);
    console.log(`\n| milestone | ${table.map((column) => column.label).join(' | ')} |`);
    console.log(`| --- | ${table.map(() => '---').join(' | ')} |`);
    for (const [key, label] of MILESTONES) {
      const cells = table.map(({ medians }) => (medians[key] === null ? '–' : Math.round(medians[key]).toString()));
      console.log(`| ${label} | ${cells.join(' | ')} |`);
    }
    figures.loadEnd = loadEnd[0];
  } finally {
    await browser.close();
    for (const build of builds) await build.server.stop();
  }
  printResult(figures);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
