#!/usr/bin/env node
// Every aim of issue 17 for a "before" and an "after" build, side by side in one run. Runs the
// issue's benchmarks as child processes, benchmark by benchmark, the two builds one after the
// other (so both meet the same load of the shared machine), collects the `RESULT {json}` line
// each prints last, and prints one table: aim, before, after, met? plus the load average at the
// start and the end. A script that a build does not have, that fails or prints no figure is
// shown as such; nothing is filled in.
//
//   npm run build    (in both trees)
//   node test/benchmarks/aims17.mjs --before /path/to/before-tree [--after /path/to/after-tree]
//
// Which script measures a build: the after tree's copy, pointed at the build with BENCH_ROOT
// (its server, its renderer), so that both builds are measured by the same code; except
// offlineReplay.mjs, which writes the app's own offline queue and so runs the build's own copy.
// About 15 minutes with the defaults. Options (environment): AIMS_CARDS (5000), AIMS_RUNS (saves
// and GETs, 5), AIMS_BROWSER_RUNS (2), AIMS_DRAGS (2 per device), AIMS_ROUNDS (2 turns of the
// throughput benchmark), AIMS_SECONDS (4 per turn), AIMS_WRITES (1000 queued saves),
// AIMS_REPLAYED (20 saves of the idempotency round), AIMS_TIMEOUT_S (600 per script and build),
// AIMS_ONLY (benchmark names, comma-separated), AIMS_LOG_DIR (each script's output; default a
// new folder under the system's temp folder).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const THIS_TREE = path.resolve(HERE, '..', '..');
const env = process.env;
const number = (name, fallback) => String(Number(env[name] ?? fallback));

function argument(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const BEFORE = argument('--before') ?? env.AIMS_BEFORE;
const AFTER = path.resolve(argument('--after') ?? env.AIMS_AFTER ?? THIS_TREE);
if (!BEFORE) {
  console.error('usage: node test/benchmarks/aims17.mjs --before <built tree> [--after <built tree>]');
  process.exit(2);
}
const TIMEOUT_MS = Number(env.AIMS_TIMEOUT_S ?? 600) * 1000;
const LOG_DIR = env.AIMS_LOG_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'aims17-'));
fs.mkdirSync(LOG_DIR, { recursive: true });

const builds = [
  { key: 'before', root: path.resolve(BEFORE) },
  { key: 'after', root: AFTER },
];

/**
 * The benchmarks: `own` runs the build's own copy of the script, else the after tree's copy
 * with BENCH_ROOT; `args` are given the build.
 */
const CARDS = number('AIMS_CARDS', 5000);
const WRITES = number('AIMS_WRITES', 1000);

const BENCHMARKS = [
  {
    name: 'projectBoard',
    env: { BENCH_CARDS: CARDS, BENCH_RUNS: number('AIMS_RUNS', 5) },
    extraEnv: { BENCH_BROWSER_RUNS: number('AIMS_BROWSER_RUNS', 2) },
  },
  {
    name: 'apiThroughput',
    env: { BENCH_ROUNDS: number('AIMS_ROUNDS', 2), BENCH_SECONDS: number('AIMS_SECONDS', 4) },
  },
  { name: 'boardDrag', env: { BENCH_CARDS: CARDS, BENCH_RUNS: number('AIMS_DRAGS', 2) } },
  {
    name: 'offlineReplay',
    own: true,
    env: { BENCH_WRITES: WRITES, BENCH_REPLAYED: number('AIMS_REPLAYED', 20) },
  },
  { name: 'initialScript', env: {}, args: (build) => [path.join(build.root, 'renderer', 'dist')] },
].filter((benchmark) => !env.AIMS_ONLY || env.AIMS_ONLY.split(',').includes(benchmark.name));

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2));

function commitOf(root) {
  try {
    const commit = execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    }).trim();
    return dirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return 'not a git tree';
  }
}

/** Runs one script as a child process (a process group of its own, ended on timeout); resolves to its outcome. */
function runScript(benchmark, build) {
  const scriptTree = benchmark.own ? build.root : AFTER;
  const script = path.join(scriptTree, 'test', 'benchmarks', `${benchmark.name}.mjs`);
  if (!fs.existsSync(path.join(build.root, 'server', 'dist', 'src', 'main.js')))
    return Promise.resolve({ status: 'build missing (run npm run build in the tree)' });
  if (!fs.existsSync(script))
    return Promise.resolve({ status: `${benchmark.name}.mjs not in the ${benchmark.own ? build.key : 'after'} tree` });
  const log = path.join(LOG_DIR, `${benchmark.name}-${build.key}.log`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...(benchmark.args?.(build) ?? [])], {
      cwd: scriptTree,
      env: { ...env, ...benchmark.env, ...benchmark.extraEnv, BENCH_ROOT: build.root },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk.toString()));
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid, 'SIGTERM');
      setTimeout(() => child.exitCode === null && process.kill(-child.pid, 'SIGKILL'), 10000).unref();
    }, TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      fs.writeFileSync(log, output);
      const seconds = Math.round((Date.now() - started) / 1000);
      const resultLine = output
        .split('\n')
        .filter((text) => text.startsWith('RESULT '))
        .at(-1);
      const result = resultLine ? JSON.parse(resultLine.slice('RESULT '.length)) : null;
      let status = 'ok';
      if (timedOut) status = `timed out after ${TIMEOUT_MS / 1000} s`;
      else if (code !== 0) status = `failed (exit ${code ?? signal})`;
      else if (!result) status = 'printed no RESULT line';
      resolve({ status, result, output, seconds, log });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The table: one row per aim; `cell` turns a build's outcomes into the figure and whether it is met.

