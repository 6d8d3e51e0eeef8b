import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { apiSlice } from '../api/apiSlice';
import { projectsApi } from '../api/endpoints/projects';
import { loggedIn, loggedOut, sessionLost } from '../entities/session/authSlice';
import { forgetKey } from '../entities/messaging/keyVault';
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
    effect: async (action, { dispatch }) => {
      dispatch(apiSlice.util.resetApiState());
      // The unlocked message key belongs to the session that ends (a new login unlocks its own).
      if (!loggedIn.match(action)) await forgetKey();
    },
  });

  // A replay of the queue reached the server: the lists read again (progress and last changes
  // may have moved), and the open board shows the merged copy (nothing without a board).
  startListening({
    actionCreator: replayApplied,
    effect: async (_action, { dispatch }) => {
      dispatch(apiSlice.util.invalidateTags(['Projects', 'Appointments', 'Messages']));
      // Imported here, not at the top: the board's thunks (and the texts they use) stay out of
      // the script the login screen loads (issue 19); by the time a replay lands they are there.
      const { reloadProject } = await import('../entities/project/projectThunks');
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
