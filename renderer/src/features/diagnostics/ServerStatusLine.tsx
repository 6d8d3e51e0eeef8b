import { deStart } from '@werkboard/common';
import { useAppSelector } from '../../store/hooks';

/** One line under the login form: waiting, ready, unreachable or timed out (with a retry). */
export function ServerStatusLine({ onRetry }: { onRetry: () => void }) {
  const { phase, error } = useAppSelector((state) => state.serverStatus);
  let text: string;
  let tone: 'ok' | 'wait' | 'error';
  if (phase === 'ready') {
    text = deStart.login.serverReady;
    tone = 'ok';
  } else if (phase === 'timeout') {
    text = deStart.diagnostics.timeout;
    tone = 'error';
  } else if (error) {
    text = error;
    tone = 'error';
  } else {
    text = deStart.login.waitingForServer;
    tone = 'wait';
  }
  return (
    <div className="server-status">
      <p role="status" className={`server-status__text server-status__text--${tone}`}>
        <span className="server-status__dot" aria-hidden="true" />
        {text}
      </p>
      {phase === 'timeout' && (
        <button type="button" className="button button--secondary button--small" onClick={onRetry}>
          {deStart.login.retryStatus}
        </button>
      )}
    </div>
  );
}
