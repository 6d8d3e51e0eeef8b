import type { PageName } from './pageRoutes';

/**
 * The GETs a signed-in start sends from public/landing.js, per landing page, before any script of
 * the app has run (issue 19): the first reads every user of that page makes, whatever the role
 * and settings (what depends on them is left to the app). `:name` is the route's parameter. The
 * build writes the table into index.html (scripts/landingPreload.ts); the app's own first reads
 * (landingStart.ts `firstReads`) take the answers through api/earlyReads.ts.
 */
export const earlyReads: Partial<Record<PageName, readonly string[]>> = {
  dashboard: ['/projects', '/project-groups', '/tags', '/customer-types'],
  users: ['/users', '/external-users'],
  // Not the board's document: with it, a reload of the board offline sometimes did not show the
  // device's copy (offline.e2e, 1 run in 4); its read ahead (entities/project/boardPrefetch.ts)
  // starts with the data cache instead, as before. The cause is not found yet.
};
