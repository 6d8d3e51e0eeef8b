import type { SettingsResponse, SmtpSettingsDto, SmtpSettingsPatch, UserSettingsPatch } from '@werkboard/common';
import { mergeUserSettings } from '@werkboard/common';
import type { AppThunk } from '../../store';
import { settingsApplied } from '../auth/authSlice';
import { selectUserSettings } from './settingsSelectors';

/** Applies a settings change locally at once (theme, toggles); the server save is separate. */
export function applySettings(patch: UserSettingsPatch): AppThunk {
  return (dispatch, getState) => {
    dispatch(settingsApplied(mergeUserSettings(selectUserSettings(getState()), patch)));
  };
}

/**
 * PUT /settings with the changed parts; offline it waits in the sync queue (the patches are
 * replayed in order, so the last one wins as it did here). Throws on a refusal; the local change stays applied
 * (spec section 8: 'Server-Einstellungen konnten nicht gespeichert werden. Die lokalen
 * Änderungen wurden jedoch angewendet.'). The answer is not applied: newer local changes may
 * already be on screen.
 */
export function saveSettings(patch: UserSettingsPatch): AppThunk<Promise<void>> {
  return async (_dispatch, _getState, { save }) => {
    await save<SettingsResponse>({ method: 'PUT', path: '/settings', body: patch, queueable: true });
  };
}

/** GET /settings: the SMTP settings come with it for Admins (null otherwise). */
export function fetchSmtpSettings(): AppThunk<Promise<SmtpSettingsDto | null>> {
  return async (_dispatch, _getState, { api }) => {
    const answer = await api.get<SettingsResponse>('/settings');
    return answer.smtp ?? null;
  };
}

/** PUT /settings with the SMTP part only (Admin). Throws on failure. */
export function saveSmtpSettings(smtp: SmtpSettingsPatch): AppThunk<Promise<SmtpSettingsDto | null>> {
  return async (_dispatch, _getState, { save }) => {
    const answer = await save<SettingsResponse>({ method: 'PUT', path: '/settings', body: { smtp } });
    return answer.smtp ?? null;
  };
}
