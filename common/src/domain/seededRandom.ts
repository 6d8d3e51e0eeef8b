/**
 * The one seeded generator of the randomised tests (common, server and renderer), so that a
 * failing seed is repeated everywhere with the same sequence. Exported here because the
 * server's and the renderer's tests can reach common's build and nothing else of the other.
 */

/** Seeded pseudo-random numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The seeds a randomised test runs: `lean` by default, 1..count when `count` (from an
 * environment variable such as RANDOM_SEEDS=50, read by the test) is a positive number.
 */
export function randomSeeds(lean: readonly number[], count: string | undefined): number[] {
  const wanted = Number(count);
  if (!Number.isInteger(wanted) || wanted <= 0) return [...lean];
  return Array.from({ length: wanted }, (_, index) => index + 1);
}
