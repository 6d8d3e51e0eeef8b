#!/usr/bin/env node
// What a first visit loads before the login screen can run (issue 19's aim: < 120 KB gzip):
// the entry script of renderer/dist/index.html plus every chunk it preloads, raw, gzip and
// brotli, and the largest of them. Give several built dist folders to compare side by side
// (e.g. a build of the commit before the change, made in a temporary worktree):
//
//   npm run build && node test/benchmarks/initialScript.mjs [renderer/dist] [/tmp/before/renderer/dist]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { printResult } from './support.mjs';

const dists = process.argv.slice(2);
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

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} (sizes do not depend on it)`,
);
console.log('| build | files | raw | gzip | brotli | largest (gzip) |');
console.log('| --- | --- | --- | --- | --- | --- |');
const kb1 = (bytes) => Math.round(bytes / 102.4) / 10;
// The RESULT line: the figures of the first build given, then those of the others with their number.
const result = {};
for (const [index, dist] of dists.entries()) {
  const files = initialScripts(dist).map(sizes);
  const total = (key) => files.reduce((sum, entry) => sum + entry[key], 0);
  const largest = [...files]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 3)
    .map((entry) => `${entry.file} ${kb(entry.gzip)}`)
    .join(', ');
  const suffix = index === 0 ? '' : String(index + 1);
  Object.assign(result, {
    [`files${suffix}`]: files.length,
    [`rawKb${suffix}`]: kb1(total('raw')),
    [`gzipKb${suffix}`]: kb1(total('gzip')),
    [`brotliKb${suffix}`]: kb1(total('brotli')),
  });
  console.log(
    `| ${dist} | ${files.length} | ${kb(total('raw'))} | ${kb(total('gzip'))} | ${kb(total('brotli'))} | ${largest} |`,
  );
}
printResult({ ...result, loadAvg1: Math.round(os.loadavg()[0] * 100) / 100 });
