import { de } from '@werkboard/common';
import { useServerLogQuery } from '../../api/endpoints/diagnostics';
import type { QueryError } from '../../api/errors';
import { isQueryError } from '../../api/errors';

function failureDetail(error: QueryError): string | null {
  if (error.kind !== 'server' && error.kind !== 'sessionLost') return null;
  const status = de.diagnostics.serverStatus(error.status ?? 0);
  return error.body?.message ? `${status} – ${error.body.message}` : status;
}

/** The server log tab (Admin only; the server answers 403 to anyone else). */
export function ServerLog() {
  const log = useServerLogQuery();
  const failed = !log.isFetching && log.isError;
  const detail = failed && isQueryError(log.error) ? failureDetail(log.error) : null;

  return (
    <div className="server-log">
      <div className="server-log__actions">
        <button type="button" className="button button--secondary" onClick={() => void log.refetch()}>
          {de.diagnostics.refresh}
        </button>
      </div>
      {log.isFetching && <p className="muted">{de.app.loading}</p>}
      {failed && (
        <div className="message message--error">
          <p>{de.diagnostics.logLoadFailed}</p>
          {detail && <p>{detail}</p>}
        </div>
      )}
      {!log.isFetching && !failed && log.data !== undefined && (
        <pre className="log log--server">{log.data || de.diagnostics.emptyLog}</pre>
      )}
    </div>
  );
}
