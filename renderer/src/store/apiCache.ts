import type { DynamicMiddlewareInstance, Middleware, TypedStartListening } from '@reduxjs/toolkit';
import { isAnyOf } from '@reduxjs/toolkit';
import { apiSlice } from '../api/apiSlice';
import { projectsApi } from '../api/endpoints/projects';
import { keepProjectsForOffline } from '../entities/outbox/offlineProjects';
import { changeQueued, replayApplied } from '../entities/outbox/syncSlice';
import { isDocumentSave } from '../platform/syncQueue';
import { loggedIn, loggedOut, sessionLost } from '../entities/session/authSlice';
import type { RootReducer } from './rootReducer';
import type { AppDispatch, RootState, ThunkExtra } from './types';

/** What of a store the server data cache is attached to (store/index.ts). */
export interface ApiCacheHost {
  rootReducer: RootReducer;
  middleware: DynamicMiddlewareInstance<RootState, AppDispatch>;
  startListening: TypedStartListening<RootState, AppDispatch, ThunkExtra>;
}

/**
 * RTK Query's cache (api/apiSlice.ts and every endpoint) and the store's reactions that use it,
 * attached to a running store: in a chunk of its own, loaded with the logged-in frame, so that
 * the login screen's script does not carry RTK Query (issue 19). Before it is attached there is
 * nothing cached, so nothing to reset or to invalidate.
 */
export function attachApiCache({ rootReducer, middleware, startListening }: ApiCacheHost): void {
  rootReducer.inject(apiSlice);
  // RTK Query types its middleware for any dispatch; here it runs in this store.
  middleware.addMiddleware(apiSlice.middleware as Middleware<object, RootState, AppDispatch>);

  // Another account may sign in on this browser next: no server data outlives a session.
  startListening({
    matcher: isAnyOf(loggedIn, loggedOut, sessionLost),
    effect: (_action, { dispatch }) => {
      dispatch(apiSlice.util.resetApiState());
    },
  });

  // A replay of the queue reached the server: the lists read again (progress and last changes may have moved).
  startListening({
    actionCreator: replayApplied,
    effect: (_action, { dispatch }) => {
      dispatch(apiSlice.util.invalidateTags(['Projects', 'Appointments', 'Messages']));
    },
  });

  // A project's save joined the queue: the project list shows each project's progress from its
  // queued copy (api/localReads.ts), so a list read before this save is read again. Offline that
  // read is the device's own; without it a move queued a moment after the dashboard's read
  // showed the older progress until the next visit (issue 19, phone e2e under load).
  startListening({
    actionCreator: changeQueued,
    effect: (action, { dispatch }) => {
      if (isDocumentSave(action.payload)) dispatch(apiSlice.util.invalidateTags(['Projects']));
    },
  });

  // The user's project list came from the server: keep their projects on the device for offline work.
  startListening({
    matcher: projectsApi.endpoints.projects.matchFulfilled,
    effect: async (action, { dispatch }) => {
      await dispatch(keepProjectsForOffline(action.payload));
    },
  });
}
