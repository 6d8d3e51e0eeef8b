// Shared by the benchmark scripts: the built server on its own embedded PostgreSQL, a timed
// API client, and the figures they print.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import common from '@werkboard/common';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const entryOf = (root) => path.join(root, 'server', 'dist', 'src', 'main.js');

/**
 * BENCH_BASE: a built tree of the code to compare with (e.g. `git worktree add /tmp/base main`,
 * its node_modules, `npm run build` there); the benchmarks that support it run both side by side.
 */
export const BASE_ROOT = process.env.BENCH_BASE ? path.resolve(process.env.BENCH_BASE) : null;

/**
 * BENCH_ROOT: the built tree whose server (and renderer) a benchmark measures, when it is not
 * this one (the aims runner, aims17.mjs, measures an older build with this tree's scripts).
 */
export const SERVER_ROOT = process.env.BENCH_ROOT ? path.resolve(process.env.BENCH_ROOT) : ROOT;

/** Debian's Chromium (CHROMIUM_PATH), launched with the flags the end-to-end tests use. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

const TICK_MS = 1000 / 100; // USER_HZ: /proc's CPU times count in hundredths of a second

/** The processes now (Linux /proc): per pid its name, parent, and CPU time used so far (user + system, ms). */
function processTable() {
  const processes = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Chromium's processes by their kind (renderer, network or storage service, …).
    let kind = '';
    try {
      // Chromium rewrites its arguments into one line (its process title).
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const type = /--type=(\S+)/.exec(args)?.[1];
      const subType = /--utility-sub-type=([^\s.]+)/.exec(args)?.[1];
      if (type) kind = ` ${subType ?? type}`;
    } catch {
      // ended meanwhile, or not ours to read
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) + kind;
    // utime, stime, and cutime, cstime: what its children that ended used.
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    processes.set(Number(entry), { name, ppid: Number(fields[1]), cpuMs: ticks * TICK_MS });
  }
  return processes;
}

/** The pids whose parent is `pid`. */
export function childPids(pid = process.pid) {
  return [...processTable()].filter(([, entry]) => entry.ppid === pid).map(([child]) => child);
}

/**
 * CPU time used so far by `rootPid` and all its descendants, per process name (e.g. 'node',
 * 'postgres', 'chromium'). Under a high load the wall-clock time mostly measures waiting for a
 * core; the CPU time is the work itself.
 */
export function treeCpuMs(rootPid = process.pid) {
  const processes = processTable();
  const children = new Map();
  for (const [pid, { ppid }] of processes) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const byName = {};
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop();
    const entry = processes.get(pid);
    if (entry) byName[entry.name] = (byName[entry.name] ?? 0) + entry.cpuMs;
    pending.push(...(children.get(pid) ?? []));
  }
  return byName;
}

/** The CPU time of `byName` (treeCpuMs) of the processes whose name matches `pattern`. */
export const cpuMsOf = (byName, pattern) =>
  Object.entries(byName).reduce((sum, [name, cpuMs]) => sum + (pattern.test(name) ? cpuMs : 0), 0);

/**
 * Starts the built server like test/e2e/support/appServer.ts: free port, fresh DATA_DIR.
 * `root`: the tree whose build runs (this one or BENCH_ROOT, or BASE_ROOT for the comparison);
 * `nodeArgs`: Node's own options for the server (e.g. `--cpu-prof`, which NODE_OPTIONS refuses).
 */
export async function startServer(extraEnv = {}, root = SERVER_ROOT, nodeArgs = []) {
  const entry = entryOf(root);
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run "npm run build" first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-bench-'));
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env: { ...process.env, ...extraEnv, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_TO_CONSOLE: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk.toString()));
  child.stderr.on('data', (chunk) => (output += chunk.toString()));
  const started = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 90 s:\n${output}`)), 90000);
    const check = () => {
      const url = /Werkboard läuft: (http:\/\/\S+)/.exec(output)?.[1];
      const adminPassword = /Passwort "([^"]+)"/.exec(output)?.[1];
      if (url && adminPassword) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve({ url, adminPassword });
      }
    };
    const onExit = () => {
      clearTimeout(timer);
      reject(new Error(`server stopped during start:\n${output}`));
    };
    child.stdout.on('data', check);
    child.once('exit', onExit);
  });
  return {
    ...started,
    /** The server process, for its memory (/proc/<pid>/status). */
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function client(baseUrl) {
  let token = null;
  const call = async (method, urlPath, body, extraHeaders = {}) => {
    const headers = { 'X-Device-Id': 'benchmark', ...extraHeaders };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const started = performance.now();
    const response = await fetch(`${baseUrl}${urlPath}`, { method, headers, body });
    const text = await response.text();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${method} ${urlPath}: ${response.status} ${text.slice(0, 300)}`);
    return { ms, text, headers: response.headers };
  };
  return {
    call,
    /** Signs in; resolves to the answer's `user` (CurrentUserDto). */
    async login(username, password) {
      const { text } = await call('POST', '/api/auth/login', JSON.stringify({ username, password }));
      const answer = JSON.parse(text);
      token = answer.token;
      return answer.user;
    },
  };
}

