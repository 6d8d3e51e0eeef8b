import type { LicenseActivationResponse, StatsCounts } from '@werkboard/common';
import type { AppThunk } from '../../store';
import { refreshCurrentUser } from '../profile/profileThunks';

/** GET /stats/counts: usage and limits for the license bars. Throws on failure. */
export function fetchCounts(): AppThunk<Promise<StatsCounts>> {
  return (_dispatch, _getState, { api }) => api.get<StatsCounts>('/stats/counts');
}

export interface ActivationInput {
  email: string;
  licenseKey: string;
  force: boolean;
}

/**
 * POST /license/activate with this device's id. A 409 here means "key already in use on
 * another device", not a lost session, so the client's 401/409 logout is off for this call.
 * After success the signed-in user is loaded again, so the footer shows the new license.
 */
export function activateLicense(input: ActivationInput): AppThunk<Promise<LicenseActivationResponse>> {
  return async (dispatch, _getState, { save, deviceId }) => {
    const answer = await save<LicenseActivationResponse>({
      method: 'POST',
      path: '/license/activate',
      body: { ...input, deviceId },
      sessionHandling: false,
    });
    await dispatch(refreshCurrentUser());
    return answer;
  };
}
