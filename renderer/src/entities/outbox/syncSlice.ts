import type { PayloadAction } from '@reduxjs/toolkit';
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { ReadSource } from '../../api/localReads';
import type { QueuedWrite } from '../../platform/syncQueue';

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
}

const initialState: SyncState = { pending: 0, failed: [], running: false, showsLocalData: false };

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
  },
});

export const { syncStatusChanged, readSourceChanged } = syncSlice.actions;

/** A replay of the queue brought this device's changes to the server (what follows: store/listeners.ts). */
export const replayApplied = createAction('sync/replayApplied');
/** A write joined this device's queue (what follows: store/apiCache.ts). */
export const changeQueued = createAction<Pick<QueuedWrite, 'method' | 'path'>>('sync/changeQueued');
export const syncReducer = syncSlice.reducer;
