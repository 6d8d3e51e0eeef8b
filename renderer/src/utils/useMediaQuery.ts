import { useCallback, useSyncExternalStore } from 'react';

function matches(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/**
 * Whether a CSS media query matches, kept current as it changes (a phone turned sideways, a
 * window resized). Read during render, so the first paint already has the right layout and
 * nothing shifts afterwards. Without matchMedia (jsdom) it is false.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => matches(query));
}
