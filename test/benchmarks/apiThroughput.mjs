#!/usr/bin/env node
// API throughput against a bare server (issue 17's aim: >= 60 %). autocannon on
// `GET /api/projects` (the signed-in user's project list, 10 projects) and
// `GET /api/projects/{id}` (a project of 20 cards, each with 2 time entries and 1 material
// entry) of the built server, and of a bare `node:http` + `pg` server written below that reads
// the same rows from the same database with the same SQL and answers the same JSON, without
// authentication, ORM, middleware or router. Both run as processes of their own on one embedded
// PostgreSQL; after a warm-up they take turns route by route (the order swapped every round),
// so that both meet the same load of the shared machine. Before measuring, the script checks
// that both answer the same rows.
//
//   npm run build && node test/benchmarks/apiThroughput.mjs   (about 1½ minutes)
//
// Options (environment): BENCH_ROUNDS (3), BENCH_SECONDS (5 per route, server and round),
// BENCH_CONNECTIONS (10), BENCH_ROOT (another built tree whose server is measured).
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startTestPostgres } from '../support/embeddedPostgres.mjs';
import { client, fillBoard, loadAverage, printResult, startServer, stats } from './support.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARM_UP_SECONDS = 3;
const AIM_PERCENT = 60;
/** The Free license's limit. */
const PROJECTS = 10;
const CARDS = 20;

// ---------------------------------------------------------------------------------------------
// The bare server: `node apiThroughput.mjs --bare` with BARE_DATABASE_URL; prints its port.

const SUMMARY_SQL = `
  SELECT p.id, p.revision, p.name, p.description, p.icon, p.project_number AS "projectNumber",
         p.customer_type AS "customerType", p.status, p.owner_id AS "ownerId", o.username AS "ownerUsername",
         p.deputy_owner_id AS "deputyOwnerId", p.group_id AS "groupId", p.tag_ids AS "tagIds",
         p.thumbnail_image_id AS "thumbnailImageId", p.last_modified AS "lastModified", p.created_at AS "createdAt",
         COALESCE((SELECT array_agg(m.user_id ORDER BY m.created_at) FROM project_members m WHERE m.project_id = p.id), '{}') AS "memberIds",
         (SELECT count(*)::int FROM project_cards c WHERE c.project_id = p.id) AS "cardCount",
         (SELECT count(*)::int FROM project_cards c WHERE c.column_id = (
            SELECT l.id FROM project_columns l WHERE l.project_id = p.id ORDER BY l.position COLLATE "C" DESC, l.id DESC LIMIT 1
         )) AS "doneCount"
    FROM projects p LEFT JOIN users o ON o.id = p.owner_id
   WHERE NOT p.is_template AND p.status <> 'archived' ORDER BY p.last_modified DESC`;

const PROJECT_SQL = `
  SELECT p.id, p.revision, p.is_template AS "isTemplate", p.status, p.name, p.description, p.icon,
         p.project_number AS "projectNumber", p.customer_type AS "customerType", p.group_id AS "groupId",
         p.group_assignments AS "groupAssignments", p.thumbnail_image_id AS "thumbnailImageId", p.tag_ids AS "tagIds",
         p.card_groups AS "cardGroups", p.owner_id AS "ownerId", o.username AS "ownerUsername",
         p.deputy_owner_id AS "deputyOwnerId",
         COALESCE((SELECT array_agg(m.user_id ORDER BY m.created_at) FROM project_members m WHERE m.project_id = p.id), '{}') AS "memberIds",
         p.last_modified AS "lastModified", p.created_at AS "createdAt"
    FROM projects p LEFT JOIN users o ON o.id = p.owner_id WHERE p.id = $1`;

