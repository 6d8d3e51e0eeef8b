import type { UserSettingsPatch } from '@werkboard/common';
import { mergeUserSettings } from '@werkboard/common';
import type { AppThunk } from '../../store/types';
import { settingsApplied } from '../session/authSlice';
import { selectUserSettings } from './settingsSelectors';

/** Applies a settings change locally at once (theme, toggles); the server save is separate. */
export function applySettings(patch: UserSettingsPatch): AppThunk {
  return (dispatch, getState) => {
    dispatch(settingsApplied(mergeUserSettings(selectUserSettings(getState()), patch)));
  };
}
