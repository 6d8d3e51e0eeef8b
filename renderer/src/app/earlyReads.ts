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
  // The board's document, sent before the app's first script has run. Taken out once when an
  // offline reload of the board lost an edit in CI; the cause was the reload coming before the
  // edit was in the device's queue, with or without this read (fixed by api/unsavedWork.ts). Put
  // back when the audits no longer waited 45 s for the event stream: mobile board 79 → 84
  // (medians of 9 and 8 runs taking turns at load 3-5), the first card on a 4x slower phone
  // 2.9 → 2.1 s (docs/performance.md "The board's read from landing.js").
  project: ['/projects/:id'],
};
