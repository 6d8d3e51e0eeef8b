#!/usr/bin/env node
// The outbox's rebase (issue 17, brief BB6): what `rebaseDocument` (a queued save moved onto
// the answer to the save before it) and `joinedSave` (a later save joined into a queued one)
// cost at a board of BENCH_CARDS cards with one card changed on each side, beside
// `documentDelta` on two copies that share no objects (what a comparison of stored copies
// costs anyway) and `applyProjectDelta` of one card. Figures: docs/performance.md
// "The outbox's rebase at 5,000 cards"; what to do about it: docs/decisions.md "Mends of this round".
//
//   npx tsc -b && node test/benchmarks/outboxRebase.mjs
//
// Options (environment): BENCH_CARDS (default 5000), BENCH_RUNS (default 7).
import common from '@werkboard/common';
import { fillBoard, line, loadAverage, printResult, stats } from './support.mjs';

const { applyProjectDelta, documentDelta, joinedSave, newId, rebaseDocument } = common;
const CARDS = Number(process.env.BENCH_CARDS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const columns = ['To Do', 'In Bearbeitung', 'Erledigt'].map((title, index) => ({
  ...{ id: newId(), rev: 1, position: String.fromCharCode(105 + index), title, cards: [] },
}));
const base = fillBoard(
  {
    ...{ id: newId(), revision: 10, name: 'Rebase', columns, appointments: [], notes: [], signoffs: [] },
    changeLog: [],
  },
  CARDS,
);
const ours = structuredClone(base);
ours.columns[0].cards[0].title = 'Hier geändert';
const theirs = structuredClone(base);
theirs.revision = 12;
theirs.columns[1].cards[0] = { ...theirs.columns[1].cards[0], title: 'Dort geändert', rev: 11 };

function timed(work) {
  const times = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return stats(times);
}

const delta = documentDelta(base, ours);
const answer = { ...delta, kind: 'delta', since: 10, revision: 12, changeLog: [], name: base.name };
const figures = {
  rebaseDocument: timed(() => rebaseDocument(base, ours, theirs)),
  joinedSave: timed(() => joinedSave(base, ours, ours, ours)),
  documentDeltaUnshared: timed(() => documentDelta(base, ours)),
  applyProjectDeltaOneCard: timed(() => applyProjectDelta(theirs, answer)),
};
const load = loadAverage();
console.log(`${CARDS} cards, ${RUNS} runs each, load average ${load.join(' ')}`);
for (const [name, figure] of Object.entries(figures)) console.log(line(name, figure));
printResult({
  cards: CARDS,
  load: load[0],
  ...Object.fromEntries(Object.entries(figures).map(([name, figure]) => [`${name}Ms`, Math.round(figure.median)])),
});
