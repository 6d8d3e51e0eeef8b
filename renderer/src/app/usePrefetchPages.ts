import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { holdSideReads } from '../api/sideReads';

/**
 * Once a user is logged in: on a start with a stored session, the landing page's chunks and
 * first reads begin with the session check (AuthGate), not after it; then the other screens'
 * chunks load while the browser is idle (landingStart.ts, a chunk of its own; issue 19).
 */
export function usePrefetchPages(loggedIn: boolean): void {
  const dispatch = useAppDispatch();
  // Whether this run started with a stored session still to check: taken at the first render.
  const stored = useAppSelector((state) => !state.auth.verified);
  const [storedSession] = useState(() => {
    // Before any child's effect: the frame's side reads wait for the landing page (api/sideReads.ts).
    if (stored) holdSideReads();
    return stored;
  });
  useEffect(() => {
    if (loggedIn) void import('./landingStart').then(({ landed }) => dispatch(landed(storedSession)), ignore);
  }, [dispatch, loggedIn, storedSession]);
}

const ignore = () => undefined;
