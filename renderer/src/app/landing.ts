import { matchPath } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import { loadApiCache } from '../api/loadApiCache';
import type { AppStore } from '../store';
import { pages } from './pages';
import type { PageName } from './pageRoutes';
import { pageRoutes } from './pageRoutes';

/** The page a route of the address renders (unknown routes end on the dashboard: RouteGuard). */
export function landingPage(path: string): PageName {
  return pageRoutes.find((route) => matchPath(route.path, path))?.page ?? 'dashboard';
}

/** The router's path in a hash address ('#/project/7?x' -> '/project/7'). */
export function hashPath(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0] || '/';
}

const ignore = () => undefined;

/**
 * A start with a stored session (issue 19): the frame's and the landing page's chunks, and the
 * page's first reads with the data cache, all begin at once and in parallel with the session
 * check (AuthGate), instead of each after the one before. Failures are left to the screens,
 * which load the same things again (with their German message and retry offline).
 */
export function startLanding(store: AppStore, path: string): void {
  if (store.getState().auth.token === null) return;
  const page = landingPage(path);
  void pages.shell.preload().catch(ignore);
  void pages[page].preload().catch(ignore);
  void Promise.all([store.dispatch(loadApiCache()), import('./landingReads')]).then(
    ([, { startLandingReads }]) => store.dispatch(startLandingReads(page)),
    ignore,
  );
}

/** startLanding once the stored session is read back (redux-persist). */
export function startLandingWhenRestored(store: AppStore, persistor: Persistor, path: string): void {
  if (persistor.getState().bootstrapped) {
    startLanding(store, path);
    return;
  }
  const unsubscribe = persistor.subscribe(() => {
    if (!persistor.getState().bootstrapped) return;
    unsubscribe();
    startLanding(store, path);
  });
}
