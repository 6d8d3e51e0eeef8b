import type { LicenseActivationResponse, StatsCounts } from '@werkboard/common';
import type { AppThunk } from '../../store/types';
import { apiSlice } from '../apiSlice';

export const licenseApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /stats/counts: usage and limits for the license bars. */
    statsCounts: build.query<StatsCounts, void>({ query: () => '/stats/counts', providesTags: ['Stats'] }),
  }),
});

export const { useStatsCountsQuery } = licenseApi;

export interface ActivationInput {
  email: string;
  licenseKey: string;
  force: boolean;
}

/**
 * POST /license/activate with this device's id. A 409 here means "key already in use on
 * another device", not a lost session, so the client's 401/409 logout is off for this call.
 * The usage bars are read again.
 */
export function activateLicense(input: ActivationInput): AppThunk<Promise<LicenseActivationResponse>> {
  return async (dispatch, _getState, { save, deviceId }) => {
    const answer = await save<LicenseActivationResponse>({
      method: 'POST',
      path: '/license/activate',
      body: { ...input, deviceId },
      sessionHandling: false,
    });
    dispatch(licenseApi.util.invalidateTags(['Stats']));
    return answer;
  };
}
