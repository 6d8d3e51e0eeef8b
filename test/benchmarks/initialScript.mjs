#!/usr/bin/env node
// What a first visit loads before the login screen can run (issue 19's aim: < 120 KB gzip):
// the entry script of renderer/dist/index.html plus every chunk it preloads, raw, gzip and
// brotli, and the largest of them. Give several built dist folders to compare side by side
// (e.g. a build of the commit before the change, made in a temporary worktree):
//
//   npm run build && node test/benchmarks/initialScript.mjs [renderer/dist] [/tmp/before/renderer/dist]
//
// With source maps (`npx vite build --sourcemap --outDir /tmp/x` in renderer/), it also counts
// the initial scripts by package and by our own folders (raw, minified bytes), so that a step
// shows what moved out of the first script and what is left. Then the landing block of
// index.html: what a signed-in start preloads besides (the frame, and the frame with each
// landing page), gzip, and the frame by package and folder where the maps are there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

// --by-file: the breakdown per source file instead of per package or folder.
const byFile = process.argv.includes('--by-file');
const dists = process.argv.slice(2).filter((arg) => arg !== '--by-file');
if (dists.length === 0) dists.push('renderer/dist');

function initialScripts(dist) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  return [...new Set([...entry, ...preloads])].map((href) => path.join(dist, href));
}

