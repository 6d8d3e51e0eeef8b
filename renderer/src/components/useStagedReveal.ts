import { useEffect, useState } from 'react';

/** How many of the staged parts are shown: one more after each delay (ms after mount). */
export function useStagedReveal(delays: readonly number[]): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const timers = delays.map((delay, index) =>
      window.setTimeout(() => setShown((n) => Math.max(n, index + 1)), delay),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [delays]);
  return shown;
}