export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return {
    median: (at(0.5) + sorted[Math.floor(sorted.length / 2)]) / 2,
    p95: at(0.95),
    min: sorted[0],
    max: sorted.at(-1),
  };
}

export const ms = (value) => `${value.toFixed(1)} ms`;
export const line = (label, s) =>
  `${label.padEnd(34)} median ${ms(s.median).padStart(9)}   p95 ${ms(s.p95).padStart(9)}   (min ${ms(s.min)}, max ${ms(s.max)})`;

/**
 * The benchmarks' board: `cards` cards over the project's columns, each with a description,
 * 2 time entries and 1 material entry, every fourth in the task group 'Elektro'.
 */
export function fillBoard(project, cards) {
  const { keysAfter, newId } = common;
  const columns = project.columns;
  columns.forEach((column, columnIndex) => {
    const count = Math.floor(cards / columns.length) + (columnIndex < cards % columns.length ? 1 : 0);
    // Keys as the board makes them when cards are added at the end one by one.
    column.cards = keysAfter(null, count).map((position, index) => ({
      id: newId(),
      rev: 0,
      position,
      title: `Aufgabe ${columnIndex + 1}.${index + 1}: Leitungen verlegen und prüfen`,
      description: 'Kabelkanal im Flur, Abzweigdosen setzen, Leitungen einziehen und beschriften.',
      tagIds: [],
      group: index % 4 === 0 ? 'Elektro' : null,
      assignedTo: null,
      timeEntries: [
        { id: newId(), rev: 0, userId: null, username: '', date: '2026-11-20', hours: 1.5 },
        { id: newId(), rev: 0, userId: null, username: '', date: '2026-11-21', hours: 2.25 },
      ],
      materialEntries: [{ id: newId(), rev: 0, quantity: 12.5, unit: 'm', name: 'NYM-J 3x1,5' }],
    }));
  });
  project.cardGroups = ['Elektro'];
  return project;
}

/** A Lifetime license (for 500 projects and for groups): a key pair of our own; the server gets LICENSE_PUBLIC_KEY. */
export function licenseKeys() {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
  const payload = Buffer.from(
    JSON.stringify({ v: 1, email: 'bench@example.com', type: 'Lifetime', issued: '2026-11-22' }),
  ).toString('base64url');
  const signature = crypto.sign(null, Buffer.from(payload, 'ascii'), privateKey).toString('base64url');
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    licenseKey: `${payload}.${signature}`,
  };
}

/**
 * The figures of a run as the last line of its output, `RESULT {json}` (a flat object), which
 * the aims runner (aims17.mjs) collects into one table.
 */
export function printResult(figures) {
  console.log(`RESULT ${JSON.stringify(figures)}`);
}

/**
 * The server's own figures of an answer (`Server-Timing`, the server started with SERVER_TIMING=1):
 * each entry's milliseconds by name (`app` is the whole request at the server, `sql` its
 * statements, the rest the steps of a board's answer) and `statements`, their count.
 */
export function serverFigures(headers) {
  const figures = new Map();
  for (const part of (headers.get('server-timing') ?? '').split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    const duration = parameters.find((parameter) => parameter.startsWith('dur='));
    if (name && duration) figures.set(name, Number(duration.slice(4)));
    const count = /^desc="(\d+) statements"$/.exec(parameters.find((p) => p.startsWith('desc=')) ?? '')?.[1];
    if (count !== undefined) figures.set('statements', Number(count));
  }
  return figures;
}

/** The load average (1, 5, 15 min) rounded to two places, for the RESULT line. */
export const loadAverage = () => os.loadavg().map((value) => Math.round(value * 100) / 100);

/** Signs the Admin in on the login screen at `baseUrl` and waits for the dashboard (the benchmarks' first step). */
export async function signInAsAdmin(page, baseUrl, password) {
  await page.goto(`${baseUrl}/#/login`);
  await page.getByLabel('Benutzername').fill('admin');
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 30000 });
}

