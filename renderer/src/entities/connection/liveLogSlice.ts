import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';

export interface LogLine {
  id: number;
  /** ISO time; formatted for display only when rendered. */
  at: string;
  text: string;
}

export interface LiveLogState {
  lines: LogLine[];
  nextId: number;
}

/** Enough to follow a poll of 20 s plus a few logins; older lines drop off. */
export const LIVE_LOG_LIMIT = 200;

const initialState: LiveLogState = { lines: [], nextId: 1 };

const liveLogSlice = createSlice({
  name: 'liveLog',
  initialState,
  reducers: {
    logAdded: {
      reducer(state, action: PayloadAction<{ at: string; text: string }>) {
        state.lines.push({ id: state.nextId, ...action.payload });
        state.nextId += 1;
        if (state.lines.length > LIVE_LOG_LIMIT) state.lines.splice(0, state.lines.length - LIVE_LOG_LIMIT);
      },
      prepare(text: string) {
        return { payload: { at: new Date().toISOString(), text } };
      },
    },
  },
});

export const { logAdded } = liveLogSlice.actions;
export const liveLogReducer = liveLogSlice.reducer;
