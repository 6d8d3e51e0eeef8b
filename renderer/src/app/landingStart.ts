import type { Params } from 'react-router-dom';
import { matchPath } from 'react-router-dom';
import { apiSlice } from '../api/apiSlice';
import { loadApiCache } from '../api/loadApiCache';
import { readBoardAhead } from '../entities/project/boardPrefetch';
import { startDashboardReads } from '../features/dashboard/useDashboardData';
import { startUsersReads } from '../features/users/usersReads';
import type { AppThunk } from '../store/types';
import { whenIdle } from '../utils/whenIdle';
import { afterInputOrDelay } from '../utils/afterInputOrDelay';
import { afterNextPaint } from '../utils/afterNextPaint';
import type { LazyPage } from './lazyPage';
import { pages } from './pages';
import type { PageName } from './pageRoutes';
import { pageRoutes } from './pageRoutes';

// Issue 19, the first load of a signed-in visitor. In a chunk of its own (public/landing.js
// preloads it with the frame's), so that the login's first script does not carry it.

/** The route in the address (hash routing; unknown routes end on the dashboard): its page and parameters. */
export function landingRoute(hash = window.location.hash): { page: PageName; params: Params } {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  for (const route of pageRoutes) {
    const match = matchPath(route.path, path);
    if (match) return { page: route.page, params: match.params };
  }
  return { page: 'dashboard', params: {} };
}

const ignore = () => undefined;

/** What a page's first reads resolve with: when they have settled (answered or failed). */
type FirstReads = (params: Params) => AppThunk<Promise<void>>;

/**
 * Reads made through the data cache (RTK Query): started once its chunk is in the store; settled
 * when every read the cache has running then has settled.
 */
const throughCache =
  (reads: () => AppThunk<void>): FirstReads =>
  () =>
  (dispatch) =>
    dispatch(loadApiCache()).then(() => {
      dispatch(reads());
      return Promise.allSettled(dispatch(apiSlice.util.getRunningQueriesThunk())).then(ignore);
    }, ignore);

/**
 * The one table of first reads of the pages a visitor may land on (issue 19), started with the
 * page's chunks. Each page joins its reads on its first mount: the dashboard and the user
 * management through api/startedReads.ts, the board through entities/project/boardPrefetch.ts
 * (its document is not in the data cache, so it does not wait for it).
 */
export const firstReads: Partial<Record<PageName, FirstReads>> = {
  dashboard: throughCache(startDashboardReads),
  users: throughCache(startUsersReads),
  project:
    ({ id }) =>
    (dispatch) =>
      id ? dispatch(readBoardAhead(id)) : Promise.resolve(),
};

/** Runs `task` once the page has loaded (the load event) and then the browser is idle. */
function afterLoad(task: () => void): () => void {
  if (document.readyState === 'complete') return whenIdle(task);
  let cancelIdle: () => void = ignore;
  const loaded = () => {
    cancelIdle = whenIdle(task);
  };
  window.addEventListener('load', loaded, { once: true });
  return () => {
    window.removeEventListener('load', loaded);
    cancelIdle();
  };
}

/**
 * A user is logged in (usePrefetchPages). On a start with a stored session (checked by AuthGate
 * meanwhile): the frame's and the landing page's chunks, and the page's first reads with the
 * data cache, all begin at once, instead of each after the one before. Failures are left to the
 * screens, which load the same things again (with their German message and retry offline).
 * Then the other pages' chunks, after the landing page's.
 */
export function landed(storedSession: boolean): AppThunk<void> {
  return (dispatch) => {
    prefetchOtherPages(storedSession ? dispatch(startLanding()) : Promise.resolve());
  };
}

/** Starts the landing page's chunks and first reads; resolves when the reads have settled. */
function startLanding(): AppThunk<Promise<void>> {
  return (dispatch) => {
    const { page, params } = landingRoute();
    void pages.shell.preload().catch(ignore);
    void pages[page].preload().catch(ignore);
    void dispatch(loadApiCache()).catch(ignore);
    const reads = firstReads[page];
    return reads ? dispatch(reads(params)) : Promise.resolve();
  };
}

/** How long the other pages' chunks wait after the landing page's content, unless the user acts. */
export const OTHER_PAGES_AFTER_MS = 3000;

/**
 * The other screens' chunks, loaded while the browser is idle so that navigation is instant and
 * works offline (the service worker caches them as well). They wait for the page the user is on
 * (its chunks, its first reads' answers, the frame that shows them, the load event) and then
 * for the user's first tap or key or OTHER_PAGES_AFTER_MS, and load one per idle moment: they
 * must not compete with it. Each earlier, shorter wait still let them in before the page's
 * largest content was painted, whose rendering they then delayed (the mobile audit's LCP,
 * issue 19): the answers alone (the dashboard's LCP 4.2 -> 5.2 s), then the frame after the
 * answers (the dashboard's tiles were painted 300 ms later, the other pages meanwhile).
 * A failure is harmless: navigating loads the chunk again. Not stopped by a logout: chunks
 * hold no data.
 */
function prefetchOtherPages(landingReads: Promise<void>): void {
  const landing = pages[landingRoute().page];
  const rest = [...new Set(Object.values(pages))].filter((page) => page !== landing && page !== pages.shell);
  const next = (queue: LazyPage[]) => {
    const [page, ...later] = queue;
    if (!page) return;
    whenIdle(
      () =>
        void page
          .preload()
          .catch(ignore)
          .finally(() => next(later)),
    );
  };
  void Promise.all([pages.shell.preload(), landing.preload(), landingReads])
    .catch(ignore)
    .then(() => afterNextPaint())
    .then(() => afterInputOrDelay(OTHER_PAGES_AFTER_MS))
    .then(() => afterLoad(() => next(rest)));
}