/** Starts Chromium's CPU profiler on `page` (sampling every 200 µs); stop it with `session.send('Profiler.stop')`. */
export async function startCpuProfile(context, page) {
  const session = await context.newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  return session;
}

/** A profile node's name as the summaries print it: function, file and line. */
const frameName = ({ callFrame: { functionName, url, lineNumber } }) =>
  `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;

/** Chromium's own entries of a profile (idle, program, root), which are not a script's work. */
const NOT_SCRIPT = /^\((idle|program|root)\)/;

/**
 * The samples of a CPU profile, each with its time (ms on the profile's clock), the time it
 * stands for (the gap to the next sample) and its stack from the leaf up (profile nodes).
 */
function profileSamples(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const step = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
  let at = profile.startTime / 1000;
  return profile.samples.map((id, index) => {
    at += (profile.timeDeltas?.[index] ?? 0) / 1000;
    const next = profile.timeDeltas?.[index + 1];
    const stack = [];
    for (let node = id; node !== undefined; node = parentOf.get(node)) stack.push(byId.get(node));
    return { at, ms: next === undefined ? step : next / 1000, stack };
  });
}

/** The `count` largest entries of `map` (name → ms) that are a script's work, as printable lines. */
const topLines = (map, count) =>
  [...map]
    .filter(([name]) => !NOT_SCRIPT.test(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, took]) => `    ${took.toFixed(0).padStart(6)} ms  ${name}`)
    .join('\n');

/**
 * The functions of a CPU profile (Chromium's `Profiler.stop` or Node's `--cpu-prof`) with the
 * most time of their own and with what they call, `count` of each, as printable lines.
 */
export function profileSummary(profile, count = 15) {
  const own = new Map();
  const total = new Map();
  for (const { ms: took, stack } of profileSamples(profile)) {
    const name = frameName(stack[0]);
    own.set(name, (own.get(name) ?? 0) + took);
    for (const each of new Set(stack.map(frameName))) total.set(each, (total.get(each) ?? 0) + took);
  }
  const busy = [...own].filter(([name]) => !/^\((idle|program)\)/.test(name)).reduce((sum, [, took]) => sum + took, 0);
  return { busyMs: busy, own: topLines(own, count), total: topLines(total, count) };
}

/**
 * What ran in each of `windows` ({ start, ms } on the page's clock, e.g. long tasks), from a CPU
 * profile of that page: per window the time of its samples, the functions with the most time of
 * their own and with what they call, and the script files that time was spent in (the leaf's file; V8's parsing and
 * compiling, which have no script frame, show as "(program)"). `anchor` ties the two clocks:
 * the page's time at which it started a function of that name which the profile recorded
 * (the page's clock and the profile's differ by an unknown offset).
 */
export function profileWindows(profile, windows, anchor, count = 5) {
  const samples = profileSamples(profile);
  const anchored = samples.find(({ stack }) => stack.some((node) => node.callFrame.functionName === anchor.name));
  if (!anchored) return windows.map(() => null);
  const offset = anchored.at - anchor.at;
  return windows.map(({ start, ms: length }) => {
    const own = new Map();
    const total = new Map();
    const files = new Map();
    let sampled = 0;
    for (const { at, ms: took, stack } of samples) {
      if (at - offset < start || at - offset >= start + length) continue;
      sampled += took;
      const leaf = stack[0];
      const name = frameName(leaf);
      own.set(name, (own.get(name) ?? 0) + took);
      for (const each of new Set(stack.map(frameName))) total.set(each, (total.get(each) ?? 0) + took);
      const file = NOT_SCRIPT.test(name) ? name.split(' ')[0] : leaf.callFrame.url.split('/').pop() || '(no file)';
      files.set(file, (files.get(file) ?? 0) + took);
    }
    const fileLine = [...files]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([file, took]) => `${file} ${took.toFixed(0)}`)
      .join(', ');
    return { sampled, own: topLines(own, count), total: topLines(total, count * 3), files: fileLine };
  });
}

/**
 * Clears what a cold start must not find (as Lighthouse's cold runs in audit.mjs): the
 * origin's service worker, its caches and IndexedDB, and the HTTP cache; the session in
 * localStorage stays. `session`: a CDP session of a page of the browser (Playwright or puppeteer).
 */
export async function clearOriginCaches(session, origin) {
  await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage,indexeddb' });
  await session.send('Network.clearBrowserCache');
}
