#!/usr/bin/env node
// The server's part of the batch replay (issue 17, branch replay17e), without a browser: the
// CPU the built server (Node) and its PostgreSQL use per save of `POST /api/projects/{id}/saves`,
// sent as the outbox's replay sends tried saves (offlineReplay.mjs's delta round): per project
// BENCH_SAVES chained delta saves (a time entry or a note each), all on the revision the device
// read, in batches of 25, the projects' batches BENCH_LANES at a time. With BENCH_BASE (a built
// tree, e.g. main's) both builds run, taking turns, BENCH_ROUNDS rounds each, and the figures are
// printed side by side with the load average. CPU time from /proc (support.mjs's treeCpuMs):
// under a high load it is the work itself, the wall-clock time mostly the wait for a core.
//
//   npm run build && BENCH_BASE=/tmp/main-built node test/benchmarks/saveBatches.mjs
//
// Options (environment): BENCH_PROJECTS (default 4), BENCH_SAVES (per project, default 100),
// BENCH_LANES (default 4), BENCH_ROUNDS (default 3), BENCH_BASE, BENCH_PROFILE (a directory:
// a CPU profile of this build's server is written there and its busiest functions printed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import common from '@werkboard/common';
import {
  BASE_ROOT,
  client,
  cpuMsOf,
  printResult,
  profileSummary,
  SERVER_ROOT,
  startServer,
  treeCpuMs,
} from './support.mjs';

