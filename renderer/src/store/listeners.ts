import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { apiSlice } from '../api/apiSlice';
import { projectsApi } from '../api/endpoints/projects';
import { loggedIn, loggedOut, sessionLost } from '../entities/session/authSlice';
import { reloadProject } from '../entities/project/projectThunks';
import { keepProjectsForOffline } from '../entities/outbox/offlineProjects';
import { replayApplied } from '../entities/outbox/syncSlice';
import type { AppDispatch, RootState, ThunkExtra } from './types';

/**
 * Reactions of the store to its own actions (RTK's listener middleware), so that no screen
 * has to watch for them: what one part of the app did is an action, and what follows from it
 * is written here once.
 */
export function createAppListeners(extra: ThunkExtra) {
  const listener = createListenerMiddleware({ extra });
  const startListening = listener.startListening.withTypes<RootState, AppDispatch, ThunkExtra>();

  // Another account may sign in on this browser next: no server data outlives a session.
  startListening({
    matcher: isAnyOf(loggedIn, loggedOut, sessionLost),
    effect: (_action, { dispatch }) => {
      dispatch(apiSlice.util.resetApiState());
    },
  });

  // A replay of the queue reached the server: the lists read again (progress and last changes
  // may have moved), and the open board shows the merged copy (nothing without a board).
  startListening({
    actionCreator: replayApplied,
    effect: async (_action, { dispatch }) => {
      dispatch(apiSlice.util.invalidateTags(['Projects', 'Appointments']));
      await dispatch(reloadProject());
    },
  });

  // The user's project list came from the server: keep their projects on the device for offline work.
  startListening({
    matcher: projectsApi.endpoints.projects.matchFulfilled,
    effect: async (action, { dispatch }) => {
      await dispatch(keepProjectsForOffline(action.payload));
    },
  });

  return listener;
}
