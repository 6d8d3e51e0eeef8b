import { startDashboardReads } from '../features/dashboard/useDashboardData';
import { startUsersReads } from '../features/users/usersReads';
import type { AppThunk } from '../store/types';
import type { PageName } from './pageRoutes';

/**
 * The first reads of the pages a signed-in visitor may land on, started with the data cache
 * (landing.ts) instead of after the page's chunk has loaded and rendered (issue 19). The board's
 * document has its own load path (the project entity) and is not started here.
 */
const firstReads: Partial<Record<PageName, () => AppThunk<void>>> = {
  dashboard: startDashboardReads,
  users: startUsersReads,
};

export function startLandingReads(page: PageName): AppThunk<void> {
  return (dispatch) => {
    const reads = firstReads[page];
    if (reads) dispatch(reads());
  };
}
