import type { LicenseActivationResponse } from '@werkboard/common';
import type { ActivationInput } from '../../api/endpoints/license';
import { activateLicense } from '../../api/endpoints/license';
import type { AppThunk } from '../../store/types';
import { refreshCurrentUser } from '../../entities/session/sessionThunks';

/** Activation, then the signed-in user afresh, so the footer shows the new license. */
export function activateAndRefresh(input: ActivationInput): AppThunk<Promise<LicenseActivationResponse>> {
  return async (dispatch) => {
    const answer = await dispatch(activateLicense(input));
    await dispatch(refreshCurrentUser());
    return answer;
  };
}
