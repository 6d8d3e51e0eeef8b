import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { startSyncSession, syncNow } from './syncThunks';

/** While changes wait and the browser thinks it is online (a stopped server): try again this often. */
export const SYNC_RETRY_MS = 60_000;

/**
 * When the queue is replayed besides the footer button: at the start of a session, on the
 * browser's `online` event, and every minute while changes wait (a server that was down
 * comes back without any event). Background Sync is wired in main.tsx.
 */
export function useSyncTriggers(): void {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.auth.user?.id ?? null);
  // Whether changes wait, not how many: the app shell that calls this would render again, with
  // every page in it, at each write a replay answers (issue 17).
  const waiting = useAppSelector((state) => state.sync.pending > 0);

  useEffect(() => {
    if (userId) void dispatch(startSyncSession(userId));
  }, [dispatch, userId]);

  useEffect(() => {
    const onOnline = () => void dispatch(syncNow());
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [dispatch]);

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (navigator.onLine) void dispatch(syncNow());
    }, SYNC_RETRY_MS);
    return () => clearInterval(timer);
  }, [dispatch, waiting]);
}
