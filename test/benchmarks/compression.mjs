#!/usr/bin/env node
// Benchmark of compressed answers (issues 17 and 19): bytes on the wire and time of a large
// board (GET /api/projects/{id}) and of the renderer's files, sent plain, gzip and brotli by
// the built server, side by side in one run. Also the time a phone on a slow link (1.6 Mbit/s,
// Lighthouse's mobile throttling) would need for those bytes: computed, not measured.
//
//   npm run build && node test/benchmarks/compression.mjs
//
// Also the board's answer compressed at each brotli quality and gzip level in this process (time
// against bytes: how compressAnswers.ts / preparedAnswer.ts chose the levels for large answers).
//
// Options (environment): BENCH_CARDS (default 5000), BENCH_RUNS (default 20).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { client, fillBoard, loadAverage, printResult, startServer, stats } from './support.mjs';

const CARDS = Number(process.env.BENCH_CARDS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SLOW_LINK_BITS_PER_SECOND = 1.6e6;
const ENCODINGS = [
  ['plain', undefined],
  ['gzip', 'gzip'],
  ['brotli', 'gzip, deflate, br'],
];

function rawGet(url, acceptEncoding, token) {
  return new Promise((resolve, reject) => {
    const headers = { 'X-Device-Id': 'benchmark' };
    if (acceptEncoding) headers['Accept-Encoding'] = acceptEncoding;
    if (token) headers.Authorization = `Bearer ${token}`;
    const started = performance.now();
    const request = http.get(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ ms: performance.now() - started, bytes, encoding: res.headers['content-encoding'] ?? 'none' }),
      );
    });
    request.on('error', reject);
  });
}

async function measure(url, acceptEncoding, token) {
  const times = [];
  let last;
  for (let run = 0; run < 2 + RUNS; run++) {
    last = await rawGet(url, acceptEncoding, token);
    if (run >= 2) times.push(last.ms);
  }
  return { ...last, median: stats(times).median };
}

const LEVELS = [
  ...[1, 2, 3, 4, 5].map((quality) => ({
    label: `br q${quality}`,
    run: (bytes) =>
      zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
  })),
  ...[1, 3, 6].map((level) => ({ label: `gzip ${level}`, run: (bytes) => zlib.gzipSync(bytes, { level }) })),
];

function compressedAt(bytes, level) {
  const times = [];
  let size = 0;
  for (let run = 0; run < 8; run++) {
    const started = performance.now();
    size = level.run(bytes).length;
    if (run > 0) times.push(performance.now() - started);
  }
  return { bytes: size, median: stats(times).median };
}

/** 'plain' → 'Plain', for the RESULT line's keys. */
const capital = (label) => `${label[0].toUpperCase()}${label.slice(1)}`;
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`.padStart(9);
const row = (label, result) =>
  `  ${label.padEnd(8)} ${kb(result.bytes)}  (${result.encoding.padEnd(4)})  median ${result.median.toFixed(1).padStart(7)} ms on loopback,` +
  ` ${((result.bytes * 8) / SLOW_LINK_BITS_PER_SECOND).toFixed(2).padStart(6)} s at 1.6 Mbit/s`;

const server = await startServer();
try {
  console.log(
    `load average before: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  const api = client(server.url);
  await api.login('admin', server.adminPassword);
  const created = await api.call('POST', '/api/projects', JSON.stringify({ name: `Benchmark ${CARDS} Karten` }));
  const project = fillBoard(JSON.parse(created.text), CARDS);
  await api.call('PUT', `/api/projects/${project.id}`, JSON.stringify(project));
  const login = JSON.parse(
    (await api.call('POST', '/api/auth/login', JSON.stringify({ username: 'admin', password: server.adminPassword })))
      .text,
  );

  const figures = { cards: CARDS, runs: RUNS, loadStart: loadAverage()[0] };
  console.log(`\nGET /api/projects/{id}, ${CARDS} cards, ${RUNS} runs each:`);
  for (const [label, accept] of ENCODINGS) {
    const result = await measure(`${server.url}/api/projects/${project.id}`, accept, login.token);
    console.log(row(label, result));
    Object.assign(figures, {
      [`board${capital(label)}Kb`]: Math.round(result.bytes / 1024),
      [`board${capital(label)}Encoding`]: result.encoding,
      [`board${capital(label)}MedianMs`]: Math.round(result.median * 10) / 10,
    });
  }

  const text = (await api.call('GET', `/api/projects/${project.id}`)).text;
  console.log(
    `\nThe board's answer (${kb(Buffer.byteLength(text))} of JSON) at each level, median of 7, in this process:`,
  );
  for (const level of LEVELS) {
    const result = compressedAt(Buffer.from(text), level);
    console.log(`  ${level.label.padEnd(10)} ${kb(result.bytes)}  median ${result.median.toFixed(1).padStart(7)} ms`);
    figures[`level_${level.label.replace(' ', '')}_Kb`] = Math.round(result.bytes / 1024);
    figures[`level_${level.label.replace(' ', '')}_Ms`] = Math.round(result.median * 10) / 10;
  }

  const assets = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'renderer', 'dist', 'assets');
  const scripts = fs.readdirSync(assets).filter((name) => /^index-.*\.js$/.test(name));
  for (const script of scripts) {
    console.log(`\n/assets/${script} (the initial script):`);
    for (const [label, accept] of ENCODINGS) {
      const result = await measure(`${server.url}/assets/${script}`, accept);
      console.log(row(label, result));
      figures[`script${capital(label)}Kb`] = Math.round(result.bytes / 1024);
    }
  }
  console.log(
    `\nload average after: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  printResult({ ...figures, loadEnd: loadAverage()[0] });
} finally {
  await server.stop();
}
