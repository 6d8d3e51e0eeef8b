import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { loggedOut, sessionLost } from '../entities/session/authSlice';
import { replayApplied } from '../entities/outbox/syncSlice';
import type { AppDispatch, RootState, ThunkExtra } from './types';

/**
 * Reactions of the store to its own actions (RTK's listener middleware), so that no screen
 * has to watch for them: what one part of the app did is an action, and what follows from it
 * is written here once. Those that use the server data cache are added with it (store/apiCache.ts).
 */
export function createAppListeners(extra: ThunkExtra) {
  const listener = createListenerMiddleware({ extra });
  const startListening = listener.startListening.withTypes<RootState, AppDispatch, ThunkExtra>();

  // The unlocked message key belongs to the session that ends (a new login unlocks its own).
  startListening({
    matcher: isAnyOf(loggedOut, sessionLost),
    effect: async () => {
      // Imported here: the message crypto is not in the login screen's script (issue 19).
      const { forgetKey } = await import('../entities/messaging/keyVault');
      await forgetKey();
    },
  });

  // A replay of the queue reached the server: the open board shows the merged copy (nothing without a board).
  startListening({
    actionCreator: replayApplied,
    effect: async (_action, { dispatch }) => {
      // Imported here, not at the top: the board's thunks (and the texts they use) stay out of
      // the script the login screen loads (issue 19); by the time a replay lands they are there.
      const { reloadProject } = await import('../entities/project/projectThunks');
      await dispatch(reloadProject());
    },
  });

  return { listener, startListening };
}
