#!/usr/bin/env node
// Benchmark of a drag on a 5,000-card board (issue 17: "a drag at 5,000 cards without a long
// task over 100 ms"): the built server with its own embedded PostgreSQL, the benchmarks' board
// (fillBoard: cards with entries over the four columns), Debian's Chromium twice: desktop size
// with the mouse (HTML5 drag and drop) and phone size (390x844) with a finger (CDP touch
// events, the long press of the touch backend). A PerformanceObserver for 'longtask' records
// the main thread's tasks over 50 ms from the pick-up to the drop's save answered and drawn;
// prints per drag the longest task and their count, and the load average.
//
//   npm run build && node test/benchmarks/boardDrag.mjs
//
// Options (environment): BENCH_CARDS (default 5000), BENCH_RUNS (drags per device, default 5),
// BENCH_PROFILE (1 or first), CHROMIUM_PATH (default /usr/bin/chromium), RENDERER_DIR (another
// renderer build; passed on to the server, for a side-by-side run).
/* global window, requestAnimationFrame -- page functions run in the browser. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  client,
  fillBoard,
  launchChromium,
  printResult,
  signInAsAdmin,
  startCpuProfile,
  startServer,
  stats,
  profileSummary,
} from './support.mjs';

const CARDS = Number(process.env.BENCH_CARDS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const AIM_MS = 100;
/** The board lifts a card under a finger after 300 ms without a move. */
const LONG_PRESS_MS = 600;

