#!/usr/bin/env node
// Sort keys (issue 17: "sortKey.ts replaced by a maintained fractional-indexing library if that
// keeps keys shorter"): the key lengths of three ways of making keys, side by side on the same
// sequences of edits. "before": common/src/domain/sortKey.ts as it was at SORTKEY_BASE (a git
// revision; default: main before issue 17's sort key change), "now": this tree's build of common,
// "fractional-indexing": the library (rocicorp, base 62). Prints the longest and the mean key
// length of the list after each sequence. Decision and figures: docs/decisions.md "Sort keys".
//
//   npx tsc -b && node test/benchmarks/sortKeys.mjs
//
// Options (environment): BENCH_N (edits per sequence, default 5000), SORTKEY_BASE (default 01fb039).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import common from '@werkboard/common';
import { generateKeyBetween } from 'fractional-indexing';
import { printResult } from './support.mjs';

const N = Number(process.env.BENCH_N ?? 5000);
const BASE = process.env.SORTKEY_BASE ?? '01fb039';

async function keysAt(revision) {
  const source = execFileSync('git', ['show', `${revision}:common/src/domain/sortKey.ts`], { encoding: 'utf8' });
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sortkeys-')), 'sortKey.mjs');
  fs.writeFileSync(file, outputText);
  return import(pathToFileURL(file).href);
}

const schemes = {
  before: (await keysAt(BASE)).keyBetween,
  now: common.keyBetween,
  'fractional-indexing': (low, high) => generateKeyBetween(low, high),
};

/** A seeded random number generator (the same sequence for every scheme). */
function random(seed) {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** Inserts a key at `index` of `list` (an array of keys in order). */
function insertAt(list, index, between) {
  list.splice(index, 0, between(list[index - 1] ?? null, list[index] ?? null));
}

const sequences = {
  appends: [
    'appends',
    (list, between) => {
      for (let step = 0; step < N; step++) insertAt(list, list.length, between);
    },
  ],
  prepends: [
    'prepends',
    (list, between) => {
      for (let step = 0; step < N; step++) insertAt(list, 0, between);
    },
  ],
  middle: [
    'inserts in the middle',
    (list, between) => {
      for (let step = 0; step < N; step++) insertAt(list, list.length >> 1, between);
    },
  ],
  randomInserts: [
    'inserts at random places',
    (list, between) => {
      const next = random(7);
      for (let step = 0; step < N; step++) insertAt(list, Math.floor(next() * (list.length + 1)), between);
    },
  ],
  randomMoves: [
    'random moves in a list of 500',
    (list, between) => {
      for (let step = 0; step < 500; step++) insertAt(list, list.length, between);
      const next = random(11);
      for (let step = 0; step < N; step++) {
        list.splice(Math.floor(next() * list.length), 1);
        insertAt(list, Math.floor(next() * (list.length + 1)), between);
      }
    },
  ],
  second: [
    'inserts always second (the worst case)',
    (list, between) => {
      insertAt(list, 0, between);
      for (let step = 0; step < N; step++) insertAt(list, 1, between);
    },
  ],
};

console.log(`Sort key lengths after ${N} edits (longest / mean of the list's keys)`);
console.log(
  `${'sequence'.padEnd(42)}${Object.keys(schemes)
    .map((name) => name.padStart(22))
    .join('')}`,
);
const result = { edits: N };
for (const [short, [sequence, run]] of Object.entries(sequences)) {
  const cells = [];
  for (const [scheme, between] of Object.entries(schemes)) {
    const list = [];
    run(list, between);
    if ([...list].sort().some((key, index) => key !== list[index]))
      throw new Error(`${scheme}: ${sequence} out of order`);
    const longest = Math.max(...list.map((key) => key.length));
    const mean = list.reduce((sum, key) => sum + key.length, 0) / list.length;
    cells.push(`${longest} / ${mean.toFixed(1)}`.padStart(22));
    result[`${scheme === 'fractional-indexing' ? 'library' : scheme}_${short}_longest`] = longest;
  }
  console.log(`${sequence.padEnd(42)}${cells.join('')}`);
}

// Keys as the board stores them today, given to the library: it reads a key's first
// character as the length of its integer part, so most of them are no keys to it.
const stored = common.keysAfter(null, 40);
const refused = stored.filter((key) => {
  try {
    generateKeyBetween(key, null);
    return false;
  } catch {
    return true;
  }
});
console.log(
  `Stored keys the library refuses: ${refused.length} of ${stored.length} (e.g. ${refused.slice(0, 3).join(', ')})`,
);
result.storedKeysRefusedByLibrary = refused.length;
printResult(result);
