import type {
  MessageResponse,
  SecondFactorConfirmedDto,
  SecondFactorDisableRequest,
  SecondFactorEnrolmentDto,
  SecondFactorStatusDto,
} from '@werkboard/common';
import { secondFactorSetUp } from '../../entities/session/authSlice';
import { syncNow } from '../../entities/outbox/syncThunks';
import type { AppThunk } from '../../store/types';

/**
 * The profile's 'Zwei-Faktor-Anmeldung'. Straight requests, never queued: enrolment needs the
 * server there and then (a secret made offline could not be confirmed).
 */
export function fetchSecondFactor(): AppThunk<Promise<SecondFactorStatusDto>> {
  return (_dispatch, _getState, { api }) => api.get<SecondFactorStatusDto>('/auth/second-factor');
}

export function startSecondFactor(): AppThunk<Promise<SecondFactorEnrolmentDto>> {
  return (_dispatch, _getState, { api }) =>
    api.request<SecondFactorEnrolmentDto>('/auth/second-factor', { method: 'POST' });
}

/** Confirms with the first code; a session that had to enrol first gets its new token here. */
export function confirmSecondFactor(code: string): AppThunk<Promise<SecondFactorConfirmedDto>> {
  return async (dispatch, _getState, { api }) => {
    const answer = await api.request<SecondFactorConfirmedDto>('/auth/second-factor/confirm', {
      method: 'POST',
      body: { code },
    });
    if (answer.token) {
      dispatch(secondFactorSetUp(answer.token));
      // Changes queued while the session could only enrol are sent now.
      void dispatch(syncNow());
    }
    return answer;
  };
}

export function disableSecondFactor(request: SecondFactorDisableRequest): AppThunk<Promise<MessageResponse>> {
  return (_dispatch, _getState, { api }) =>
    api.request<MessageResponse>('/auth/second-factor/disable', { method: 'POST', body: request });
}
