#!/usr/bin/env node
// Benchmark of the full backup (issue 15): a backup file of 500 projects (BENCH_PROJECTS),
// each with 3 columns, 12 cards with time and material entries, an appointment, a note and a
// photo (a noisy JPEG of about 70 KB, so the file is about 50 MB), imported with
// POST /api/backup/import into the built server with its own embedded PostgreSQL, then
// exported with GET /api/backup/export and the export imported again (merge: every project
// replaced by its own content). Prints each step's wall-clock time, the file size, and the
// server's resident memory (VmRSS from /proc, sampled every 25 ms) before and at its peak
// during each import. Checks that the export holds every project and photo. Figures:
// docs/performance.md.
//
//   npm run build && node test/benchmarks/backup.mjs
//
// Options (environment): BENCH_PROJECTS (default 500), BENCH_CARDS (default 12), BENCH_PHOTOS
// ('0': no photos, to tell the photos' share from the projects'), BENCH_BASE (a built tree of
// the code before a change: the same file runs on both, one after the other, side by side),
// BENCH_NODE_OPTIONS (the servers' NODE_OPTIONS, e.g. '--max-old-space-size=128': does an
// import fit in a capped heap?), BENCH_STEPS ('import': only the first import). A step that
// fails is printed as failed, with its reason, and the run goes on.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import common from '@werkboard/common';
import { BASE_ROOT, client, licenseKeys, ms, startServer } from './support.mjs';

const { keysAfter, newId, BACKUP_TYPE, BACKUP_VERSION } = common;
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 500);
const CARDS = Number(process.env.BENCH_CARDS ?? 12);
const PHOTOS = process.env.BENCH_PHOTOS !== '0';
const NODE_OPTIONS = process.env.BENCH_NODE_OPTIONS;
const IMPORT_ONLY = process.env.BENCH_STEPS === 'import';

