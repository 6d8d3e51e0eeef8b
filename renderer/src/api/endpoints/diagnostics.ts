import type { ServerInfo } from '@werkboard/common';
import { apiSlice } from '../apiSlice';

/** The connection diagnostics' reads: they bypass every cache and never end a session. */
export const diagnosticsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /server-info without a token: the version the server serves (the browser's update check). */
    serverInfo: build.query<ServerInfo, void>({
      query: () => ({ path: '/server-info', withToken: false, sessionHandling: false, noCache: true }),
      keepUnusedDataFor: 0,
    }),
    /** GET /logs/server.log with the stored token, as text (Admin; a 401/403 here must not end anything). */
    serverLog: build.query<string, void>({
      query: () => ({ path: '/logs/server.log', text: true, sessionHandling: false, noCache: true }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useServerLogQuery } = diagnosticsApi;
