import { useCallback, useEffect, useState } from 'react';
import { deStart, STATUS_POLL_INTERVAL_MS, STATUS_POLL_TIMEOUT_MS } from '@werkboard/common';
import { useAppDispatch } from '../../store/hooks';
import { logAdded } from './liveLogSlice';
import { pollingStarted, pollingTimedOut } from './serverStatusSlice';
import { fetchServerStatus } from './serverStatusThunks';

/**
 * Polls GET /api/status every 2.5 s until the database is initialised, and gives up after 20 s
 * (spec sections 4 and 9). Polls are chained, never overlapping, so a slow answer cannot pile up
 * requests. `restart` starts a new 20 s round (the "Erneut prüfen" button).
 */
export function useServerStatusPolling(): { restart: () => void } {
  const dispatch = useAppDispatch();
  const [round, setRound] = useState(0);

  useEffect(() => {
    let stopped = false;
    let nextPoll: number | undefined;
    dispatch(pollingStarted());
    dispatch(logAdded(deStart.diagnostics.pollStarted));
    const timeout = window.setTimeout(() => {
      stop();
      dispatch(pollingTimedOut());
      dispatch(logAdded(deStart.diagnostics.timeout));
    }, STATUS_POLL_TIMEOUT_MS);
    const stop = () => {
      stopped = true;
      window.clearTimeout(nextPoll);
      window.clearTimeout(timeout);
    };

    const poll = async () => {
      const initialised = await dispatch(fetchServerStatus());
      if (stopped) return;
      if (initialised) stop();
      else nextPoll = window.setTimeout(() => void poll(), STATUS_POLL_INTERVAL_MS);
    };
    void poll();
    return stop;
  }, [dispatch, round]);

  const restart = useCallback(() => setRound((value) => value + 1), []);
  return { restart };
}
