import type { ServerStatus } from '@werkboard/common';
import { deStart } from '@werkboard/common';
import { getServerStatus } from '../../api/endpoints/signIn';
import { ApiError, NetworkError } from '../../api/errors';
import type { AppThunk } from '../../store/types';
import { logAdded } from './liveLogSlice';
import { statusFailed, statusReceived } from './serverStatusSlice';

/** One GET /api/status. Resolves true once the database is initialised. */
export function fetchServerStatus(): AppThunk<Promise<boolean>> {
  return async (dispatch) => {
    try {
      const status = await dispatch(getServerStatus());
      dispatch(statusReceived(status));
      dispatch(logAdded(status.databaseInitialized ? deStart.diagnostics.pollOk : deStart.diagnostics.pollPending));
      if (status.message) dispatch(logAdded(deStart.diagnostics.serverMessage(status.message)));
      return status.databaseInitialized;
    } catch (error) {
      const message =
        error instanceof NetworkError
          ? deStart.diagnostics.unreachable
          : error instanceof ApiError
            ? error.message
            : deStart.api.internal;
      // The server may answer 503 with the status fields plus a message: keep those fields too.
      if (error instanceof ApiError && isServerStatus(error.body)) dispatch(statusReceived(error.body));
      dispatch(statusFailed(message));
      dispatch(logAdded(message));
      return false;
    }
  };
}

function isServerStatus(body: unknown): body is ServerStatus {
  return typeof body === 'object' && body !== null && typeof (body as ServerStatus).databaseInitialized === 'boolean';
}
