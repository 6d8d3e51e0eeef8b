/** The steps of opening a board that benchmarks read (test/benchmarks/boardLoad.mjs) as performance marks. */
export type BoardLoadStep = 'answer' | 'stored';

/** Marks `wb:board:<step>` on the page's performance timeline (a no-op where there is none). */
export function markBoardLoad(step: BoardLoadStep): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function')
    performance.mark(`wb:board:${step}`);
}
