import { createSelector } from '@reduxjs/toolkit';
import { resolveUserSettings } from '@werkboard/common';
import type { RootState } from '../../store/types';

/**
 * The signed-in user's settings, complete: the defaults fill whatever the stored copy lacks
 * (a session stored by an older version has none).
 */
export const selectUserSettings = createSelector([(state: RootState) => state.auth.user?.settings], (settings) =>
  resolveUserSettings(settings),
);