const figure = (value, unit) => (value === null || value === undefined ? null : `${value.toLocaleString('en')}${unit}`);

/**
 * offlineReplay.mjs of builds before brief Z2 prints no RESULT line: its own printed lines are
 * read instead (round 1's replay time and 'lost: N').
 */
function replayFigures(outcome) {
  const fromResult = outcome.result ?? {};
  const printedMs = /Replay, trigger to 'Synchron':\s+([\d.]+) ms/.exec(outcome.output ?? '')?.[1];
  const printedLost = /^lost: (\d+)/m.exec(outcome.output ?? '')?.[1];
  const replayMs =
    fromResult.deltaReplayMs ??
    fromResult.replayMs ??
    fromResult.round1Ms ??
    fromResult.totalMs ??
    (printedMs ? Number(printedMs) : null);
  const lost = fromResult.lost ?? (printedLost ? Number(printedLost) : null);
  return { replayMs, lost, printed: !outcome.result && printedMs !== undefined };
}

/** A row of the board's time in Chromium: `mode` 'cold' or 'inApp' (projectBoard's RESULT keys). */
function browserRow(mode, aim, target, limitMs) {
  return {
    aim,
    target,
    from: 'projectBoard',
    cell: (r) => {
      const value = r[`${mode}InteractiveMs`];
      if (value === undefined) return { text: 'no browser figures', met: null };
      return { text: figure(value, ' ms'), met: value < limitMs };
    },
  };
}

/** A row of apiThroughput's ratio: `route` 'list' or 'board' (its RESULT keys). */
function throughputRow(route, aim) {
  return {
    aim,
    target: '>= 60 %',
    from: 'apiThroughput',
    cell: (r) => ({
      text: `${r[`${route}Percent`]} % (${r[`${route}OurRps`]} / ${r[`${route}BareRps`]} req/s)`,
      met: r[`${route}Percent`] >= 60,
    }),
  };
}

const ROWS = [
  {
    aim: `One-card save at the server, ${Number(CARDS).toLocaleString('en')} cards (median)`,
    target: '< 20 ms',
    from: 'projectBoard',
    cell: (r) =>
      r.patchMedianMs !== null
        ? { text: `${figure(r.patchMedianMs, ' ms')} (PATCH)`, met: r.patchMedianMs < 20 }
        : { text: `${figure(r.putMedianMs, ' ms')} (PUT, whole document)`, met: r.putMedianMs < 20 },
  },
  {
    aim: 'One-card save: bytes up / down (JSON, median)',
    target: '< 5 KB each way',
    from: 'projectBoard',
    cell: (r) => {
      const [up, down] = r.patchMedianMs !== null ? [r.patchUpKb, r.patchDownKb] : [r.putUpKb, r.putDownKb];
      return { text: `${figure(up, ' KB')} / ${figure(down, ' KB')}`, met: up < 5 && down < 5 };
    },
  },
  {
    aim: `GET of the whole board, ${Number(CARDS).toLocaleString('en')} cards (median)`,
    target: '< 150 ms',
    from: 'projectBoard',
    cell: (r) => ({ text: figure(r.getMedianMs, ' ms'), met: r.getMedianMs < 150 }),
  },
  {
    aim: 'GET of the whole board as a browser receives it',
    target: '< 600 KB compressed',
    from: 'projectBoard',
    cell: (r) => ({ text: `${figure(r.getWireKb, ' KB')} (${r.getWireEncoding})`, met: r.getWireKb < 600 }),
  },
  browserRow('cold', 'Chromium cold: card click opens its dialog (median)', '< 1.5 s', 1500),
  browserRow('inApp', 'Chromium in-app: card click opens its dialog (median)', '< 1 s', 1000),
  {
    aim: `Drag at ${Number(CARDS).toLocaleString('en')} cards: longest task, mouse / touch (max)`,
    target: 'none > 100 ms',
    from: 'boardDrag',
    cell: (r) => {
      const mouse = r.mouseLongestTaskMaxMs;
      const touch = r.touchLongestTaskMaxMs;
      const known = [mouse, touch].filter((value) => value !== undefined && value !== null);
      return {
        text: `${figure(mouse, ' ms') ?? '—'} / ${figure(touch, ' ms') ?? '—'}`,
        met: known.length === 2 ? known.every((value) => value <= 100) : null,
      };
    },
  },
  throughputRow('list', 'API throughput `GET /api/projects`, ours / bare'),
  throughputRow('board', 'API throughput `GET /api/projects/{id}` (20 cards), ours / bare'),
  {
    aim: `${Number(WRITES).toLocaleString('en')} queued saves replayed, going online to synchronised; lost`,
    target: '< 10 s, 0 lost',
    from: 'offlineReplay',
    raw: true,
    cell: (outcome) => {
      const { replayMs, lost, printed } = replayFigures(outcome);
      if (replayMs === null) return null;
      return {
        text: `${(replayMs / 1000).toFixed(1)} s, lost ${lost ?? '?'}${printed ? ' (read from its printed lines)' : ''}`,
        met: replayMs < 10000 && lost === 0,
      };
    },
  },
  {
    aim: 'Two devices edited the same project offline',
    target: 'nothing lost, both converge',
    from: 'offlineReplay',
    raw: true,
    cell: (outcome) => {
      // offlineReplay.mjs's RESULT: twoDevicesReplayMs, and `lost` over all of its rounds.
      const { twoDevicesReplayMs, lost } = outcome.result ?? {};
      if (twoDevicesReplayMs === undefined) return { text: 'not measured by this script', met: null };
      return { text: `${(twoDevicesReplayMs / 1000).toFixed(1)} s, lost ${lost ?? '?'}`, met: lost === 0 };
    },
  },
  {
    aim: 'Initial JavaScript (entry and preloaded chunks, gzip)',
    target: '< 250 KB',
    from: 'initialScript',
    cell: (r) => ({
      text: `${figure(r.gzipKb, ' KB')} (${r.files} file${r.files === 1 ? '' : 's'})`,
      met: r.gzipKb < 250,
    }),
  },
];

