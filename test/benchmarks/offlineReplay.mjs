#!/usr/bin/env node
// Benchmark of the offline queue's replay (issue 7): 1,000 queued project saves replayed by
// the real app in Chromium against the built server with its own embedded PostgreSQL. The
// saves are written into the app's IndexedDB queue while the page is offline, as the app
// keeps them; then the connection comes back and the app replays them in order with their
// idempotency keys (a project's tried saves in batches, POST /api/projects/{id}/saves, where the
// build has them: each save counted by its key). Prints the replay's wall-clock time, writes per second, the time per
// write, and checks through the API that every change is on the server ('lost: 0') and that
// none ended in the failed list. A second round queues 100 writes the server has applied
// already (their answers "lost") and checks that replaying them changes nothing. Exits
// non-zero if anything was lost, failed or applied twice. Figures: docs/performance.md.
//
//   npm run build && node test/benchmarks/offlineReplay.mjs
//
// Options (environment): BENCH_WRITES (default 1000), BENCH_PROJECTS (default 10, at most 10
// on the Free license), BENCH_CARDS (cards per project, default 20), BENCH_REPLAYED (writes of
// the idempotency round, default 100), BENCH_TRIGGER ('online', default: the page goes back
// online; 'reload': the queue is written while the app is idle and the page reloads),
// CHROMIUM_PATH (default /usr/bin/chromium), RENDERER_DIR (passed on to the server),
// BENCH_BASE (a built tree of the code to compare with, e.g. main's: its delta and two-device
// rounds run beside this build's, taking turns, and a side-by-side table is printed),
// BENCH_ROUNDS (which rounds: 'joined,delta,two,whole', default all; the idempotency round runs with
// 'whole' when BENCH_REPLAYED > 0), BENCH_PROFILE (a directory: CPU profiles of this build's
// page during the delta round and of its server's whole run are written there, and the
// functions that took the most time are printed).
/* global document, indexedDB -- the page functions run in the browser. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import common from '@werkboard/common';
import {
  BASE_ROOT,
  childPids,
  client,
  cpuMsOf,
  launchChromium,
  line,
  ms,
  printResult,
  profileSummary,
  SERVER_ROOT,
  signInAsAdmin,
  startCpuProfile,
  startServer,
  stats,
  treeCpuMs,
} from './support.mjs';

const { addTimeEntry, documentDelta, keysAfter, newId } = common;

const WRITES = Number(process.env.BENCH_WRITES ?? 1000);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 10);
const CARDS = Number(process.env.BENCH_CARDS ?? 20);
const REPLAYED = Number(process.env.BENCH_REPLAYED ?? 100);
const TRIGGER = process.env.BENCH_TRIGGER ?? 'online';
const ROUNDS = new Set((process.env.BENCH_ROUNDS ?? 'joined,delta,two,whole').split(','));
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
/** No write finished for this long: the replay has stopped. */
const STALL_MS = 120_000;
const TODAY = new Date().toISOString().slice(0, 10);

const RUN = Date.now().toString(36);
let keyCount = 0;
/** An idempotency key as the server takes it (letters, digits, '-'). */
const newKey = (round) => `bench-${RUN}-${round}-${String(keyCount++).padStart(5, '0')}`;

/** Projects with CARDS cards in their first column, created and filled through the API; their documents as read. */
async function seedProjects(api) {
  const documents = [];
  for (let index = 0; index < PROJECTS; index++) {
    const created = await api.call('POST', '/api/projects', JSON.stringify({ name: `Offline-Baustelle ${index + 1}` }));
    const project = JSON.parse(created.text);
    project.columns[0].cards = keysAfter(null, CARDS).map((position, cardIndex) => ({
      id: newId(),
      rev: 0,
      position,
      title: `Aufgabe ${cardIndex + 1}: Leitungen verlegen`,
      description: 'Kabelkanal im Flur, Abzweigdosen setzen.',
      tagIds: [],
      group: null,
      assignedTo: null,
      timeEntries: [],
      materialEntries: [],
    }));
    await api.call('PUT', `/api/projects/${project.id}`, JSON.stringify(project));
    documents.push(JSON.parse((await api.call('GET', `/api/projects/${project.id}`)).text));
  }
  return documents;
}

/**
 * `count` document saves as a device that read `documents` and then worked offline queues
 * them: round-robin over the projects, each save the whole document with one more change
 * (even: a time entry on a card, odd: a note; each with its change-log entry, as the board
 * writes it, which the server ignores and writes itself), all based on the revision the device
 * read, each containing the earlier offline changes of its project. `attempts: 1`: a save that was tried once is never joined with
 * later ones (syncQueue.ts, enqueue), so every one is replayed on its own.
 */
