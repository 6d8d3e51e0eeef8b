import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { apiSlice } from '../api/apiSlice';
import { loggedIn, loggedOut, sessionLost } from '../features/auth/authSlice';
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

  return listener;
}
