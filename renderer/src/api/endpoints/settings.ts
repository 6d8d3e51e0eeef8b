import type {
  SecuritySettingsDto,
  SecuritySettingsPatch,
  MessageResponse,
  SettingsResponse,
  SmtpSettingsDto,
  SmtpSettingsPatch,
  UserSettingsPatch,
} from '@werkboard/common';
import type { AppThunk } from '../../store/types';
import { apiSlice } from '../apiSlice';
import { patchWhenLanded } from '../cachePatch';

const SETTINGS = '/settings';

export const settingsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /settings: the user's settings, and the SMTP settings for Admins (null otherwise). */
    settings: build.query<SettingsResponse, void>({ query: () => SETTINGS, providesTags: ['Settings'] }),
    /** GET /settings/security (Admin): the password minimum and its warning. */
    securitySettings: build.query<SecuritySettingsDto, void>({ query: () => `${SETTINGS}/security` }),
  }),
});

export const { useSettingsQuery, useSecuritySettingsQuery } = settingsApi;

/**
 * PUT /settings with the changed parts; offline it waits in the sync queue (the patches are
 * replayed in order, so the last one wins). Throws on a refusal. The answer is not applied:
 * newer local changes may already be on screen.
 */
export function saveUserSettings(patch: UserSettingsPatch): AppThunk<Promise<void>> {
  return async (_dispatch, _getState, { save }) => {
    await save<SettingsResponse>({ method: 'PUT', path: SETTINGS, body: patch, queueable: true });
  };
}

/** PUT /settings with the SMTP part only (Admin). Throws on failure; the cached settings take the answer. */
export function saveSmtpSettings(smtp: SmtpSettingsPatch): AppThunk<Promise<SmtpSettingsDto | null>> {
  return async (dispatch, _getState, { save }) => {
    const answer = await save<SettingsResponse>({ method: 'PUT', path: SETTINGS, body: { smtp } });
    await dispatch(
      patchWhenLanded(
        settingsApi.util.getRunningQueryThunk('settings', undefined),
        settingsApi.util.upsertQueryData('settings', undefined, answer),
      ),
    );
    return answer.smtp ?? null;
  };
}

/** PUT /settings/security (Admin). Throws on failure; the cached security settings take the answer. */
export function saveSecuritySettings(patch: SecuritySettingsPatch): AppThunk<Promise<SecuritySettingsDto>> {
  return async (dispatch, _getState, { save }) => {
    const answer = await save<SecuritySettingsDto>({ method: 'PUT', path: `${SETTINGS}/security`, body: patch });
    await dispatch(
      patchWhenLanded(
        settingsApi.util.getRunningQueryThunk('securitySettings', undefined),
        settingsApi.util.upsertQueryData('securitySettings', undefined, answer),
      ),
    );
    return answer;
  };
}

/** POST /settings/smtp/test (Admin): a test e-mail through the stored settings; answers the server's German report. */
export function sendSmtpTest(to: string): AppThunk<Promise<string>> {
  return async (_dispatch, _getState, { save }) => {
    const answer = await save<MessageResponse>({ method: 'POST', path: `${SETTINGS}/smtp/test`, body: { to } });
    return answer.message;
  };
}
