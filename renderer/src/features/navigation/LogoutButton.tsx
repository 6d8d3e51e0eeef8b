import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { de } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { logout, syncNow } from '../../entities/outbox/syncThunks';
import { useOnlineStatus } from '../../utils/useOnlineStatus';

/**
 * 'Abmelden'. Logging out deletes this device's local data; changes not yet on the server
 * would go with it, so with any pending or refused change it first asks: sync now, or log out anyway.
 */
export function LogoutButton() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const online = useOnlineStatus();
  const { pending, failed, running } = useAppSelector((state) => state.sync);
  const unsynced = pending + failed.length;
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const logoutNow = () => {
    dispatch(logout(() => void navigate('/login', { replace: true }))).catch(() => setError(de.sync.logoutFailed));
  };

  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => (unsynced > 0 ? setAsking(true) : logoutNow())}
      >
        {de.nav.logout}
      </button>
      {asking && (
        <Dialog title={de.sync.logoutTitle} onClose={() => setAsking(false)}>
          <p>{unsynced > 0 ? de.sync.logoutPending(unsynced) : de.footer.syncNothingPending}</p>
          {error && (
            <p role="alert" className="message message--error">
              {error}
            </p>
          )}
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
              {de.actions.cancel}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={!online || running || pending === 0}
              onClick={() => void dispatch(syncNow())}
            >
              {de.sync.syncNow}
            </button>
            <button type="button" className="button button--danger" onClick={logoutNow}>
              {de.sync.logoutAnyway}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
