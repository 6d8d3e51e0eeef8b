import { useCallback, useEffect, useState } from 'react';
import { de } from '@werkboard/common';
import { ApiError } from '../../api/errors';
import { useAppDispatch } from '../../store/hooks';
import type { AppThunk } from '../../store';

type LogState = { kind: 'loading' } | { kind: 'loaded'; text: string } | { kind: 'failed'; detail: string | null };

/** GET /api/logs/server.log with the stored token; a 401/403 here must not end anything. */
function fetchServerLog(): AppThunk<Promise<string>> {
  return (_dispatch, _getState, { api }) => api.getText('/logs/server.log', { sessionHandling: false, noCache: true });
}

function failureDetail(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const status = de.diagnostics.serverStatus(error.status);
  return error.body?.message ? `${status} – ${error.body.message}` : status;
}

/** The server log tab (Admin only; the server answers 403 to anyone else). */
export function ServerLog() {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<LogState>({ kind: 'loading' });

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'loaded', text: await dispatch(fetchServerLog()) });
    } catch (error) {
      setState({ kind: 'failed', detail: failureDetail(error) });
    }
  }, [dispatch]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="server-log">
      <div className="server-log__actions">
        <button type="button" className="button button--secondary" onClick={() => void load()}>
          {de.diagnostics.refresh}
        </button>
      </div>
      {state.kind === 'loading' && <p className="muted">{de.app.loading}</p>}
      {state.kind === 'failed' && (
        <div className="message message--error">
          <p>{de.diagnostics.logLoadFailed}</p>
          {state.detail && <p>{state.detail}</p>}
        </div>
      )}
      {state.kind === 'loaded' && <pre className="log log--server">{state.text || de.diagnostics.emptyLog}</pre>}
    </div>
  );
}
