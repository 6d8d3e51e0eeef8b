import { deStart } from '@werkboard/common';
import { useServerLogQuery } from '../../api/endpoints/diagnostics';
import type { QueryError } from '../../api/errors';
import { isQueryError } from '../../api/errors';

function failureDetail(error: QueryError): string | null {
  if (error.kind !== 'server' && error.kind !== 'sessionLost') return null;
  const status = deStart.diagnostics.serverStatus(error.status ?? 0);
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
          {deStart.diagnostics.refresh}
        </button>
      </div>
      {log.isFetching && <p className="muted">{deStart.app.loading}</p>}
      {failed && (
        <div className="message message--error">
          <p>{deStart.diagnostics.logLoadFailed}</p>
          {detail && <p>{detail}</p>}
        </div>
      )}
      {!log.isFetching && !failed && log.data !== undefined && (
        <pre className="log log--server">{log.data || deStart.diagnostics.emptyLog}</pre>
      )}
    </div>
  );
}
