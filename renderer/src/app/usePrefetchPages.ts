import { useEffect } from 'react';
import { whenIdle } from '../utils/whenIdle';
import { preloadPages } from './pages';

/**
 * Once a user is logged in, the other screens' chunks load while the browser is idle, so that
 * navigation is instant and works offline (the service worker caches them as well). A failure
 * is harmless: navigating loads the chunk again.
 */
export function usePrefetchPages(loggedIn: boolean): void {
  useEffect(() => {
    if (!loggedIn) return undefined;
    return whenIdle(() => void preloadPages().catch(() => undefined));
  }, [loggedIn]);
}
