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
  project: ['/projects/:id'],
};
