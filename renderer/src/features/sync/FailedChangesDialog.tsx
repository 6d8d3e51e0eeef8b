import { useState } from 'react';
import { de } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatDateTime } from '../../utils/format';
import { discardFailedChange, retryFailedChange } from '../../entities/outbox/syncThunks';

/**
 * The changes the server refused on replay, each with its German reason. Only the user
 * decides what happens to them: send again ('Erneut versuchen') or drop ('Verwerfen', asked twice).
 */
export function FailedChangesDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const failed = useAppSelector((state) => state.sync.failed);
  const [discarding, setDiscarding] = useState<string | null>(null);
  const t = de.sync;

  return (
    <Dialog title={t.failedTitle} onClose={onClose}>
      <p>{t.failedIntro}</p>
      {failed.length === 0 && <p>{de.footer.syncNothingPending}</p>}
      <ul className="failed-changes">
        {failed.map((change) => (
          <li key={change.key} className="failed-changes__item">
            <strong>{change.label}</strong>
            <span className="message message--error">{change.message}</span>
            <span className="failed-changes__time">
              {t.failedAt(formatDateTime(change.failedAt) ?? change.failedAt)}
            </span>
            {discarding === change.key ? (
              <span className="failed-changes__actions">
                <span>{t.discardConfirm}</span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setDiscarding(null)}
                >
                  {de.actions.cancel}
                </button>
                <button
                  type="button"
                  className="button button--danger button--small"
                  onClick={() => void dispatch(discardFailedChange(change.key)).then(() => setDiscarding(null))}
                >
                  {t.discard}
                </button>
              </span>
            ) : (
              <span className="failed-changes__actions">
                <button
                  type="button"
                  className="button button--primary button--small"
                  onClick={() => void dispatch(retryFailedChange(change.key))}
                >
                  {t.retry}
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setDiscarding(change.key)}
                >
                  {t.discard}
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t.close}
        </button>
      </div>
    </Dialog>
  );
}