function sizes(file) {
  const content = fs.readFileSync(file);
  return {
    file: path.basename(file),
    raw: content.length,
    gzip: zlib.gzipSync(content, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(content).length,
  };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The source-map segments of one line: [generated column, source index] (VLQ, fields 1 and 2). */
function decodeLine(line, state) {
  const segments = [];
  for (const segment of line.split(',')) {
    if (segment === '') continue;
    const fields = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = BASE64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) {
        shift += 5;
        continue;
      }
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
    state.column += fields[0];
    if (fields.length > 1) state.source += fields[1];
    segments.push([state.column, fields.length > 1 ? state.source : -1]);
  }
  return segments;
}

/** node_modules/<package> or our own workspace folder (renderer/src/api, common/src/messages). */
function groupOf(source) {
  const normalised = source.replace(/\\/g, '/');
  if (byFile) return normalised.replace(/^(\.\.\/)+/, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(normalised);
  if (pkg) return pkg[1];
  const own = /(renderer|common)\/src\/((?:[^/]+\/)?)/.exec(normalised);
  if (own) return `${own[1]}/src/${own[2].replace(/\/$/, '') || '(root)'}`;
  return '(other)';
}

/** Raw bytes of a generated file per group, attributed through its source map. */
function bytesByGroup(file, totals) {
  const mapFile = `${file}.map`;
  if (!fs.existsSync(mapFile)) {
    // The bundler's small runtime chunk has no map of its own.
    const size = fs.statSync(file).size;
    totals.set('(no map)', (totals.get('(no map)') ?? 0) + size);
    return size < 4096;
  }
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const state = { source: 0 };
  map.mappings.split(';').forEach((mapping, index) => {
    state.column = 0;
    const text = lines[index] ?? '';
    const segments = decodeLine(mapping, state);
    segments.forEach(([column, source], i) => {
      const end = i + 1 < segments.length ? segments[i + 1][0] : text.length;
      const group = source < 0 ? '(unmapped)' : groupOf(map.sources[source]);
      totals.set(group, (totals.get(group) ?? 0) + Buffer.byteLength(text.slice(column, end)));
    });
  });
  return true;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const loadAvg = os.loadavg().map((n) => Number(n.toFixed(2)));
console.log(`load average ${loadAvg.join(' ')} (sizes do not depend on it)`);
console.log('| build | files | raw | gzip | brotli | largest (gzip) |');
console.log('| --- | --- | --- | --- | --- | --- |');
const results = [];
const groupsByDist = [];
for (const dist of dists) {
  const scripts = initialScripts(dist);
  const files = scripts.map(sizes);
  const total = (key) => files.reduce((sum, entry) => sum + entry[key], 0);
  const largest = [...files]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 3)
    .map((entry) => `${entry.file} ${kb(entry.gzip)}`)
    .join(', ');
  console.log(
    `| ${dist} | ${files.length} | ${kb(total('raw'))} | ${kb(total('gzip'))} | ${kb(total('brotli'))} | ${largest} |`,
  );
  results.push({ dist, files: files.length, raw: total('raw'), gzip: total('gzip'), brotli: total('brotli') });
  const groups = new Map();
  if (scripts.every((file) => bytesByGroup(file, groups))) groupsByDist.push({ dist, groups });
}

/** A table of raw bytes per package or folder, one column per build (groups of 1 KB and more). */
function printGroups(title, groupsByDist) {
  if (groupsByDist.length === 0) return;
  const names = [...new Set(groupsByDist.flatMap(({ groups }) => [...groups.keys()]))];
  const biggest = (name) => Math.max(...groupsByDist.map(({ groups }) => groups.get(name) ?? 0));
  names.sort((a, b) => biggest(b) - biggest(a));
  console.log('');
  console.log(`${title}, raw minified bytes (from the source maps):`);
  console.log(`| module | ${groupsByDist.map(({ dist }) => dist).join(' | ')} |`);
  console.log(`| --- | ${groupsByDist.map(() => '---').join(' | ')} |`);
  for (const name of names.filter((n) => biggest(n) >= 1024)) {
    console.log(`| ${name} | ${groupsByDist.map(({ groups }) => kb(groups.get(name) ?? 0)).join(' | ')} |`);
  }
}

printGroups('By package or folder', groupsByDist);

/** index.html's landing block (renderer/scripts/landingPreload.ts): the chunks a signed-in start preloads. */
function landingTable(dist) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const block = /<script type="application\/json" id="landing-chunks">(.*?)<\/script>/s.exec(html);
  return block ? JSON.parse(block[1]) : null;
}

// A signed-in start: the first script, then the frame (shell, data cache, first reads) and the
// landing page's chunks, preloaded together (issue 19). Lighthouse's simulated phone pays for
// each of them before the page's content shows.
const landings = dists.map((dist) => ({ dist, table: landingTable(dist) })).filter(({ table }) => table);
if (landings.length > 0) {
  const gzipOf = (dist, files) => files.reduce((sum, file) => sum + sizes(path.join(dist, file)).gzip, 0);
  const pages = [...new Set(landings.flatMap(({ table }) => Object.keys(table.pages)))];
  console.log('');
  console.log('The landing block of a signed-in start, gzip (files): the frame, and the frame with each page');
  console.log(`| landing | ${landings.map(({ dist }) => dist).join(' | ')} |`);
  console.log(`| --- | ${landings.map(() => '---').join(' | ')} |`);
  const row = (name, filesOf) =>
    console.log(
      `| ${name} | ${landings
        .map(({ dist, table }) => {
          const files = filesOf(table);
          return `${kb(gzipOf(dist, files))} (${files.length})`;
        })
        .join(' | ')} |`,
    );
  row('frame', (table) => table.frame);
  for (const page of pages) row(`frame + ${page}`, (table) => [...table.frame, ...(table.pages[page] ?? [])]);
  const frameGroups = landings
    .map(({ dist, table }) => {
      const groups = new Map();
      const mapped = table.frame.every((file) => bytesByGroup(path.join(dist, file), groups));
      return mapped ? { dist, groups } : null;
    })
    .filter(Boolean);
  printGroups('The frame by package or folder', frameGroups);
}

const flat = { loadAvg1: loadAvg[0] };
results.forEach((result, index) => {
  const prefix = index === 0 ? '' : `build${index + 1}`;
  const key = (name) => (prefix ? `${prefix}${name[0].toUpperCase()}${name.slice(1)}` : name);
  flat[key('files')] = result.files;
  flat[key('gzipKb')] = Number((result.gzip / 1024).toFixed(1));
  flat[key('brotliKb')] = Number((result.brotli / 1024).toFixed(1));
  flat[key('rawKb')] = Number((result.raw / 1024).toFixed(1));
});
console.log(`RESULT ${JSON.stringify(flat)}`);