const ENTITY_SQL = {
  columns: `SELECT id, rev, position, title FROM project_columns WHERE project_id = $1 ORDER BY position COLLATE "C", id`,
  cards: `SELECT id, rev, column_id AS "columnId", position, title, description, tag_ids AS "tagIds", group_name AS "group",
                 assigned_to AS "assignedTo" FROM project_cards WHERE project_id = $1 ORDER BY position COLLATE "C", id`,
  timeEntries: `SELECT id, rev, card_id AS "cardId", user_id AS "userId", username, to_char(day, 'YYYY-MM-DD') AS date, hours
                  FROM time_entries WHERE project_id = $1 ORDER BY day, id`,
  materialEntries: `SELECT id, rev, card_id AS "cardId", quantity, unit, name FROM material_entries WHERE project_id = $1 ORDER BY seq`,
  appointments: `SELECT id, rev, title, starts_at AS date, status, contact_name AS "contactName", contact_phone AS "contactPhone",
                        tag_ids AS "tagIds", notes FROM appointments WHERE project_id = $1 ORDER BY starts_at`,
  notes: `SELECT id, rev, title, content, author_id AS "authorId", author_username AS "authorUsername", written_at AS timestamp
            FROM project_notes WHERE project_id = $1 ORDER BY written_at DESC`,
  signoffs: `SELECT id, rev, card_id AS "cardId", signer_name AS "signerName", signed_at AS "signedAt", signature,
                    covered_time_entry_ids AS "coveredTimeEntryIds", covered_material_entry_ids AS "coveredMaterialEntryIds",
                    collected_by_id AS "collectedById", collected_by_name AS "collectedByName"
               FROM project_signoffs WHERE project_id = $1 ORDER BY signed_at, id`,
  changeLog: `SELECT id, logged_at AS timestamp, user_id AS "userId", username, action
                FROM change_log_entries WHERE project_id = $1 ORDER BY logged_at DESC, id`,
};

const TEAM_SQL = 'SELECT id, username, username_color AS "usernameColor", role FROM users WHERE id = ANY($1::uuid[])';

const iso = (date) => date.toISOString();

async function bareDocument(pool, id, hasSignoffs) {
  const kinds = Object.keys(ENTITY_SQL).filter((kind) => kind !== 'signoffs' || hasSignoffs);
  const [project, ...lists] = await Promise.all([
    pool.query(PROJECT_SQL, [id]),
    ...kinds.map((kind) => pool.query(ENTITY_SQL[kind], [id])),
  ]);
  const row = project.rows[0];
  if (!row) return null;
  const rows = Object.fromEntries(kinds.map((kind, index) => [kind, lists[index].rows]));
  const teamIds = [row.ownerId, row.deputyOwnerId, ...row.memberIds].filter((member) => member !== null);
  const users = new Map((await pool.query(TEAM_SQL, [teamIds])).rows.map((user) => [user.id, user]));
  const team = [];
  const add = (userId, teamRole) => {
    const user = userId ? users.get(userId) : undefined;
    if (user && !team.some((member) => member.id === user.id)) team.push({ ...user, teamRole });
  };
  add(row.ownerId, 'owner');
  add(row.deputyOwnerId, 'deputy');
  for (const memberId of row.memberIds) add(memberId, 'member');

  const columns = rows.columns.map((column) => ({ ...column, cards: [] }));
  const columnById = new Map(columns.map((column) => [column.id, column]));
  const cardById = new Map();
  for (const { columnId, ...card } of rows.cards) {
    const nested = { ...card, timeEntries: [], materialEntries: [] };
    cardById.set(card.id, nested);
    columnById.get(columnId)?.cards.push(nested);
  }
  for (const { cardId, hours, ...entry } of rows.timeEntries)
    cardById.get(cardId)?.timeEntries.push({ ...entry, hours: Number(hours) });
  for (const { cardId, quantity, ...entry } of rows.materialEntries)
    cardById.get(cardId)?.materialEntries.push({ ...entry, quantity: Number(quantity) });
  return {
    ...row,
    lastModified: iso(row.lastModified),
    createdAt: iso(row.createdAt),
    team,
    columns,
    appointments: rows.appointments,
    notes: rows.notes.map((note) => ({ ...note, timestamp: iso(note.timestamp) })),
    ...(hasSignoffs
      ? { signoffs: rows.signoffs.map((signoff) => ({ ...signoff, signedAt: iso(signoff.signedAt) })) }
      : {}),
    changeLog: rows.changeLog.map((entry) => ({ ...entry, timestamp: iso(entry.timestamp) })),
  };
}

