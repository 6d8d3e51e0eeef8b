#!/usr/bin/env node
// One-card save at the server on a 5,000-card board (issue 17's aim "< 20 ms at the server"),
// two builds side by side (branch save17f): a keyed one-card PATCH as the outbox sends it (a
// card's title, a connection of its own, as projectBoard.mjs sends it), BENCH_SAVES per round
// and build, the builds taking turns save by save, BENCH_ROUNDS rounds. Per round and build: the client's median,
// the server's own median time and SQL time and its statement count (Server-Timing, servers
// started with SERVER_TIMING=1), and the CPU of the server (Node) and its PostgreSQL per save
// (/proc), which depend less on the machine's load than the times; the load average with each.
//
//   npm run build && BENCH_BASE=/tmp/main-built node test/benchmarks/cardSave.mjs
//
// Options (environment): BENCH_BASE (a built tree to compare with; without it this build alone),
// BENCH_CARDS (default 5000), BENCH_SAVES (per round, default 30), BENCH_ROUNDS (default 5).
import os from 'node:os';
import common from '@werkboard/common';
import {
  BASE_ROOT,
  client,
  cpuMsOf,
  fillBoard,
  printResult,
  SERVER_ROOT,
  serverFigures,
  startServer,
  stats,
  treeCpuMs,
} from './support.mjs';

const CARDS = Number(process.env.BENCH_CARDS ?? 5000);
const SAVES = Number(process.env.BENCH_SAVES ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const FRESH_CONNECTION = { Connection: 'close' };

async function openBuild(label, root) {
  const server = await startServer({ SERVER_TIMING: '1' }, root);
  const api = client(server.url);
  await api.login('admin', server.adminPassword);
  const created = await api.call('POST', '/api/projects', JSON.stringify({ name: `Benchmark ${CARDS} Karten` }));
  const project = fillBoard(JSON.parse(created.text), CARDS);
  const board = JSON.parse((await api.call('PUT', `/api/projects/${project.id}`, JSON.stringify(project))).text);
  const cpu = () => {
    const tree = treeCpuMs(server.pid);
    const database = cpuMsOf(tree, /^postgres/);
    return { server: cpuMsOf(tree, /.*/) - database, database };
  };
  return { label, server, api, board, cpu, saved: 0 };
}

/** One keyed one-card PATCH of a build, on the answer of the one before; its figures go into `round`. */
async function saveOneCard(build, round) {
  const path = `/api/projects/${build.board.id}`;
  const saved = (build.saved += 1);
  const next = structuredClone(build.board);
  const column = next.columns[saved % next.columns.length];
  column.cards[(saved * 53) % column.cards.length].title = `Geänderte Aufgabe ${saved}`;
  const body = JSON.stringify(common.documentDelta(build.board, next));
  const { ms, text, headers } = await build.api.call('PATCH', path, body, {
    ...FRESH_CONNECTION,
    'Idempotency-Key': common.newId(),
  });
  const answer = JSON.parse(text);
  if (answer.kind !== 'delta' || answer.revision !== build.board.revision + 1)
    throw new Error(`not a delta of the next revision: ${text.slice(0, 300)}`);
  build.board = common.applyProjectDelta(build.board, answer);
  const figures = serverFigures(headers);
  round.client.push(ms);
  round.app.push(figures.get('app'));
  round.sql.push(figures.get('sql'));
  round.statements.push(figures.get('statements'));
}

/** One round: SAVES saves of each build, the builds taking turns save by save (both meet the same load). */
async function runRound(builds) {
  const load = os.loadavg()[0];
  const rounds = builds.map(() => ({ load, client: [], app: [], sql: [], statements: [] }));
  const cpuBefore = builds.map((build) => build.cpu());
  for (let index = 0; index < SAVES; index++)
    for (const [at, build] of builds.entries()) await saveOneCard(build, rounds[at]);
  builds.forEach((build, at) => {
    const cpuAfter = build.cpu();
    rounds[at].serverCpu = (cpuAfter.server - cpuBefore[at].server) / SAVES;
    rounds[at].databaseCpu = (cpuAfter.database - cpuBefore[at].database) / SAVES;
  });
  return rounds;
}

const median = (values) => stats(values).median;
const summary = (round) =>
  `client ${median(round.client).toFixed(1)} ms, app ${median(round.app).toFixed(1)} ms, sql ${median(round.sql).toFixed(1)} ms, ` +
  `${median(round.statements)} statements; CPU per save: server ${round.serverCpu.toFixed(2)} + PostgreSQL ${round.databaseCpu.toFixed(2)} ms (load ${round.load.toFixed(2)})`;

async function main() {
  console.log(`Load average (1 min) at the start: ${os.loadavg()[0].toFixed(2)}`);
  console.log(
    `${CARDS} cards; ${SAVES} keyed one-card PATCHes per round and build, ${ROUNDS} rounds, builds taking turns save by save`,
  );
  const builds = [...(BASE_ROOT ? [await openBuild('before', BASE_ROOT)] : []), await openBuild('after', SERVER_ROOT)];
  const results = new Map(builds.map((build) => [build.label, []]));
  try {
    // One untimed round first: the servers' first saves warm their caches and JIT.
    await runRound(builds);
    for (let round = 0; round < ROUNDS; round++) {
      const measured = await runRound(builds);
      builds.forEach((build, at) => {
        results.get(build.label).push(measured[at]);
        console.log(`round ${round + 1}, ${build.label.padEnd(6)}: ${summary(measured[at])}`);
      });
    }
  } finally {
    for (const build of builds) await build.server.stop();
  }
  const figures = {};
  for (const [label, rounds] of results) {
    const all = (key) => rounds.flatMap((round) => round[key]);
    const perRound = (key) => median(rounds.map((round) => round[key]));
    const of = {
      clientMs: median(all('client')),
      appMs: median(all('app')),
      sqlMs: median(all('sql')),
      statements: median(all('statements')),
      serverCpuMs: perRound('serverCpu'),
      databaseCpuMs: perRound('databaseCpu'),
    };
    console.log(
      `${label}: median of ${all('client').length} saves: client ${of.clientMs.toFixed(1)} ms, app ${of.appMs.toFixed(1)} ms, ` +
        `sql ${of.sqlMs.toFixed(1)} ms, ${of.statements} statements; CPU per save (median of rounds): ` +
        `server ${of.serverCpuMs.toFixed(2)} + PostgreSQL ${of.databaseCpuMs.toFixed(2)} ms`,
    );
    for (const [name, value] of Object.entries(of)) figures[`${label}_${name}`] = Number(value.toFixed(2));
  }
  console.log(`Load average (1 min) at the end: ${os.loadavg()[0].toFixed(2)}`);
  figures.loadAvg1 = os.loadavg()[0];
  printResult(figures);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
