import { matchPath } from 'react-router-dom';
import { loadApiCache } from '../api/loadApiCache';
import { startDashboardReads } from '../features/dashboard/useDashboardData';
import { startUsersReads } from '../features/users/usersReads';
import type { AppThunk } from '../store/types';
import { whenIdle } from '../utils/whenIdle';
import type { LazyPage } from './lazyPage';
import { pages } from './pages';
import type { PageName } from './pageRoutes';
import { pageRoutes } from './pageRoutes';

// Issue 19, the first load of a signed-in visitor. In a chunk of its own (public/landing.js
// preloads it with the frame's), so that the login's first script does not carry it.

/** The page of the route in the address (hash routing; unknown routes end on the dashboard). */
export function landingPage(hash = window.location.hash): PageName {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  return pageRoutes.find((route) => matchPath(route.path, path))?.page ?? 'dashboard';
}

/**
 * The first reads of the pages a visitor may land on. The board's document has its own load
 * path (the project entity) and is not started here.
 */
const firstReads: Partial<Record<PageName, () => AppThunk<void>>> = {
  dashboard: startDashboardReads,
  users: startUsersReads,
};

const ignore = () => undefined;

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
    if (storedSession) dispatch(startLanding());
    prefetchOtherPages();
  };
}

function startLanding(): AppThunk<void> {
  return (dispatch) => {
    const page = landingPage();
    void pages.shell.preload().catch(ignore);
    void pages[page].preload().catch(ignore);
    const reads = firstReads[page];
    void dispatch(loadApiCache()).then(() => {
      if (reads) dispatch(reads());
    }, ignore);
  };
}

/**
 * The other screens' chunks, loaded while the browser is idle so that navigation is instant and
 * works offline (the service worker caches them as well). They wait for the page the user is on
 * (its chunks, the load event), then load one per idle moment: they must not compete with it.
 * A failure is harmless: navigating loads the chunk again. Not stopped by a logout: chunks
 * hold no data.
 */
function prefetchOtherPages(): void {
  const landing = pages[landingPage()];
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
  void Promise.all([pages.shell.preload(), landing.preload()])
    .catch(ignore)
    .then(() => afterLoad(() => next(rest)));
}
