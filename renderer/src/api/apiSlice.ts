import { createApi } from '@reduxjs/toolkit/query/react';
import { clientBaseQuery } from './baseQuery';

/** Every kind of cached server data (an import or restore may change all of them). */
export const TAG_TYPES = [
  'AdminProjects',
  'AdminTemplates',
  'Appointments',
  'ArchivedProjects',
  'ArchivedTemplates',
  'CustomerTypes',
  'ExternalUsers',
  'Images',
  'Messages',
  'MyInvitations',
  'ProjectGroups',
  'ProjectInvitations',
  'Projects',
  'RolePermissions',
  'Sessions',
  'Settings',
  'Stats',
  'Tags',
  'Templates',
  'UserDirectory',
  'Users',
] as const;

/**
 * The one API slice of the renderer (RTK Query, under `api` in the store): server data is read
 * here, cached, shared by every screen that shows it and refreshed when the network comes back.
 * Endpoints are injected per resource in `api/endpoints/` (each server path is written once,
 * there); writes go through the one save path (api/save.ts) in the thunks beside them, which
 * invalidate the tags of what they changed. The cache is emptied when the session changes.
 */
export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery: clientBaseQuery,
  tagTypes: TAG_TYPES,
  // A screen that opens shows what is cached at once and reads the server again (as every
  // screen did before there was a cache); two screens open at once share one request.
  refetchOnMountOrArgChange: true,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

/**
 * A screen's read that the start began before the screen's chunk was there (issue 19,
 * app/landingStart.ts) is at most this old when the screen first mounts: it is joined, not sent
 * again (api/startedReads.ts: only that first mount; every later one reads again).
 */
export const FIRST_READ_FRESH_SECONDS = 5;
