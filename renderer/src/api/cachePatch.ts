import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { AppThunk, RootState } from '../store/types';

type CacheThunk = ThunkAction<unknown, RootState, unknown, UnknownAction>;

/**
 * Applies a write's answer to a cached read (RTK Query's updateQueryData) once a read of the
 * same entry still on its way has landed (getRunningQueryThunk): that read was answered before
 * the write and would otherwise overwrite what the write changed.
 */
export function patchWhenLanded(running: CacheThunk, patch: CacheThunk): AppThunk<Promise<void>> {
  return async (dispatch) => {
    await dispatch(running);
    dispatch(patch);
  };
}