function offlineSaves(documents, user, count, round, kinds = ['time', 'note'], shape = 'whole') {
  const local = documents.map((document) => structuredClone(document));
  // The log is the server's (issue 13): expected are its actions, one per write.
  const expected = { time: new Set(), note: new Set(), log: [] };
  const writes = [];
  const started = Date.now() - count * 1000;
  for (let index = 0; index < count; index++) {
    const document = local[index % local.length];
    const base = shape === 'delta' ? structuredClone(document) : null;
    const change = Math.floor(index / local.length);
    const kind = kinds[change % kinds.length];
    const cards = document.columns[0].cards;
    let action;
    if (kind === 'time') {
      const id = newId();
      const hours = 0.25 * (1 + (change % 8));
      action = addTimeEntry(
        document,
        cards[change % cards.length].id,
        { userId: user.id, username: user.username, date: TODAY, hours },
        id,
      );
      expected.time.add(id);
    } else {
      const id = newId();
      const title = `Offline-Notiz ${round}.${change + 1}`;
      document.notes.push({
        id,
        rev: 0,
        title,
        content: `Auf der Baustelle ohne Netz notiert (${index + 1}).`,
        authorId: user.id,
        authorUsername: user.username,
        timestamp: new Date(started + index * 1000).toISOString(),
      });
      action = `hat die Notiz „${title}“ hinzugefügt.`;
      expected.note.add(id);
    }
    document.changeLog.unshift({
      id: newId(),
      timestamp: new Date(started + index * 1000).toISOString(),
      userId: user.id,
      username: user.username,
      action,
    });
    expected.log.push(action);
    // This version's outbox (issue 17): a delta on the copy before this change, with both
    // copies; tried once (a fitter on a flaky line: its answer never came), so never joined
    // with a later save nor rebased: sent as it is after the one before it (or with it, in one
    // request of the outbox's batch replay).
    if (base)
      writes.push({
        key: newKey(round),
        queuedAt: new Date(started + index * 1000).toISOString(),
        ...{ method: 'PATCH', path: `/projects/${document.id}`, body: documentDelta(base, document) },
        ...{ base, document: structuredClone(document), userId: user.id, attempts: 1 },
      });
    else
      writes.push({
        key: newKey(round),
        queuedAt: new Date(started + index * 1000).toISOString(),
        method: 'PUT',
        path: `/projects/${document.id}`,
        body: structuredClone(document),
        userId: user.id,
        attempts: 1,
      });
  }
  return { writes, expected };
}

/** What the server holds now: per project its revision and the ids of its entries. */
async function serverState(api, documents) {
  const projects = [];
  for (const { id } of documents) {
    const document = JSON.parse((await api.call('GET', `/api/projects/${id}`)).text);
    const time = document.columns.flatMap((column) => column.cards.flatMap((card) => card.timeEntries));
    projects.push({
      id,
      revision: document.revision,
      time: time.map((entry) => entry.id),
      note: document.notes.map((note) => note.id),
      log: document.changeLog.map((entry) => entry.action),
      conflicts: document.changeLog.filter((entry) => entry.action.includes('gleichzeitig')).length,
    });
  }
  return projects;
}

/**
 * Per kind: how many of `expected` (entry ids; for the log, the server's actions, which may
 * repeat) are missing on the server, and how many are there more often than expected.
 */
function compare(projects, expected) {
  const result = {};
  for (const kind of ['time', 'note', 'log']) {
    const held = projects.flatMap((project) => project[kind]);
    const count = new Map();
    for (const value of held) count.set(value, (count.get(value) ?? 0) + 1);
    const wanted = new Map();
    for (const value of expected[kind]) wanted.set(value, (wanted.get(value) ?? 0) + 1);
    let missing = 0;
    let twice = 0;
    for (const [value, times] of wanted) {
      const found = count.get(value) ?? 0;
      missing += Math.max(0, times - found);
      twice += Math.max(0, found - times);
    }
    const total = [...expected[kind]].length;
    result[kind] = { expected: total, found: total - missing, missing, twice, total: held.length };
  }
  return result;
}

// The app's IndexedDB database 'werkboard' (renderer/src/platform/localStore/indexedDb.ts).