/** In the page before its scripts: every long task with its start, for the window of one drag. */
function watchLongTasks() {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push({ start: entry.startTime, ms: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * BENCH_PROFILE=1: the last drag of each device under Chromium's CPU profiler; BENCH_PROFILE=first:
 * the first (the page's first drop, which loads and compiles what a save needs).
 */
const PROFILE = process.env.BENCH_PROFILE === '1' || process.env.BENCH_PROFILE === 'first';
const PROFILED_RUN = process.env.BENCH_PROFILE === 'first' ? 0 : RUNS - 1;

/** The functions with the most time of their own, and their file, from the profile of one drag. */
async function printProfile(session, device) {
  const { profile } = await session.send('Profiler.stop');
  const file = path.join(os.tmpdir(), `boardDrag-${device}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  const { own, total } = profileSummary(profile);
  console.log(
    `  profile of the ${PROFILED_RUN === 0 ? 'first' : 'last'} ${device} drag (${file}); most time of their own:\n${own}`,
  );
  console.log(`  most time with what they call:\n${total}`);
}

const frames = (page, count = 2) =>
  page.evaluate(
    (n) =>
      new Promise((resolve) => {
        const next = (left) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
        next(n);
      }),
    count,
  );

const center = (box, fromTop = 0.5) => ({ x: box.x + box.width / 2, y: box.y + box.height * fromTop });
const cardsOf = (page, column) =>
  page.locator('[data-testid^="column-"]').nth(column).locator('[data-testid^="card-"]');

/** A drag with the mouse (HTML5 backend): the first card of column 1 onto the third of column 2. */
async function mouseDrag(page) {
  const from = center(await cardsOf(page, 0).first().boundingBox());
  const to = center(await cardsOf(page, 1).nth(2).boundingBox(), 0.25);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + 10, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.mouse.up();
}

/** A drag with a finger (touch backend, long press): the first card of column 1 before its fourth. */
async function touchDrag(page, cdp) {
  const from = center(await cardsOf(page, 0).first().boundingBox());
  const to = center(await cardsOf(page, 0).nth(3).boundingBox(), 0.25);
  const touch = (type, at) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: at ? [{ x: Math.round(at.x), y: Math.round(at.y) }] : [],
    });
  await touch('touchStart', from);
  await page.waitForTimeout(LONG_PRESS_MS);
  const steps = 12;
  for (let step = 1; step <= steps; step++) {
    await touch('touchMove', {
      x: from.x + ((to.x - from.x) * step) / steps,
      y: from.y + ((to.y - from.y) * step) / steps,
    });
    await frames(page, 1);
  }
  await touch('touchEnd', null);
}

async function measureDevice(browser, baseUrl, password, projectId, device) {
  const phone = device === 'touch';
  const context = await browser.newContext({
    locale: 'de-DE',
    viewport: phone ? { width: 390, height: 844 } : { width: 1400, height: 900 },
    hasTouch: phone,
    isMobile: phone,
  });
  await context.addInitScript(watchLongTasks);
  const page = await context.newPage();
  await signInAsAdmin(page, baseUrl, password);
  await page.goto(`${baseUrl}/#/project/${projectId}`);
  await cardsOf(page, 0).first().waitFor();
  // The column on the screen (on the phone the project's header is above it).
  await page
    .locator('[data-testid^="column-"]')
    .first()
    .evaluate((column) => column.scrollIntoView({ block: 'end' }));
  const cdp = phone ? await context.newCDPSession(page) : null;

  const drags = [];
  for (let run = 0; run < RUNS; run++) {
    await frames(page);
    const start = await page.evaluate(() => performance.now());
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok(), {
      timeout: 60000,
    });
    const pickedUp = performance.now();
    const profiler = PROFILE && run === PROFILED_RUN ? await startCpuProfile(context, page) : null;
    if (phone) await touchDrag(page, cdp);
    else await mouseDrag(page);
    await saved;
    const wallMs = performance.now() - pickedUp;
    // The answer applied and drawn; a long task is reported once it has ended.
    await frames(page, 3);
    // Stopped after those frames: the answer's task is part of the profile.
    if (profiler) await printProfile(profiler, device);
    const tasks = await page.evaluate((from) => window.longTasks.filter((task) => task.start >= from), start);
    drags.push({
      longest: Math.max(0, ...tasks.map((task) => task.ms)),
      count: tasks.length,
      total: tasks.reduce((sum, task) => sum + task.ms, 0),
      wallMs,
    });
  }
  await context.close();
  return drags;
}

async function main() {
  const loadBefore = os.loadavg();
  const server = await startServer(process.env.RENDERER_DIR ? { RENDERER_DIR: process.env.RENDERER_DIR } : {});
  let browser;
  try {
    const api = client(server.url);
    await api.login('admin', server.adminPassword);
    const created = await api.call('POST', '/api/projects', JSON.stringify({ name: `Benchmark ${CARDS} Karten` }));
    const project = fillBoard(JSON.parse(created.text), CARDS);
    await api.call('PUT', `/api/projects/${project.id}`, JSON.stringify(project));
    browser = await launchChromium();

    console.log(
      `A drag on a board of ${CARDS} cards, ${RUNS} drags per device (long tasks: over 50 ms, aim: none over ${AIM_MS} ms)`,
    );
    console.log(
      'device                     longest task (median, max)   long tasks per drag (median)   blocked per drag (median)   drag to saved (median)',
    );
    const result = { cards: CARDS, runs: RUNS };
    for (const device of ['mouse', 'touch']) {
      const drags = await measureDevice(browser, server.url, server.adminPassword, project.id, device);
      const longest = stats(drags.map((drag) => drag.longest));
      const count = stats(drags.map((drag) => drag.count));
      const total = stats(drags.map((drag) => drag.total));
      const wall = stats(drags.map((drag) => drag.wallMs));
      const label = device === 'mouse' ? 'desktop 1400x900, mouse' : 'phone 390x844, touch';
      console.log(
        `${label.padEnd(27)}${`${longest.median.toFixed(0)} ms, ${longest.max.toFixed(0)} ms`.padStart(20)}${String(count.median).padStart(28)}${`${total.median.toFixed(0)} ms`.padStart(28)}${`${wall.median.toFixed(0)} ms`.padStart(25)}`,
      );
      console.log(`  per drag: ${drags.map((drag) => `${drag.longest.toFixed(0)} ms/${drag.count}`).join(', ')}`);
      Object.assign(result, {
        [`${device}LongestTaskMedianMs`]: Math.round(longest.median),
        [`${device}LongestTaskMaxMs`]: Math.round(longest.max),
        [`${device}LongTasksMedian`]: count.median,
        [`${device}BlockedMedianMs`]: Math.round(total.median),
      });
    }
    const loadAfter = os.loadavg();
    console.log(
      `Load average (1, 5 min) at the start: ${loadBefore[0].toFixed(2)}, ${loadBefore[1].toFixed(2)}; at the end: ${loadAfter[0].toFixed(2)}, ${loadAfter[1].toFixed(2)}`,
    );
    printResult({ ...result, loadAvg1: [Number(loadBefore[0].toFixed(2)), Number(loadAfter[0].toFixed(2))] });
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await main();
