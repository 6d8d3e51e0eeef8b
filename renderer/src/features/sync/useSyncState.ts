import { de } from '@werkboard/common';
import { useAppSelector } from '../../store/hooks';
import { useOnlineStatus } from '../../utils/useOnlineStatus';

export type SyncState = 'offline' | 'running' | 'pending' | 'done';

/**
 * The device's sync state in words (spec section 4, issue 19): Offline (with the number of
 * changes that wait, 'Offline · 3 ausstehend'), Sync, 'N ausstehend', Synchron. One source
 * for the footer's button and the top bar's badge.
 */
export function useSyncState(triggering = false) {
  const online = useOnlineStatus();
  const { pending, failed, running } = useAppSelector((state) => state.sync);
  const state: SyncState = !online ? 'offline' : running || triggering ? 'running' : pending > 0 ? 'pending' : 'done';
  const label = {
    offline: pending > 0 ? de.footer.syncOfflinePending(pending) : de.footer.syncOffline,
    running: de.footer.syncRunning,
    pending: de.footer.syncPending(pending),
    done: de.footer.syncDone,
  }[state];
  const hint = {
    offline: de.footer.syncOfflineHint,
    running: de.sync.runningHint,
    pending: de.sync.pendingHint(pending),
    done: de.footer.syncNothingPending,
  }[state];
  return { state, label, hint, pending, failed };
}