async function waitForQueueStore(page) {
  const until = Date.now() + 30000;
  while (Date.now() < until) {
    const ready = await page.evaluate(async () => {
      const names = (await indexedDB.databases()).map((database) => database.name);
      if (!names.includes('werkboard')) return false;
      const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open('werkboard', 1);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const has = db.objectStoreNames.contains('syncQueue');
      db.close();
      return has;
    });
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the app did not create IndexedDB 'werkboard'/'syncQueue' within 30 s");
}

/**
 * Appends `writes` to the pending list of the queue, in their order, after what is there, as
 * the app's store keeps them (rows by key with a position; renderer/src/platform/localStore/
 * queueRows.ts), and counts the queue's version up so the app rereads it (another tab's change).
 */
async function writeQueue(page, writes) {
  for (let start = 0; start < writes.length; start += 100) {
    await page.evaluate(
      async ({ rows }) => {
        const db = await new Promise((resolve, reject) => {
          const request = indexedDB.open('werkboard', 1);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        await new Promise((resolve, reject) => {
          const transaction = db.transaction(['syncQueue', 'meta'], 'readwrite');
          const store = transaction.objectStore('syncQueue');
          const meta = transaction.objectStore('meta');
          const existing = store.getAll();
          existing.onsuccess = () => {
            let position = Math.max(-1, ...existing.result.map((row) => row.position)) + 1;
            for (const write of rows) store.put({ key: write.key, position: position++, list: 'pending', write });
            const version = meta.get('queueVersion');
            version.onsuccess = () => meta.put((version.result ?? 0) + 1, 'queueVersion');
          };
          transaction.oncomplete = resolve;
          transaction.onerror = () => reject(transaction.error);
        });
        db.close();
      },
      { rows: writes.slice(start, start + 100) },
    );
  }
}

async function readQueue(page) {
  return page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open('werkboard', 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const rows = await new Promise((resolve, reject) => {
      const request = db.transaction('syncQueue').objectStore('syncQueue').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return {
      pending: rows.filter((row) => row.list === 'pending').length,
      failed: rows.filter((row) => row.list === 'failed').map((row) => `${row.write.status} ${row.write.message}`),
    };
  });
}

const footerText = async (page) => ((await page.getByTestId('sync-status').textContent()) ?? '').trim();

async function waitForFooter(page, text, timeout = 30000) {
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="sync-status"]')?.textContent?.trim() === expected,
    text,
    { timeout, polling: 50 },
  );
}

/** A batch of the outbox's replay (`POST /api/projects/{id}/saves`): the path of its project, or null. */
const batchPath = (request) => {
  const { pathname } = new URL(request.url());
  return request.method() === 'POST' && /^\/api\/projects\/[^/]+\/saves$/.test(pathname)
    ? pathname.slice(0, -'/saves'.length)
    : null;
};
const batchKeys = (request) => (JSON.parse(request.postData() ?? '{}').saves ?? []).map((save) => save.key);

/**
 * Every write the page sends with an idempotency key (alone, its `Idempotency-Key`; in a batch,
 * each save's key): when, how long, its answer (`finished`, one entry per write), and every
 * request that carried them (`requests`, one entry per request, with how many writes it carried).
 */
function watchReplay(page) {
  const sent = [];
  const finished = [];
  const requests = [];
  const failed = [];
  const pending = new Set();
  page.on('request', (request) => {
    const key = request.headers()['idempotency-key'];
    if (key) sent.push(key);
    else if (batchPath(request)) sent.push(...batchKeys(request));
  });
  page.on('requestfinished', (request) => {
    const key = request.headers()['idempotency-key'];
    const batch = key ? null : batchPath(request);
    if (!key && !batch) return;
    const done = (async () => {
      const response = await request.response();
      const timing = request.timing();
      const common = {
        path: batch ?? new URL(request.url()).pathname,
        startTime: timing.startTime,
        duration: timing.responseEnd,
        // Until the request went out on a connection (-1: none needed): the wait for a free one.
        waited: Math.max(0, timing.requestStart),
      };
      if (key) {
        const replayed = (await response?.allHeaders())?.['idempotent-replayed'] === 'true';
        finished.push({ key, ...common, status: response?.status() ?? 0, replayed });
        requests.push({ ...common, writes: 1 });
        return;
      }
      const answers = response?.ok() ? ((await response.json()).answers ?? []) : [];
      for (const answer of answers)
        finished.push({ key: answer.key, ...common, status: answer.status, replayed: answer.replayed === true });
      requests.push({ ...common, writes: answers.length });
    })();
    pending.add(done);
    void done.finally(() => pending.delete(done));
  });
  page.on('requestfailed', (request) => {
    const key = request.headers()['idempotency-key'];
    const keys = key ? [key] : batchPath(request) ? batchKeys(request) : [];
    for (const one of keys) failed.push({ key: one, error: request.failure()?.errorText ?? 'unknown' });
  });
  return {
    sent,
    finished,
    requests,
    failed,
    settled: () => Promise.all([...pending]),
    reset() {
      sent.length = 0;
      finished.length = 0;
      requests.length = 0;
      failed.length = 0;
    },
  };
}

/**
 * Queues `writes` on the device and lets the app replay them the way it does for a user: the
 * page comes back online (TRIGGER 'online'), or is reloaded (TRIGGER 'reload'). Measures from
 * the trigger until the footer reads 'Synchron' after the last write was answered.
 */
async function replayRound(build, writes, other = null, profileAs = null) {
  const { context, page, traffic } = build;
  traffic.reset();
  const before = await readQueue(page);
  if (before.pending > 0 || before.failed.length > 0)
    throw new Error(`the queue is not empty before the round: ${JSON.stringify(before)}`);
  if (TRIGGER === 'online') {
    await context.setOffline(true);
    await waitForFooter(page, 'Offline');
  }
  const queueStarted = performance.now();
  await writeQueue(page, writes);
  const queueMs = performance.now() - queueStarted;
  const queued = await readQueue(page);
  if (queued.pending !== writes.length) throw new Error(`queued ${queued.pending} of ${writes.length} writes`);
  // A second device (another browser context) with its own offline queue, back online at the same moment.
  if (other) {
    other.traffic.reset();
    await other.context.setOffline(true);
    await waitForFooter(other.page, 'Offline');
    await writeQueue(other.page, other.writes);
  }

  const profiler = profileAs ? await startCpuProfile(context, page) : null;
  const cpuBefore = build.cpu();
  const started = performance.now();
  const startedEpoch = Date.now();
  if (TRIGGER === 'online') await Promise.all([context.setOffline(false), other?.context.setOffline(false)]);
  else await page.reload();
  if (other) {
    // Both devices' writes count: wait for the other one's too before the first one's are counted.
    const all = other.writes.length;
    for (let last = performance.now(); new Set(other.traffic.finished.map((entry) => entry.key)).size < all;) {
      if (performance.now() - last > STALL_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await waitForFooter(other.page, 'Synchron', STALL_MS);
  }
  const seenLabels = new Set();
  let lastProgress = performance.now();
  let lastCount = 0;
  let stalled = false;
  for (;;) {
    const answered = new Set(traffic.finished.map((entry) => entry.key)).size;
    if (answered >= writes.length) break;
    if (answered !== lastCount) {
      // The replay of 1,000 writes takes minutes: a line every 100 answered writes.
      if (Math.floor(answered / 100) > Math.floor(lastCount / 100))
        console.error(`  … ${answered}/${writes.length} writes answered after ${ms(performance.now() - started)}`);
      lastCount = answered;
      lastProgress = performance.now();
    } else if (performance.now() - lastProgress > STALL_MS) {
      stalled = true;
      break;
    }
    seenLabels.add(await footerText(page).catch(() => ''));
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!stalled) await waitForFooter(page, 'Synchron', STALL_MS);
  const totalMs = performance.now() - started;
  const cpuAfter = build.cpu();
  const cpu = Object.fromEntries(Object.keys(cpuAfter).map((name) => [name, cpuAfter[name] - (cpuBefore[name] ?? 0)]));
  if (profiler) await printPageProfile(profiler, profileAs, totalMs);
  await traffic.settled();
  const after = await readQueue(page);

  // Durations, overlap and cycles per request (a batch is one request for several writes).
  const byStart = [...traffic.requests].sort((a, b) => a.startTime - b.startTime);
  const cycles = byStart.slice(1).map((entry, index) => entry.startTime - byStart[index].startTime);
  const lanes = overlap(byStart);
  return {
    writes: writes.length,
    queueMs,
    totalMs,
    stalled,
    footer: await footerText(page),
    seenLabels: [...seenLabels].filter(Boolean),
    firstWriteMs: byStart.length > 0 ? byStart[0].startTime - startedEpoch : null,
    sent: traffic.sent.length,
    distinctSent: new Set(traffic.sent).size,
    requests: traffic.requests.length,
    batches: traffic.requests.filter((request) => request.writes > 1).length,
    answered: traffic.finished.length,
    ok: traffic.finished.filter((entry) => entry.status >= 200 && entry.status < 300).length,
    notOk: traffic.finished.filter((entry) => entry.status < 200 || entry.status >= 300),
    replayed: traffic.finished.filter((entry) => entry.replayed).length,
    networkFailures: [...traffic.failed],
    request: byStart.length > 0 ? stats(byStart.map((entry) => entry.duration)) : null,
    waited: byStart.length > 0 ? stats(byStart.map((entry) => entry.waited)) : null,
    cycle: cycles.length > 0 ? stats(cycles) : null,
    lanes,
    cpu,
    queueAfter: after,
    bodyKb: writes.reduce((sum, write) => sum + JSON.stringify(write.body).length, 0) / 1024,
  };
}

/**
 * Did the lanes overlap? For the requests sorted by their start: how many were in flight when
 * each one started (itself included), how many documents those were, and per document the
 * gap from one of its answers to its next send (what the page did in between).
 */
function overlap(byStart) {
  if (byStart.length === 0) return null;
  const end = (entry) => entry.startTime + entry.duration;
  const inFlight = byStart.map(
    (entry) => byStart.filter((other) => other.startTime <= entry.startTime && end(other) > entry.startTime).length,
  );
  const lastEnd = new Map();
  const gaps = [];
  for (const entry of byStart) {
    const before = lastEnd.get(entry.path);
    if (before !== undefined) gaps.push(entry.startTime - before);
    lastEnd.set(entry.path, end(entry));
  }
  // An answer frees a lane: how long until the page sends the next write (of any document).
  const starts = byStart.map((entry) => entry.startTime);
  const reactions = byStart
    .map(end)
    .map((answered) => starts.find((start) => start >= answered) - answered)
    .filter((gap) => !Number.isNaN(gap));
  const busy = byStart.reduce((sum, entry) => sum + entry.duration, 0);
  const span = Math.max(...byStart.map(end)) - byStart[0].startTime;
  return {
    inFlight: stats(inFlight),
    documents: new Set(byStart.map((entry) => entry.path)).size,
    gap: gaps.length > 0 ? stats(gaps) : null,
    reaction: reactions.length > 0 ? stats(reactions) : null,
    /** Requests in flight on average over the replay: 1 is one after the other. */
    mean: busy / span,
    timeline: byStart.slice(0, 12).map((entry) => ({
      path: entry.path.slice(-4),
      start: entry.startTime - byStart[0].startTime,
      end: end(entry) - byStart[0].startTime,
    })),
  };
}

/** Writes the page's CPU profile into PROFILE_DIR and prints where its time went. */
async function printPageProfile(session, name, totalMs) {
  const { profile } = await session.send('Profiler.stop');
  await session.detach();
  const file = path.join(PROFILE_DIR, `${name}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  const summary = profileSummary(profile, 25);
  console.log(
    `\nThe page's CPU during the replay (${file}): busy ${ms(summary.busyMs)} of ${ms(totalMs)}; most time of their own:\n${summary.own}`,
  );
  console.log(`  most time with what they call:\n${summary.total}`);
}

/** Prints where the server's time went over its whole run (its profile, written at its stop). */
function printServerProfile(directory) {
  const files = fs.readdirSync(directory).filter((name) => name.endsWith('.cpuprofile'));
  for (const name of files) {
    const summary = profileSummary(JSON.parse(fs.readFileSync(path.join(directory, name), 'utf8')), 25);
    console.log(
      `\nThe server's CPU over its whole run (${path.join(directory, name)}): busy ${ms(summary.busyMs)}; most time of their own:\n${summary.own}`,
    );
    console.log(`  most time with what they call:\n${summary.total}`);
  }
}

function printRound(label, round) {
  console.log(`\n${label}`);
  console.log(
    `Queued writes:                      ${round.writes} (${(round.bodyKb / 1024).toFixed(1)} MB of bodies; written to IndexedDB in ${ms(round.queueMs)})`,
  );
  console.log(`Trigger:                            ${TRIGGER === 'online' ? 'the page goes back online' : 'reload'}`);
  console.log(
    `Replay, trigger to 'Synchron':      ${ms(round.totalMs)}${round.stalled ? ' (STOPPED: no progress)' : ''}`,
  );
  console.log(`Writes per second:                  ${(round.writes / (round.totalMs / 1000)).toFixed(1)}`);
  if (round.firstWriteMs !== null) console.log(`Trigger to first write sent:        ${ms(round.firstWriteMs)}`);
  console.log(
    `Writes: ${round.sent} sent (${round.distinctSent} keys), ${round.answered} answered, ${round.ok} 2xx, ${round.replayed} answered 'Idempotent-Replayed', ${round.networkFailures.length} network failures`,
  );
  console.log(
    `Requests: ${round.requests} (${round.batches} of them batches of several saves; ${(round.answered / Math.max(1, round.requests)).toFixed(1)} writes per request)`,
  );
  for (const entry of round.notOk.slice(0, 5)) console.log(`  answer ${entry.status} for ${entry.key}`);
  for (const entry of round.networkFailures.slice(0, 5))
    console.log(`  network failure for ${entry.key}: ${entry.error}`);
  if (round.request) console.log(line('  one request, sent to answered', round.request));
  if (round.waited) console.log(line('  of it before it went out', round.waited));
  if (round.cycle) console.log(line('  one request, start to next start', round.cycle));
  const perWrite = (cpuMs) => `${(cpuMs / 1000).toFixed(1)} s (${(cpuMs / round.writes).toFixed(1)} ms per write)`;
  console.log(
    `CPU used during the replay:         server ${perWrite(round.cpu.server)}, its PostgreSQL ${perWrite(round.cpu.database)}, Chromium ${perWrite(round.cpu.browser)}; all ${perWrite(round.cpu.server + round.cpu.database + round.cpu.browser)} on ${os.cpus().length} cores`,
  );
  const browserParts = Object.keys(round.cpu).filter((name) => name.startsWith('browser: '));
  console.log(
    `  Chromium's processes:             ${browserParts.map((name) => `${name.slice(9)} ${perWrite(round.cpu[name])}`).join(', ')}`,
  );
  if (round.lanes) {
    const { inFlight } = round.lanes;
    console.log(
      `  requests in flight at a start:   median ${inFlight.median}, p95 ${inFlight.p95} (min ${inFlight.min}, max ${inFlight.max})`,
    );
    console.log(
      `  requests in flight on average:   ${round.lanes.mean.toFixed(2)} (over ${round.lanes.documents} documents)`,
    );
    if (round.lanes.gap) console.log(line("  a document's answer to its next send", round.lanes.gap));
    if (round.lanes.reaction) console.log(line('  an answer to the next send (any)', round.lanes.reaction));
    console.log(
      `  first requests (document …id: start–end ms): ${round.lanes.timeline.map((entry) => `${entry.path}: ${entry.start.toFixed(0)}–${entry.end.toFixed(0)}`).join(', ')}`,
    );
  }
  console.log(`Footer: ${round.seenLabels.join(' → ')} → ${round.footer}`);
  console.log(
    `Queue afterwards: ${round.queueAfter.pending} pending, ${round.queueAfter.failed.length} failed${round.queueAfter.failed.length ? `: ${round.queueAfter.failed.slice(0, 3).join('; ')}` : ''}`,
  );
}

let summary = null;

/** A browser context signed in as the Admin, settled: the store exists and the session's first replay is done. */
async function openDevice(browser, server) {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await signInAsAdmin(page, server.url, server.adminPassword);
  // The service worker controls the page (it would not reload it, but its install work would share the cores).
  await page
    .waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 20000 })
    .catch(() => console.log('(the service worker did not take control within 20 s)'));
  await waitForQueueStore(page);
  await waitForFooter(page, 'Synchron');
  return { context, page, traffic: watchReplay(page) };
}

/** One build under test: its server on its own database, 10 projects, a signed-in browser. */
async function openBuild(label, root) {
  const profileDir = PROFILE_DIR && label === 'after' ? path.join(PROFILE_DIR, `server-${RUN}`) : null;
  const server = await startServer({}, root, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  const api = client(server.url);
  const user = await api.login('admin', server.adminPassword);
  const documents = await seedProjects(api);
  const browsersBefore = childPids();
  const browser = await launchChromium();
  const browserPid = childPids().find((pid) => !browsersBefore.includes(pid));
  /** CPU used so far by this build's server (Node), its database and its browser (all Chromium's processes). */
  const cpu = () => {
    const serverTree = treeCpuMs(server.pid);
    const database = cpuMsOf(serverTree, /^postgres/);
    const browserTree = browserPid ? treeCpuMs(browserPid) : {};
    return {
      server: cpuMsOf(serverTree, /.*/) - database,
      database,
      browser: cpuMsOf(browserTree, /.*/),
      ...Object.fromEntries(Object.entries(browserTree).map(([name, cpuMs]) => [`browser: ${name}`, cpuMs])),
    };
  };
  return {
    ...{ label, root, server, api, user, documents, browser, profileDir, cpu },
    ...(await openDevice(browser, server)),
  };
}

async function closeBuild(build) {
  await build?.browser?.close();
  await build?.server.stop();
  if (build?.profileDir) printServerProfile(build.profileDir);
}

const currentCopies = async (build) => {
  const copies = [];
  for (const { id } of build.documents)
    copies.push(JSON.parse((await build.api.call('GET', `/api/projects/${id}`)).text));
  return copies;
};

/** Round 1 as main's queue kept it: WRITES whole-document saves, each tried once, all on the revision the device read. */
async function wholeRound(build, problems) {
  const start = await serverState(build.api, build.documents);
  const startRevisions = start.map((project) => project.revision);
  const first = offlineSaves(await currentCopies(build), build.user, WRITES, 'r1');
  const round = await replayRound(build, first.writes);
  const after = await serverState(build.api, build.documents);
  // The log's actions repeat across rounds ('hat 0,25 Stunden … erfasst.'): only this round's
  // entries (the newest, at the log's start) are counted.
  const added = after.map((project, index) => ({
    ...project,
    log: project.log.slice(0, project.log.length - start[index].log.length),
  }));
  const check = compare(added, first.expected);
  const lost = check.time.missing + check.note.missing;
  const twice = check.time.twice + check.note.twice + check.log.twice;
  const revisionsUp = after.reduce((sum, project, index) => sum + project.revision - startRevisions[index], 0);
  printRound(`Round 1 (${build.label}): ${WRITES} queued whole-document saves replayed by the app`, round);
  console.log(
    `On the server: time entries ${check.time.found}/${check.time.expected}, notes ${check.note.found}/${check.note.expected}, change-log entries ${check.log.found}/${check.log.expected}; ids held twice: ${twice}`,
  );
  console.log(
    `Revisions raised: ${revisionsUp} (one per applied write: ${WRITES}); conflict entries in the change logs: ${after.reduce((sum, project) => sum + project.conflicts, 0)}`,
  );
  console.log(`lost: ${lost}`);
  if (lost > 0) problems.push(`${lost} changes of round 1 are not on the server`);
  if (check.log.missing > 0) problems.push(`${check.log.missing} change-log entries of round 1 are missing`);
  if (twice > 0) problems.push(`${twice} ids are held twice after round 1`);
  if (round.stalled) problems.push('the replay of round 1 stopped');
  if (round.queueAfter.pending > 0) problems.push(`${round.queueAfter.pending} writes still pending after round 1`);
  if (round.queueAfter.failed.length > 0)
    problems.push(`${round.queueAfter.failed.length} writes ended in the failed list in round 1`);
  return { round, lost };
}

/**
 * The check and report of a round of one device: prints the round under `label`, checks
 * through the API that every `expected` change is on the server once, and adds what is wrong
 * (named after the round, `name`) to `problems`.
 */
async function reportRound(build, problems, name, label, round, expected) {
  const check = compare(await serverState(build.api, build.documents), expected);
  const lost = check.time.missing + check.note.missing;
  const twice = check.time.twice + check.note.twice;
  printRound(label, round);
  console.log(
    `On the server: time entries ${check.time.found}/${check.time.expected}, notes ${check.note.found}/${check.note.expected}; ids held twice: ${twice}; lost: ${lost}`,
  );
  if (lost > 0) problems.push(`${lost} changes of the ${name} round are not on the server`);
  if (twice > 0) problems.push(`${twice} ids are held twice after the ${name} round`);
  if (round.stalled || round.queueAfter.pending > 0 || round.queueAfter.failed.length > 0)
    problems.push(`the ${name} round did not end with an empty queue`);
  return { round, lost };
}

/**
 * WRITES offline saves queued as this version's outbox keeps them (deltas), each tried once: sent
 * as they are, one project's in order (in batches where the build has them).
 */
async function deltaRound(build, problems) {
  const deltas = offlineSaves(await currentCopies(build), build.user, WRITES, 'r1d', ['time', 'note'], 'delta');
  const profileAs = PROFILE_DIR && build.label === 'after' ? `offlineReplay-page-${RUN}` : null;
  const round = await replayRound(build, deltas.writes, null, profileAs);
  return reportRound(
    build,
    problems,
    'delta',
    `Round 1 as deltas (${build.label}): ${WRITES} queued delta saves, each tried once`,
    round,
    deltas.expected,
  );
}

/**
 * The same WRITES changes as the app queues them when they are made offline: the saves of one
 * document joined into one, from the copy the device read to its last copy (`enqueue` in
 * renderer/src/platform/queuedSaves.ts), so one save per project.
 */
async function joinedRound(build, problems) {
  const deltas = offlineSaves(await currentCopies(build), build.user, WRITES, 'r1j', ['time', 'note'], 'delta');
  const byPath = new Map();
  for (const write of deltas.writes) {
    const first = byPath.get(write.path);
    byPath.set(write.path, first ? { ...first, document: write.document } : write);
  }
  const joined = [...byPath.values()].map((write) => ({ ...write, body: documentDelta(write.base, write.document) }));
  const round = await replayRound(build, joined);
  return reportRound(
    build,
    problems,
    'joined',
    `${WRITES} changes made offline (${build.label}), queued as the app joins them: ${joined.length} saves, one per project`,
    round,
    deltas.expected,
  );
}

/**
 * Two devices (a second browser context, signed in as the same user: its own IndexedDB) edited
 * the same projects offline from the same copies; both come back online at once.
 */
async function twoDevicesRound(build, problems) {
  const copies = await currentCopies(build);
  const half = Math.floor(WRITES / 2);
  const phoneWrites = offlineSaves(copies, build.user, half, 'r3a', ['time', 'note'], 'delta');
  const officeWrites = offlineSaves(copies, build.user, WRITES - half, 'r3b', ['note', 'time'], 'delta');
  const other = await openDevice(build.browser, build.server);
  const round = await replayRound(build, phoneWrites.writes, {
    ...other,
    writes: officeWrites.writes,
  });
  const expected = {
    time: new Set([...phoneWrites.expected.time, ...officeWrites.expected.time]),
    note: new Set([...phoneWrites.expected.note, ...officeWrites.expected.note]),
    log: [],
  };
  const check = compare(await serverState(build.api, build.documents), expected);
  const lost = check.time.missing + check.note.missing;
  const twice = check.time.twice + check.note.twice;
  const otherQueue = await readQueue(other.page);
  printRound(
    `Two devices (${build.label}): ${half} + ${WRITES - half} delta saves of the same ${PROJECTS} projects, edited offline from the same copies, back online at once (first device's figures; the time is until both read 'Synchron')`,
    round,
  );
  console.log(
    `On the server: time entries ${check.time.found}/${check.time.expected}, notes ${check.note.found}/${check.note.expected}; ids held twice: ${twice}; lost: ${lost}; second device's queue: ${otherQueue.pending} pending, ${otherQueue.failed.length} failed`,
  );
  if (lost > 0) problems.push(`${lost} changes of the two-device round are not on the server`);
  if (twice > 0) problems.push(`${twice} ids are held twice after the two-device round`);
  if (otherQueue.pending > 0 || otherQueue.failed.length > 0 || round.queueAfter.pending > 0)
    problems.push('the two-device round did not end with empty queues');
  await other.context.close();
  return { round, lost };
}

/**
 * Round 2: REPLAYED saves the server has applied already (sent once directly with their keys,
 * the answers "lost"), queued again: replaying them must change nothing.
 */
async function idempotencyRound(build, problems) {
  const { api, documents } = build;
  const second = offlineSaves(await currentCopies(build), build.user, REPLAYED, 'r2', ['time']);
  for (const write of second.writes)
    await api.call('PUT', `/api${write.path}`, JSON.stringify(write.body), { 'Idempotency-Key': write.key });
  const applied = await serverState(api, documents);
  const replay = await replayRound(build, second.writes);
  const afterSecond = await serverState(api, documents);
  const unchangedRevisions = afterSecond.every((project, index) => project.revision === applied[index].revision);
  const sameCounts = afterSecond.every(
    (project, index) =>
      project.time.length === applied[index].time.length &&
      project.note.length === applied[index].note.length &&
      project.log.length === applied[index].log.length,
  );
  const check = compare(afterSecond, second.expected);
  printRound(
    `Round 2 (${build.label}): ${REPLAYED} saves applied already (answers lost), queued again and replayed`,
    replay,
  );
  console.log(
    `On the server: time entries ${afterSecond.reduce((sum, project) => sum + project.time.length, 0)} before and after the replay: ${sameCounts ? 'same counts' : 'COUNTS CHANGED'}; revisions ${unchangedRevisions ? 'unchanged' : 'CHANGED'}; the round's entries ${check.time.found}/${check.time.expected}, held twice: ${check.time.twice}`,
  );
  if (!unchangedRevisions) problems.push('replaying applied writes changed revisions');
  if (!sameCounts) problems.push('replaying applied writes changed the entries');
  if (check.time.missing > 0) problems.push(`${check.time.missing} entries of round 2 are missing`);
  if (replay.replayed !== REPLAYED)
    problems.push(`${REPLAYED - replay.replayed} writes of round 2 were not answered as replayed`);
  if (replay.stalled) problems.push('the replay of round 2 stopped');
  if (replay.queueAfter.pending > 0 || replay.queueAfter.failed.length > 0)
    problems.push(
      `round 2 left ${replay.queueAfter.pending} pending and ${replay.queueAfter.failed.length} failed writes`,
    );
}

const seconds = (round) => `${(round.totalMs / 1000).toFixed(1)} s`;
const median = (stat) => (stat ? `${stat.median.toFixed(1)} ms` : '–');

/** The rounds both builds ran, side by side, with the load average at each round's start. */
function printSideBySide(rows) {
  console.log(`\nSide by side, one run (${BASE_ROOT} against ${SERVER_ROOT}):`);
  console.log('| round | load (1 min) at its start | before | after |');
  console.log('| --- | --- | --- | --- |');
  for (const { label, load, before, after } of rows) {
    const cpuPerWrite = ({ cpu, writes }) => ((cpu.server + cpu.database + cpu.browser) / writes).toFixed(1);
    const cell = (result) =>
      result
        ? `${seconds(result.round)}; ${result.round.requests} requests, one ${median(result.round.request)}, start to next start ${median(result.round.cycle)}; CPU ${cpuPerWrite(result.round)} ms per write; lost ${result.lost}`
        : 'failed (see above)';
    console.log(
      `| ${label} | ${load.map((value) => value.toFixed(2)).join(' / ')} | ${cell(before)} | ${cell(after)} |`,
    );
  }
}

async function main() {
  const loadBefore = os.loadavg()[0];
  console.log(
    `\nWerkboard offline replay benchmark: ${WRITES} queued saves over ${PROJECTS} projects (${CARDS} cards each)`,
  );
  console.log(
    `Node ${process.version}, ${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? 'unknown'}), ${os.platform()}`,
  );
  console.log(`Load average (1 min) at the start: ${loadBefore.toFixed(2)}`);
  if (PROFILE_DIR) fs.mkdirSync(PROFILE_DIR, { recursive: true });
  const problems = [];
  // With BENCH_BASE, the base build's figures are printed beside; its problems are not this build's.
  const baseProblems = [];
  let after;
  let before;
  try {
    after = await openBuild('after', SERVER_ROOT);
    if (BASE_ROOT) before = await openBuild('before', BASE_ROOT);
    // Before and after take turns on projects in the same state, so both see about the same load.
    const rows = [];
    for (const [label, run, name] of [
      [`${WRITES} changes made offline, joined per project`, joinedRound, 'joined'],
      [`${WRITES} queued delta saves`, deltaRound, 'delta'],
      ['two devices', twoDevicesRound, 'two'],
    ].filter(([, , name]) => ROUNDS.has(name))) {
      const load = [os.loadavg()[0]];
      // A round the base build fails is its problem, printed beside, not this build's.
      const baseRound = before
        ? await run(before, baseProblems).catch((error) => {
            baseProblems.push(`${label}: ${error.message.split('\n')[0]}`);
            return null;
          })
        : null;
      if (before) load.push(os.loadavg()[0]);
      const round = await run(after, problems);
      rows.push({ name, label, load, before: baseRound, after: round });
    }
    // The queue of an older version (whole documents), replayed by this build only.
    const whole = ROUNDS.has('whole') ? await wholeRound(after, problems) : null;
    if (whole && REPLAYED > 0) await idempotencyRound(after, problems);
    if (before) printSideBySide(rows);
    const [joined, delta, two] = ['joined', 'delta', 'two'].map((name) => rows.find((row) => row.name === name)?.after);
    console.log(`\nLoad average (1 min) at the end: ${os.loadavg()[0].toFixed(2)}`);
    summary = {
      writes: WRITES,
      ...(joined ? { joinedReplayMs: Math.round(joined.round.totalMs), joinedSaves: joined.round.writes } : {}),
      ...(whole ? { wholeReplayMs: Math.round(whole.round.totalMs) } : {}),
      ...(delta ? { deltaReplayMs: Math.round(delta.round.totalMs) } : {}),
      ...(two ? { twoDevicesReplayMs: Math.round(two.round.totalMs) } : {}),
      ...(whole ? { wholeBodyMb: Number((whole.round.bodyKb / 1024).toFixed(2)) } : {}),
      ...(delta ? { deltaBodyMb: Number((delta.round.bodyKb / 1024).toFixed(2)) } : {}),
      lost: [joined, whole, delta, two].reduce((sum, result) => sum + (result?.lost ?? 0), 0),
      loadAvg1: [Number(loadBefore.toFixed(2)), Number(os.loadavg()[0].toFixed(2))],
    };
    if (baseProblems.length > 0) console.log(`Problems of the base build:\n- ${baseProblems.join('\n- ')}`);
    console.log(
      problems.length === 0 ? 'All changes on the server, none failed.' : `PROBLEMS:\n- ${problems.join('\n- ')}`,
    );
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    await closeBuild(before);
    await closeBuild(after);
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    // The line the aims runner collects (briefs Z0); printed even when the run failed, with what it has.
    printResult(summary ?? { writes: WRITES, failed: true });
  });