function cellOf(row, outcome) {
  if (!outcome) return { text: 'not run (AIMS_ONLY)', met: null };
  if (row.raw) {
    const cell = outcome.output === undefined ? null : row.cell(outcome);
    if (!cell) return { text: outcome.status === 'ok' ? 'no such figure printed' : outcome.status, met: null };
    return outcome.status === 'ok' ? cell : { ...cell, text: `${cell.text}; ${outcome.status}` };
  }
  if (!outcome.result) return { text: outcome.status, met: null };
  const cell = row.cell(outcome.result);
  return outcome.status === 'ok' ? cell : { ...cell, text: `${cell.text}; ${outcome.status}` };
}

const verdict = (met) => (met === true ? 'yes' : met === false ? 'no' : '?');

async function main() {
  const loadStart = loadAverage();
  const startedAt = new Date();
  console.log(`Issue 17, every aim: before ${builds[0].root} (${commitOf(builds[0].root)})`);
  console.log(`                     after  ${builds[1].root} (${commitOf(builds[1].root)})`);
  console.log(
    `${os.cpus().length} CPU cores, Node ${process.version}; load average at the start ${loadStart.join(' ')}`,
  );
  console.log(`Each script's output: ${LOG_DIR}\n`);

  const outcomes = { before: {}, after: {} };
  for (const benchmark of BENCHMARKS)
    for (const build of builds) {
      process.stdout.write(`${benchmark.name.padEnd(14)} ${build.key.padEnd(7)} … `);
      const outcome = await runScript(benchmark, build);
      outcomes[build.key][benchmark.name] = outcome;
      console.log(`${outcome.status}${outcome.seconds !== undefined ? ` (${outcome.seconds} s)` : ''}`);
    }
  const loadEnd = loadAverage();

  console.log(`\n| aim | target | before | after | met before? | met after? |`);
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const row of ROWS) {
    const before = cellOf(row, outcomes.before[row.from]);
    const after = cellOf(row, outcomes.after[row.from]);
    console.log(
      `| ${row.aim} | ${row.target} | ${before.text} | ${after.text} | ${verdict(before.met)} | ${verdict(after.met)} |`,
    );
  }
  const minutes = ((Date.now() - startedAt.getTime()) / 60000).toFixed(1);
  console.log(`\nLoad average at the start ${loadStart.join(' ')}, at the end ${loadEnd.join(' ')}; ${minutes} min.`);
  console.log('Every figure each script printed (RESULT):');
  for (const build of builds)
    for (const benchmark of BENCHMARKS) {
      const outcome = outcomes[build.key][benchmark.name];
      console.log(
        `  ${build.key} ${benchmark.name}: ${outcome.result ? JSON.stringify(outcome.result) : outcome.status}`,
      );
    }
}

await main();
