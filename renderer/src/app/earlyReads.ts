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
  // Not the board's document: its read ahead (entities/project/boardPrefetch.ts) starts with the
  // data cache. Taken out when an offline reload of the board lost an edit in CI; the cause was
  // the reload coming before the edit was in the device's queue, with or without this read
  // (fixed by api/unsavedWork.ts). Not put back: the board's mobile audit did not measurably
  // gain from it (83-86 with, 83-84 without on a quiet machine).
};
