import { useEffect, useState } from 'react';
import { afterElementShown } from './afterShown';
import { afterNextPaint } from './afterNextPaint';

/**
 * False in the component's first render and until the browser has painted it, then true: for
 * reads a screen's first paint does not need (issue 19: each read started in the commit that
 * draws the board lengthened a phone's longest task by its data cache bookkeeping and request).
 * `shownElement`: wait until that element (marked with `elementtiming`) is on the screen
 * instead (afterElementShown).
 */
export function useAfterFirstPaint(shownElement?: string): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void (shownElement ? afterElementShown(shownElement) : afterNextPaint()).then(() => {
      if (mounted) setPainted(true);
    });
    return () => {
      mounted = false;
    };
  }, [shownElement]);
  return painted;
}
