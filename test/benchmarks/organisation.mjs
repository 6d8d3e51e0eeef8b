#!/usr/bin/env node
// Benchmark of the dashboard and search (issue 5): 500 projects (BENCH_PROJECTS), each with
// 12 cards, some tagged and some with an appointment, spread over 5 project groups, on the
// built server with its own embedded PostgreSQL. Prints the median and p95 of the dashboard's
// data (GET /api/projects, /project-groups, /appointments and /tags, fetched together as the
// dashboard does) and of three searches. Figures and how to read them: docs/performance.md.
//
//   npm run build && node test/benchmarks/organisation.mjs
//
// Options (environment): BENCH_PROJECTS (default 500), BENCH_RUNS (default 50).
import os from 'node:os';
import common from '@werkboard/common';
import { client, licenseKeys, line, ms, startServer, stats } from './support.mjs';

const { keysAfter, newId } = common;
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARM_UP = 3;
const CARDS_PER_PROJECT = 12;
const PARALLEL = 4;

async function inBatches(count, work) {
  for (let start = 0; start < count; start += PARALLEL)
    await Promise.all(Array.from({ length: Math.min(PARALLEL, count - start) }, (_, offset) => work(start + offset)));
}

async function seed(api) {
  const json = async (method, path, body) =>
    JSON.parse((await api.call(method, path, body && JSON.stringify(body))).text);
  const groups = [];
  for (let index = 0; index < 5; index++) {
    const id = newId();
    groups.push(id);
    await json('PUT', `/api/project-groups/${id}`, { name: `Gruppe ${index + 1}`, color: '#3366cc' });
  }
  await json('POST', '/api/customer-types', { name: 'Privatkunde' });
  const urgent = await json('POST', '/api/tags', {
    customerType: 'Allgemein',
    label: 'Dringend',
    color: 'red',
    priority: 4,
  });
  const urgentPrivate = await json('POST', '/api/tags', {
    customerType: 'Privatkunde',
    label: 'Dringend',
    color: 'rose',
    priority: 3,
  });
  const offer = await json('POST', '/api/tags', {
    customerType: 'Allgemein',
    label: 'Angebot',
    color: 'sky',
    priority: 1,
  });
  const tags = [urgent.id, urgentPrivate.id, offer.id];

  await inBatches(PROJECTS, async (index) => {
    const project = await json('POST', '/api/projects', {
      name: `Projekt ${index + 1} ${['Neubau', 'Altbau', 'Sanierung', 'Wartung'][index % 4]}`,
      projectNumber: `P-${2026000 + index}`,
    });
    const [first, second] = project.columns;
    first.cards = keysAfter(null, CARDS_PER_PROJECT).map((position, cardIndex) => ({
      id: newId(),
      rev: 0,
      position,
      title: `${['Kabel ziehen', 'Dosen setzen', 'Zähler prüfen', 'Heizkörper montieren'][cardIndex % 4]} ${cardIndex + 1}`,
      description: cardIndex % 3 === 0 ? 'Material beim Großhandel abholen.' : '',
      tagIds: cardIndex % 5 === 0 ? [tags[(index + cardIndex) % tags.length]] : [],
      group: null,
      assignedTo: null,
      timeEntries: [],
      materialEntries: [],
    }));
    second.cards = [];
    project.groupId = index % 3 === 0 ? groups[index % groups.length] : null;
    project.tagIds = index % 7 === 0 ? [offer.id] : [];
    project.appointments =
      index % 2 === 0
        ? [
            {
              id: newId(),
              rev: 0,
              title: 'Termin beim Kunden',
              date: `2026-12-${String((index % 28) + 1).padStart(2, '0')}T09:00`,
              status: 'active',
              contactName: 'Frau Meier',
              contactPhone: '',
              tagIds: [],
              notes: '',
            },
          ]
        : [];
    await api.call('PUT', `/api/projects/${project.id}`, JSON.stringify(project));
  });
}

async function measure(api, label, paths) {
  const times = [];
  let bytes = 0;
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const started = performance.now();
    const answers = await Promise.all(paths.map((path) => api.call('GET', path)));
    if (run >= WARM_UP) times.push(performance.now() - started);
    bytes = answers.reduce((sum, answer) => sum + Buffer.byteLength(answer.text), 0);
  }
  return { label, bytes, figures: stats(times) };
}

async function main() {
  const loadBefore = os.loadavg()[0];
  const keys = licenseKeys();
  const server = await startServer({ LICENSE_PUBLIC_KEY: keys.publicKeyPem });
  try {
    const api = client(server.url);
    await api.login('admin', server.adminPassword);
    await api.call(
      'POST',
      '/api/license/activate',
      JSON.stringify({ email: 'bench@example.com', licenseKey: keys.licenseKey, deviceId: 'benchmark' }),
    );
    const seedStarted = performance.now();
    await seed(api);
    const seedMs = performance.now() - seedStarted;

    const results = [
      await measure(api, 'Dashboard data (4 GETs together)', [
        '/api/projects',
        '/api/project-groups',
        '/api/appointments',
        '/api/tags',
      ]),
      await measure(api, 'GET /api/projects alone', ['/api/projects']),
      await measure(api, 'Search text "kabel"', ['/api/search?q=kabel']),
      await measure(api, 'Search tag "Dringend"', ['/api/search?tag=Dringend']),
      await measure(api, 'Search "altbau" + tag "Dringend"', ['/api/search?q=altbau&tag=Dringend']),
    ];
    const search = JSON.parse((await api.call('GET', '/api/search?q=kabel')).text);
    console.log(`\nWerkboard dashboard and search benchmark: ${PROJECTS} projects × ${CARDS_PER_PROJECT} cards`);
    console.log(
      `Node ${process.version}, ${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? 'unknown'}), ${os.platform()}`,
    );
    console.log(`Load average (1 min) at the start: ${loadBefore.toFixed(2)}; now: ${os.loadavg()[0].toFixed(2)}`);
    console.log(`Seeding ${PROJECTS} projects over the API: ${ms(seedMs)}`);
    for (const result of results)
      console.log(`${line(`${result.label} × ${RUNS}`, result.figures)}   ${(result.bytes / 1024).toFixed(0)} KB`);
    console.log(
      `Search "kabel": ${search.projects.length} projects listed${search.truncated ? ' (more matched)' : ''}, first with ${search.projects[0]?.taskCount ?? 0} tasks`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
