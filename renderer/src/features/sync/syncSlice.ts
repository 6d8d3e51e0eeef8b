import type { PayloadAction } from '@reduxjs/toolkit';
import { createSlice } from '@reduxjs/toolkit';
import type { ReadSource } from '../../api/localReads';

/** A change the server refused, as the failed-changes list shows it. */
export interface FailedChange {
  key: string;
  label: string;
  status: number;
  message: string;
  failedAt: string;
}

export interface SyncState {
  /** Queued writes of the signed-in user waiting for the server. */
  pending: number;
  failed: FailedChange[];
  running: boolean;
  /** The last read was answered from the local store: the screens say so. */
  showsLocalData: boolean;
  /** Counts replays that brought changes to the server; screens load again when it moves. */
  appliedCount: number;
}

const initialState: SyncState = { pending: 0, failed: [], running: false, showsLocalData: false, appliedCount: 0 };

const syncSlice = createSlice({
  name: 'sync',
  initialState,
  reducers: {
    syncStatusChanged(state, action: PayloadAction<{ pending: number; failed: FailedChange[]; running: boolean }>) {
      state.pending = action.payload.pending;
      state.failed = action.payload.failed;
      state.running = action.payload.running;
    },
    readSourceChanged(state, action: PayloadAction<ReadSource>) {
      state.showsLocalData = action.payload === 'local';
    },
    syncApplied(state) {
      state.appliedCount += 1;
    },
  },
});

export const { syncStatusChanged, readSourceChanged, syncApplied } = syncSlice.actions;
export const syncReducer = syncSlice.reducer;
