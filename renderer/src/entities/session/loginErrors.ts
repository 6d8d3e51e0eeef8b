import { deStart } from '@werkboard/common';
import { ApiError, NetworkError } from '../../api/errors';

/** The German text for a failed POST /auth/login (spec section 8): the server's message first. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return deStart.diagnostics.unreachable;
  if (!(error instanceof ApiError)) return deStart.login.genericFailure;
  if (error.body?.message) return error.body.message;
  switch (error.status) {
    case 400:
    case 401:
      return deStart.login.invalidCredentials;
    case 429:
      return deStart.login.tooManyAttempts;
    case 503:
      return deStart.login.databaseNotInitialized;
    default:
      return deStart.login.genericFailure;
  }
}
