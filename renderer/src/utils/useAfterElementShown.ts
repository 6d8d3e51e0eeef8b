import { useEffect, useState } from 'react';
import { afterElementShown } from './afterShown';

/**
 * False until the element marked `elementtiming={identifier}` is on the screen (afterElementShown),
 * then true: for reads a screen's first paint does not need (issue 19: each read started in the
 * commit that draws the board lengthened a phone's longest task by its data cache bookkeeping
 * and request).
 */
export function useAfterElementShown(identifier: string): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterElementShown(identifier).then(() => {
      if (mounted) setShown(true);
    });
    return () => {
      mounted = false;
    };
  }, [identifier]);
  return shown;
}