/** Noise does not compress: a photo-sized JPEG of about 70 KB. */
async function photo() {
  const size = 290;
  const noise = crypto.randomBytes(size * size * 3);
  const bytes = await sharp(noise, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

function project(index, dataUrl) {
  const id = newId();
  const columnKeys = keysAfter(null, 3);
  const cardKeys = keysAfter(null, CARDS);
  const imageId = newId();
  return {
    document: {
      id,
      name: `Baustelle ${index + 1}`,
      description: 'Elektroinstallation Neubau, Unterverteilung und Zählerschrank.',
      icon: 'building',
      projectNumber: `P-${1000 + index}`,
      customerType: 'Allgemein',
      status: 'active',
      thumbnailImageId: imageId,
      cardGroups: ['Elektro'],
      columns: ['To Do', 'In Bearbeitung', 'Erledigt'].map((title, columnIndex) => ({
        id: newId(),
        position: columnKeys[columnIndex],
        title,
        cards:
          columnIndex === 0
            ? cardKeys.map((position, cardIndex) => ({
                id: newId(),
                position,
                title: `Aufgabe ${cardIndex + 1}: Leitungen verlegen`,
                description: 'Kabelkanal im Flur, Abzweigdosen setzen.',
                group: 'Elektro',
                timeEntries: [{ id: newId(), userId: null, username: 'admin', date: '2026-11-02', hours: 2.5 }],
                materialEntries: [{ id: newId(), quantity: 25, unit: 'm', name: 'NYM-J 3x1,5' }],
              }))
            : [],
      })),
      appointments: [{ id: newId(), title: 'Abnahme', date: '2026-12-01T09:30', status: 'active' }],
      notes: [
        {
          id: newId(),
          title: 'Informationen',
          content: 'Schlüssel beim Bauleiter.',
          timestamp: '2026-11-01T08:00:00.000Z',
        },
      ],
    },
    image: { id: imageId, projectId: id, name: `foto-${index + 1}.jpg`, dataUrl },
  };
}

function rssKb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Runs `work` while sampling the server's RSS; answers its time, the RSS before and the peak (or why it failed). */
async function measured(pid, work) {
  const before = rssKb(pid);
  let peak = before;
  const sample = () => {
    try {
      peak = Math.max(peak, rssKb(pid));
    } catch {
      // The server is gone (out of memory): the peak stays what was seen.
    }
  };
  const timer = setInterval(sample, 25);
  const started = performance.now();
  try {
    const result = await work();
    sample();
    return { result, ms: performance.now() - started, before, peak };
  } catch (error) {
    return { error: String(error.message ?? error).slice(0, 60), ms: performance.now() - started, before, peak };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kbToMb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

/** One build's run: import, export, import of the export; its figures. */
async function runOn(root, body, keys) {
  const env = { LICENSE_PUBLIC_KEY: keys.publicKeyPem, ...(NODE_OPTIONS ? { NODE_OPTIONS } : {}) };
  const server = await startServer(env, root);
  try {
    const api = client(server.url);
    await api.login('admin', server.adminPassword);
    await api.call(
      'POST',
      '/api/license/activate',
      JSON.stringify({ email: 'bench@example.com', licenseKey: keys.licenseKey, deviceId: 'benchmark' }),
    );
    const loadAtStart = os.loadavg()[0];
    const imported = await measured(server.pid, () => api.call('POST', '/api/backup/import', body));
    if (IMPORT_ONLY || imported.error) return { imported, load: [loadAtStart, os.loadavg()[0]] };
    const exported = await measured(server.pid, () => api.call('GET', '/api/backup/export'));
    if (exported.error) return { imported, exported, load: [loadAtStart, os.loadavg()[0]] };
    const backup = JSON.parse(exported.result.text);
    const missing = PROJECTS - backup.data.projects.length + (PHOTOS ? PROJECTS - backup.data.images.length : 0);
    const exportSize = exported.result.text.length;
    exported.result = null;
    const again = await measured(server.pid, () =>
      api.call('POST', '/api/backup/import', JSON.stringify({ data: backup, mode: 'merge' })),
    );
    return { imported, exported, exportSize, again, missing, load: [loadAtStart, os.loadavg()[0]] };
  } finally {
    await server.stop();
  }
}

async function main() {
  const loadBefore = os.loadavg()[0];
  const keys = licenseKeys();
  const dataUrl = await photo();
  const parts = Array.from({ length: PROJECTS }, (_, index) => project(index, dataUrl));
  const file = {
    type: BACKUP_TYPE,
    version: BACKUP_VERSION,
    timestamp: new Date().toISOString(),
    data: {
      projects: parts.map((part) => part.document),
      templates: [],
      customerTypes: ['Allgemein'],
      tags: {},
      images: PHOTOS ? parts.map((part) => part.image) : [],
    },
  };
  const body = JSON.stringify({ data: file, mode: 'merge' });

  const builds = BASE_ROOT
    ? [
        ['before (BENCH_BASE)', BASE_ROOT],
        ['this build', undefined],
      ]
    : [['this build', undefined]];
  const results = [];
  for (const [label, root] of builds) results.push([label, await runOn(root, body, keys)]);

  console.log(
    `Backup of ${PROJECTS} projects, ${CARDS} cards each, ${PHOTOS ? 'one photo each' : 'no photos'} (${os.cpus().length} cores)`,
  );
  console.log(`load average (1 min): ${loadBefore.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end`);
  if (NODE_OPTIONS) console.log(`servers' NODE_OPTIONS: ${NODE_OPTIONS}`);
  console.log(`file: ${mb(Buffer.byteLength(body))} (photo ${((dataUrl.length * 3) / 4 / 1024).toFixed(0)} KB each)`);
  const column = (text) => String(text).padEnd(44);
  console.log(column(''), results.map(([label]) => column(label)).join(''));
  const row = (name, cell) => console.log(column(name), results.map(([, r]) => column(cell(r))).join(''));
  row('load average (1 min) during the run', (r) => `${r.load[0].toFixed(2)} -> ${r.load[1].toFixed(2)}`);
  const step = (name, pick, cell) =>
    row(name, (r) => {
      const figures = pick(r);
      if (!figures) return '-';
      return figures.error ? `FAILED after ${ms(figures.ms)}: ${figures.error}` : cell(r, figures);
    });
  const importCells = [
    (r, f) => `${ms(f.ms)}, RSS ${kbToMb(f.before)} -> peak ${kbToMb(f.peak)}`,
    (r, f) => `+${kbToMb(f.peak - f.before)}`,
  ];
  step('import (fresh installation)', (r) => r.imported, importCells[0]);
  step('  peak RSS growth during the import', (r) => r.imported, importCells[1]);
  step(
    'export',
    (r) => r.exported,
    (r, f) => `${ms(f.ms)}, ${mb(r.exportSize)}, peak RSS ${kbToMb(f.peak)}`,
  );
  step('import of the export (merge)', (r) => r.again, importCells[0]);
  step('  peak RSS growth during the import', (r) => r.again, importCells[1]);
  if (!IMPORT_ONLY) row('missing in the export', (r) => r.missing ?? '-');
  if (results.some(([, r]) => r.missing !== undefined && r.missing !== 0)) process.exitCode = 1;
}

await main();
