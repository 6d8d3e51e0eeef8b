import { afterNextPaint } from './afterNextPaint';

/** How long to wait at the most: a hidden tab presents nothing, and after input there are no LCP reports. */
const LATEST_MS = 1000;

/** The attribute that names an element for the browser's Element Timing (`elementtiming`). */
export const ELEMENT_TIMING_ATTRIBUTE = 'elementtiming';

interface ElementTimingEntry extends PerformanceEntry {
  identifier: string;
  renderTime: number;
}

type View = Pick<Window, 'requestAnimationFrame' | 'setTimeout' | 'clearTimeout'> & {
  PerformanceObserver?: typeof PerformanceObserver;
  performance: Pick<Performance, 'now'>;
};

/**
 * Resolves once the browser reports an entry of `type` that `shownSince` accepts (given the
 * moment of the call), at the latest after LATEST_MS; where the browser has no such reports,
 * after the next paint (afterNextPaint). The reports carry the time a frame was presented, not
 * painted on the main thread (about 60 ms apart on a phone without GPU raster, issue 19).
 */
function afterReport(
  type: string,
  shownSince: (entry: PerformanceEntry, since: number) => boolean,
  view: View,
): Promise<void> {
  const Observer = view.PerformanceObserver;
  if (!Observer?.supportedEntryTypes?.includes(type)) return afterNextPaint(view);
  const since = view.performance.now();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      view.clearTimeout(timer);
      resolve();
    };
    const observer = new Observer((list) => {
      if (list.getEntries().some((entry) => shownSince(entry, since))) done();
    });
    const timer = view.setTimeout(done, LATEST_MS);
    // Buffered: what was shown between the caller's render and this call counts too.
    observer.observe({ type, buffered: true });
  });
}

/**
 * Once the element marked `elementtiming={identifier}` has been shown after this moment
 * (Element Timing, Chromium): for work that must wait for a screen's main content (the board's
 * side reads and the task dialog's chunk wait for the header's project name).
 */
export function afterElementShown(identifier: string, view: View = window): Promise<void> {
  return afterReport(
    'element',
    (entry, since) =>
      (entry as ElementTimingEntry).identifier === identifier && (entry as ElementTimingEntry).renderTime >= since,
    view,
  );
}

/** Once the browser reports a new largest content on the screen after this moment (Largest Contentful Paint). */
export function afterLargestPaint(view: View = window): Promise<void> {
  return afterReport('largest-contentful-paint', (entry, since) => entry.startTime >= since, view);
}