async function runBareServer() {
  // The pool's size is the server's (server/src/db/database.ts).
  const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
  const hasSignoffs = (await pool.query("SELECT to_regclass('project_signoffs') AS t")).rows[0].t !== null;
  const send = (response, status, body) => {
    const text = JSON.stringify(body);
    response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(text);
  };
  const server = http.createServer((request, response) => {
    const answer = async () => {
      if (request.url === '/api/projects') {
        const { rows } = await pool.query(SUMMARY_SQL);
        return send(
          response,
          200,
          rows.map((row) => ({ ...row, lastModified: iso(row.lastModified), createdAt: iso(row.createdAt) })),
        );
      }
      const id = /^\/api\/projects\/([0-9a-f-]{36})$/.exec(request.url ?? '')?.[1];
      const document = id ? await bareDocument(pool, id, hasSignoffs) : null;
      return document ? send(response, 200, document) : send(response, 404, { error: 'not found' });
    };
    answer().catch((error) => send(response, 500, { error: String(error) }));
  });
  server.listen(0, '127.0.0.1', () => console.log(`BARE LISTENING ${server.address().port}`));
  process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
}

function startBareServer(databaseUrl) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--bare'], {
    env: { ...process.env, BARE_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      const port = /BARE LISTENING (\d+)/.exec(output)?.[1];
      if (port)
        resolve({
          url: `http://127.0.0.1:${port}`,
          stop: () =>
            new Promise((done) => {
              child.once('exit', done);
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`the bare server stopped (${code}): ${output}`)));
  });
}

// ---------------------------------------------------------------------------------------------
// The measurement.

async function cannon(url, token, seconds) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { Authorization: `Bearer ${token}`, 'X-Device-Id': 'benchmark' },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** Seeds the user's project list and the project of 20 cards through our API. */
async function seed(server) {
  const api = client(server.url);
  await api.login('admin', server.adminPassword);
  const ids = [];
  for (let index = 0; index < PROJECTS; index += 1) {
    const created = JSON.parse(
      (await api.call('POST', '/api/projects', JSON.stringify({ name: `Baustelle ${index + 1}` }))).text,
    );
    ids.push(created.id);
    if (index === 0) {
      const board = fillBoard(created, CARDS);
      await api.call('PUT', `/api/projects/${created.id}`, JSON.stringify(board));
    }
  }
  const { token } = JSON.parse(
    (await api.call('POST', '/api/auth/login', JSON.stringify({ username: 'admin', password: server.adminPassword })))
      .text,
  );
  return { projectId: ids[0], token };
}

async function getJson(url, token) {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}`, 'X-Device-Id': 'benchmark' } });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text.slice(0, 200)}`);
  return { body: JSON.parse(text), bytes: Buffer.byteLength(text) };
}

/** The ids a document holds, kind by kind (what "the same rows" means when the shapes differ). */
function idsOf(document) {
  const cards = document.columns.flatMap((column) => column.cards);
  const ids = (list) => list.map((entity) => entity.id).sort();
  return {
    columns: ids(document.columns),
    cards: ids(cards),
    timeEntries: ids(cards.flatMap((card) => card.timeEntries)),
    materialEntries: ids(cards.flatMap((card) => card.materialEntries)),
    notes: ids(document.notes),
    appointments: ids(document.appointments),
    changeLog: ids(document.changeLog),
  };
}

/** 'identical', or 'same rows' with the keys that differ; throws when the rows differ. */
async function compareAnswers(route, ourUrl, bareUrl, token) {
  const ours = await getJson(ourUrl, token);
  const bare = await getJson(bareUrl, token);
  const summary = { ourBytes: ours.bytes, bareBytes: bare.bytes };
  if (isDeepStrictEqual(ours.body, bare.body)) return { ...summary, same: 'identical' };
  const sameRows = Array.isArray(ours.body)
    ? isDeepStrictEqual(ours.body.map((p) => p.id).sort(), bare.body.map((p) => p.id).sort())
    : isDeepStrictEqual(idsOf(ours.body), idsOf(bare.body));
  if (!sameRows) throw new Error(`${route}: the bare server answers other rows than ours`);
  const first = (body) => (Array.isArray(body) ? (body[0] ?? {}) : body);
  const keys = (body) => Object.keys(first(body));
  const differing = [
    ...keys(ours.body).filter((key) => !keys(bare.body).includes(key)),
    ...keys(bare.body).filter((key) => !keys(ours.body).includes(key)),
  ];
  return { ...summary, same: `same rows, other shape (${differing.join(', ') || 'values'})` };
}

