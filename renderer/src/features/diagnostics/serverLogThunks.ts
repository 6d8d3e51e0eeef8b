import type { LoginRequest } from '@werkboard/common';
import { deStart } from '@werkboard/common';
import { postLogin } from '../../api/endpoints/signIn';
import { ApiError } from '../../api/errors';
import { loginErrorMessage } from '../../entities/session/loginErrors';
import type { AppThunk } from '../../store/types';

export type ServerLogAnswer = { ok: true; log: string } | { ok: false; message: string };

/**
 * The server log from the login page (issue 19): nobody is signed in there, so the Admin's
 * credentials get a session of its own for this one read, which is ended right after. The
 * device's own session state is not touched; the server checks the role as on every read.
 */
export function readServerLogAs(credentials: LoginRequest): AppThunk<Promise<ServerLogAnswer>> {
  return async (dispatch, _getState, { api }) => {
    let token: string;
    try {
      const answer = await dispatch(postLogin(credentials));
      if ('challenge' in answer) return { ok: false, message: deStart.diagnostics.secondFactorInApp };
      token = answer.token;
    } catch (error) {
      return { ok: false, message: loginErrorMessage(error) };
    }
    try {
      return { ok: true, log: await api.getText('/logs/server.log', { token, sessionHandling: false }) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 403)
        return { ok: false, message: deStart.diagnostics.serverLogAdminOnly };
      return { ok: false, message: deStart.diagnostics.logLoadFailed };
    } finally {
      await api.request('/auth/logout', { method: 'POST', token, sessionHandling: false }).catch(() => undefined);
    }
  };
}
