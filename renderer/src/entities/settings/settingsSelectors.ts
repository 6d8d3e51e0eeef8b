import { createSelector } from '@reduxjs/toolkit';
import { resolveUserSettings } from '@werkboard/common';
import type { RootState } from '../../store/types';

/**
 * The signed-in user's settings, complete: the server's resolved settings as they come, the
 * defaults for whatever a stored copy lacks (a session stored by an older version has none) or
 * holds in an old shape (docs/decisions.md, branch frame19d). Without zod: this selector is in
 * the frame every signed-in start loads (issue 19); zod checks where settings are edited.
 */
export const selectUserSettings = createSelector([(state: RootState) => state.auth.user?.settings], (settings) =>
  resolveUserSettings(settings),
);