const { addTimeEntry, documentDelta, keysAfter, newId, SAVE_BATCH_LIMITS } = common;

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 4);
const SAVES = Number(process.env.BENCH_SAVES ?? 100);
const LANES = Number(process.env.BENCH_LANES ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
const TODAY = new Date().toISOString().slice(0, 10);

/** A project of 20 cards as offlineReplay.mjs seeds it, and SAVES saves of it each tried once (their bodies as sent). */
async function projectWithSaves(api, user, name) {
  const project = JSON.parse((await api.call('POST', '/api/projects', JSON.stringify({ name }))).text);
  project.columns[0].cards = keysAfter(null, 20).map((position, index) => ({
    ...{ id: newId(), rev: 0, position, title: `Aufgabe ${index + 1}: Leitungen verlegen` },
    ...{ description: 'Kabelkanal im Flur, Abzweigdosen setzen.', tagIds: [], group: null, assignedTo: null },
    ...{ timeEntries: [], materialEntries: [] },
  }));
  await api.call('PUT', `/api/projects/${project.id}`, JSON.stringify(project));
  let copy = JSON.parse((await api.call('GET', `/api/projects/${project.id}`)).text);
  const saves = [];
  for (let index = 0; index < SAVES; index++) {
    const next = structuredClone(copy);
    if (index % 2 === 0) {
      const card = next.columns[0].cards[(index / 2) % 20];
      addTimeEntry(next, card.id, { userId: user.id, username: user.username, date: TODAY, hours: 0.5 }, newId());
    } else {
      next.notes.push({
        ...{ id: newId(), rev: 0, title: `Offline-Notiz ${index}`, content: 'Auf der Baustelle ohne Netz notiert.' },
        ...{ authorId: user.id, authorUsername: user.username, timestamp: new Date().toISOString() },
      });
    }
    saves.push({ key: newId(), body: JSON.stringify(documentDelta(copy, next)) });
    copy = next;
  }
  return { id: project.id, saves };
}

async function openBuild(label, root) {
  const profiled = PROFILE_DIR && label === 'after';
  const server = await startServer({}, root, profiled ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []);
  const api = client(server.url);
  const user = await api.login('admin', server.adminPassword);
  const cpu = () => {
    const tree = treeCpuMs(server.pid);
    const database = cpuMsOf(tree, /^postgres/);
    return { server: cpuMsOf(tree, /.*/) - database, database };
  };
  return { label, server, api, user, cpu, round: 0 };
}

/** One round of a build: fresh projects, their saves sent in batches, BENCH_LANES requests at a time. */
async function runRound(build) {
  build.round += 1;
  const projects = [];
  for (let index = 0; index < PROJECTS; index++)
    projects.push(await projectWithSaves(build.api, build.user, `Stapel ${build.round}.${index + 1}`));
  const batches = projects.map(({ id, saves }) => {
    const list = [];
    for (let start = 0; start < saves.length; start += SAVE_BATCH_LIMITS.saves)
      list.push({ id, saves: saves.slice(start, start + SAVE_BATCH_LIMITS.saves) });
    return list;
  });
  const load = os.loadavg()[0];
  const cpuBefore = build.cpu();
  const started = performance.now();
  // Each project's batches in order; the projects side by side, LANES at a time.
  const lanes = Array.from({ length: Math.min(LANES, batches.length) }, async (_, lane) => {
    for (let project = lane; project < batches.length; project += LANES)
      for (const batch of batches[project]) {
        const { text } = await build.api.call('POST', `/api/projects/${batch.id}/saves`, JSON.stringify(batch));
        const answers = JSON.parse(text).answers;
        if (answers.length !== batch.saves.length || answers.some((answer) => answer.status !== 200))
          throw new Error(`a batch was not applied whole: ${text.slice(0, 300)}`);
      }
  });
  await Promise.all(lanes);
  const wallMs = performance.now() - started;
  const cpuAfter = build.cpu();
  // Archived, so the next round finds room under the license's 10 active projects.
  for (const { id } of projects) await build.api.call('DELETE', `/api/projects/${id}`);
  const saves = PROJECTS * SAVES;
  return {
    load,
    wallMs,
    serverMs: (cpuAfter.server - cpuBefore.server) / saves,
    databaseMs: (cpuAfter.database - cpuBefore.database) / saves,
  };
}

const figures = (round) =>
  `server ${round.serverMs.toFixed(2)} + PostgreSQL ${round.databaseMs.toFixed(2)} = ${(round.serverMs + round.databaseMs).toFixed(2)} ms CPU per save; ${(round.wallMs / 1000).toFixed(1)} s (load ${round.load.toFixed(2)})`;

async function main() {
  console.log(`Load average (1 min) at the start: ${os.loadavg()[0].toFixed(2)}`);
  console.log(
    `${PROJECTS} projects × ${SAVES} tried saves on their read revision, batches of ${SAVE_BATCH_LIMITS.saves}, ${LANES} at a time`,
  );
  const builds = [...(BASE_ROOT ? [await openBuild('before', BASE_ROOT)] : []), await openBuild('after', SERVER_ROOT)];
  const results = new Map(builds.map((build) => [build.label, []]));
  try {
    for (let round = 0; round < ROUNDS; round++)
      for (const build of builds) {
        const result = await runRound(build);
        results.get(build.label).push(result);
        console.log(`round ${round + 1}, ${build.label.padEnd(6)}: ${figures(result)}`);
      }
  } finally {
    for (const build of builds) await build.server.stop();
  }
  if (PROFILE_DIR) {
    // This build's server over its whole run (seeding included): the functions that took the most.
    const file = fs
      .readdirSync(PROFILE_DIR)
      .filter((name) => name.endsWith('.cpuprofile'))
      .sort()
      .at(-1);
    const summary = profileSummary(JSON.parse(fs.readFileSync(path.join(PROFILE_DIR, file), 'utf8')), 25);
    console.log(`The server's CPU (${file}): busy ${summary.busyMs.toFixed(0)} ms; most time of their own:`);
    console.log(summary.own);
    console.log('  most time with what they call:');
    console.log(summary.total);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const summary = {};
  for (const [label, rounds] of results) {
    const server = median(rounds.map((round) => round.serverMs));
    const database = median(rounds.map((round) => round.databaseMs));
    console.log(`${label}: median server ${server.toFixed(2)} + PostgreSQL ${database.toFixed(2)} ms CPU per save`);
    summary[`${label}CpuMsPerSave`] = Number((server + database).toFixed(2));
  }
  console.log(`Load average (1 min) at the end: ${os.loadavg()[0].toFixed(2)}`);
  printResult(summary);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
