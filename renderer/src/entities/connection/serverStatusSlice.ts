import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';
import type { ServerStatus } from '@werkboard/common';

/** idle: not polled yet; polling: waiting for the database; ready: initialised; timeout: gave up after 20 s. */
export type PollPhase = 'idle' | 'polling' | 'ready' | 'timeout';

export interface ServerStatusState {
  status: ServerStatus | null;
  phase: PollPhase;
  /** Why the last poll failed (unreachable, server message), German. */
  error: string | null;
}

const initialState: ServerStatusState = { status: null, phase: 'idle', error: null };

const serverStatusSlice = createSlice({
  name: 'serverStatus',
  initialState,
  reducers: {
    pollingStarted(state) {
      state.phase = state.status?.databaseInitialized ? 'ready' : 'polling';
      state.error = null;
    },
    statusReceived(state, action: PayloadAction<ServerStatus>) {
      state.status = action.payload;
      state.error = null;
      if (action.payload.databaseInitialized) state.phase = 'ready';
    },
    statusFailed(state, action: PayloadAction<string>) {
      state.error = action.payload;
    },
    pollingTimedOut(state) {
      if (state.phase !== 'ready') state.phase = 'timeout';
    },
  },
});

export const { pollingStarted, statusReceived, statusFailed, pollingTimedOut } = serverStatusSlice.actions;
export const serverStatusReducer = serverStatusSlice.reducer;
