import { useEffect, useState } from 'react';
import { afterLargestPaint } from '../utils/afterShown';
import { whenIdle } from '../utils/whenIdle';

/**
 * The frame's side reads (the invitation and message counts, the server's version, the live
 * event stream) on a start with a stored session wait until the page the start landed on has
 * its main content on the screen (issue 19): started with the frame, they went out before that
 * content was shown, competing with its reads on a slow network, and Lighthouse's simulation
 * counted them as its dependencies. The pages a start usually lands on say when
 * (useContentShown); on the others they go SIDE_READS_LATEST_MS after the start. A start
 * through the login screen, and every mount after that first wait, starts them at once.
 */

/** The longest the side reads wait on a start with a stored session. */
export const SIDE_READS_LATEST_MS = 2000;

/** The hold of one page run (one per app; tests make their own). */
export function createSideReads() {
  let held: { shown: Promise<void>; release: () => void; over: boolean } | null = null;

  /** A start with a stored session (usePrefetchPages, at the app's first render). */
  function holdSideReads(): void {
    if (held) return;
    let release!: () => void;
    const shown = new Promise<void>((resolve) => {
      release = resolve;
      setTimeout(resolve, SIDE_READS_LATEST_MS);
    });
    const hold = { shown, release, over: false };
    void shown.then(() => (hold.over = true));
    held = hold;
  }

  /**
   * Resolves when the frame's side reads may start: at once, or on a start with a stored
   * session once the landing page's content is on the screen and then the browser is idle,
   * each caller in an idle moment of its own (their bookkeeping together was one long task).
   */
  function sideReadsMayStart(): Promise<void> {
    if (!held || held.over) return Promise.resolve();
    return held.shown.then(() => new Promise<void>((resolve) => void whenIdle(resolve)));
  }

  /** A page's main content is rendered (`shown`): the side reads go once it is on the screen. */
  function useContentShown(shown: boolean): void {
    useEffect(() => {
      const waiting = held;
      if (shown && waiting) void afterLargestPaint().then(waiting.release);
    }, [shown]);
  }

  /** True once the frame's side reads may start (sideReadsMayStart), for a component's query. */
  function useSideReadsMayStart(): boolean {
    const [mayStart, setMayStart] = useState(held === null || held.over);
    useEffect(() => {
      let mounted = true;
      void sideReadsMayStart().then(() => mounted && setMayStart(true));
      return () => {
        mounted = false;
      };
    }, []);
    return mayStart;
  }

  return { holdSideReads, sideReadsMayStart, useContentShown, useSideReadsMayStart };
}

export const { holdSideReads, sideReadsMayStart, useContentShown, useSideReadsMayStart } = createSideReads();
