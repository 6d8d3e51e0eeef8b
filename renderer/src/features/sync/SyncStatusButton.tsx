import { useEffect, useState } from 'react';
import { de } from '@werkboard/common';
import { useAppDispatch } from '../../store/hooks';
import { FailedChangesDialog } from './FailedChangesDialog';
import { syncNow } from '../../entities/outbox/syncThunks';
import { useSyncState } from './useSyncState';

/** How long the button's feedback after a manual sync stays (spec section 9: 2 s). */
export const SYNC_FEEDBACK_MS = 2000;

/**
 * The footer's sync indicator (spec section 4): Offline (· N ausstehend); Sync (running);
 * 'N ausstehend'; Synchron. The button syncs by hand; it is disabled while a sync runs, offline, and with
 * nothing pending. Changes the server refused get a button of their own that opens their list.
 */
export function SyncStatusButton() {
  const dispatch = useAppDispatch();
  const [feedback, setFeedback] = useState<string | null>(null);
  const [triggering, setTriggering] = useState(false);
  const { state, label, hint, failed } = useSyncState(triggering);
  const [failedOpen, setFailedOpen] = useState(false);

  useEffect(() => {
    if (!feedback) return;
    const timer = setTimeout(() => setFeedback(null), SYNC_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [feedback]);

  const trigger = () => {
    setTriggering(true);
    dispatch(syncNow())
      .then((stop) => setFeedback(stop === 'done' ? de.sync.syncFinished : de.sync.syncStopped))
      .catch(() => setFeedback(de.sync.syncStopped))
      .finally(() => setTriggering(false));
  };

  return (
    <>
      <button
        type="button"
        className={`sync-button sync-button--${state === 'done' ? 'ok' : state}`}
        disabled={state !== 'pending'}
        title={hint}
        onClick={trigger}
        data-testid="sync-status"
      >
        <span className="sync-button__dot" aria-hidden="true" />
        {label}
      </button>
      {feedback && (
        <span className="app-footer__item sync-feedback" role="status">
          {feedback}
        </span>
      )}
      {failed.length > 0 && (
        <button type="button" className="sync-button sync-button--failed" onClick={() => setFailedOpen(true)}>
          {de.sync.failedButton(failed.length)}
        </button>
      )}
      {failedOpen && <FailedChangesDialog onClose={() => setFailedOpen(false)} />}
    </>
  );
}