async function main() {
  const loadStart = loadAverage();
  const database = await startTestPostgres('throughput');
  const ours = await startServer({ DATABASE_URL: database.url });
  let bare;
  try {
    const { projectId, token } = await seed(ours);
    bare = await startBareServer(database.url);
    const routes = [
      { label: 'GET /api/projects', path: '/api/projects', key: 'list' },
      { label: `GET /api/projects/{id} (${CARDS} cards)`, path: `/api/projects/${projectId}`, key: 'board' },
    ];
    const servers = [
      { name: 'ours', url: ours.url },
      { name: 'bare', url: bare.url },
    ];
    for (const route of routes)
      route.compared = await compareAnswers(route.label, `${ours.url}${route.path}`, `${bare.url}${route.path}`, token);

    for (const route of routes)
      for (const server of servers) await cannon(`${server.url}${route.path}`, token, WARM_UP_SECONDS);

    const runs = Object.fromEntries(routes.map((route) => [route.key, { ours: [], bare: [] }]));
    for (let round = 0; round < ROUNDS; round += 1)
      for (const route of routes) {
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const server of order)
          runs[route.key][server.name].push(await cannon(`${server.url}${route.path}`, token, SECONDS));
      }

    const summarise = (list) => ({
      rps: list.reduce((sum, run) => sum + run.requests, 0) / list.reduce((sum, run) => sum + run.seconds, 0),
      p50: stats(list.map((run) => run.p50)).median,
      p99: stats(list.map((run) => run.p99)).median,
    });
    const loadEnd = loadAverage();
    console.log(`\nAPI throughput: our server against a bare node:http + pg server, same database, same rows`);
    console.log(
      `Node ${process.version}, ${os.cpus().length} CPU cores, load average at the start ${loadStart.join(' ')}`,
    );
    console.log(
      `autocannon, ${CONNECTIONS} connections; ${WARM_UP_SECONDS} s warm-up each, then ${ROUNDS} rounds of ${SECONDS} s, the servers taking turns`,
    );
    const cell = (figures) =>
      `${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${String(figures.p50).padStart(4)} ms  p99 ${String(figures.p99).padStart(4)} ms`;
    console.log(`${'route'.padEnd(34)} ${'ours'.padEnd(36)} ${'bare'.padEnd(36)} ours/bare`);
    const result = { rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS, aimPercent: AIM_PERCENT };
    for (const route of routes) {
      const our = summarise(runs[route.key].ours);
      const bareFigures = summarise(runs[route.key].bare);
      const percent = (our.rps / bareFigures.rps) * 100;
      const perRound = runs[route.key].ours.map(
        (run, index) =>
          `${(((run.requests / run.seconds) * 100) / (runs[route.key].bare[index].requests / runs[route.key].bare[index].seconds)).toFixed(0)} %`,
      );
      console.log(
        `${route.label.padEnd(34)} ${cell(our).padEnd(36)} ${cell(bareFigures).padEnd(36)} ${percent.toFixed(0).padStart(4)} % (rounds: ${perRound.join(', ')})`,
      );
      console.log(
        `${''.padEnd(34)} answers: ${route.compared.same}; ${route.compared.ourBytes} bytes ours, ${route.compared.bareBytes} bare`,
      );
      Object.assign(result, {
        [`${route.key}OurRps`]: Math.round(our.rps),
        [`${route.key}BareRps`]: Math.round(bareFigures.rps),
        [`${route.key}Percent`]: Math.round(percent * 10) / 10,
        [`${route.key}OurP50Ms`]: our.p50,
        [`${route.key}OurP99Ms`]: our.p99,
        [`${route.key}BareP50Ms`]: bareFigures.p50,
        [`${route.key}BareP99Ms`]: bareFigures.p99,
      });
    }
    console.log(`Aim: ours >= ${AIM_PERCENT} % of bare on both routes. Load average at the end ${loadEnd.join(' ')}`);
    printResult({ ...result, loadStart: loadStart[0], loadEnd: loadEnd[0] });
  } finally {
    await bare?.stop();
    await ours.stop();
    await database.stop();
  }
}

if (process.argv.includes('--bare')) await runBareServer();
else
  await main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
