import { de } from '@werkboard/common';
import { useOnlineStatus } from './useOnlineStatus';

/**
 * The footer's sync indicator. There is no sync queue yet (the offline issue adds it), so the
 * only honest states are 'Offline' and 'Synchron', and the manual sync button stays disabled:
 * the spec disables it offline and with nothing pending.
 */
export function SyncStatusButton() {
  const online = useOnlineStatus();
  return (
    <button
      type="button"
      className={`sync-button ${online ? 'sync-button--ok' : 'sync-button--offline'}`}
      disabled
      title={online ? de.footer.syncNothingPending : de.footer.syncOfflineHint}
    >
      <span className="sync-button__dot" aria-hidden="true" />
      {online ? de.footer.syncDone : de.footer.syncOffline}
    </button>
  );
}
