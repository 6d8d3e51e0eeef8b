import { useEffect } from 'react';
import { preloadPages } from './pages';

/**
 * Once a user is logged in, the other screens' chunks load while the browser is idle, so that
 * navigation is instant and works offline (the service worker caches them as well). A failure
 * is harmless: navigating loads the chunk again.
 */
export function usePrefetchPages(loggedIn: boolean): void {
  useEffect(() => {
    if (!loggedIn) return undefined;
    const prefetch = () => void preloadPages().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(prefetch, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(prefetch, 2000);
    return () => window.clearTimeout(timer);
  }, [loggedIn]);
}
