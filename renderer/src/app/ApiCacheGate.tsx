import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { loadApiCache } from '../api/loadApiCache';
import { isApiCacheAttached } from '../store/rootReducer';
import { PageLoading } from './PageFrame';

/**
 * Renders its children once the server data cache is in the store. The login screen runs
 * without it (issue 19: RTK Query is not in the first script); the logged-in frame waits here,
 * inside the PageFrame, in the same loading space as for a page's chunk, and a cache that
 * cannot be loaded offline goes to the PageFrame's message and retry (which mounts the gate
 * again). `alongside` loads in parallel (the frame's own chunk), so the two do not wait for
 * each other; it must be the same function on every render.
 *
 * It does not suspend, for the reason lazyPage does not: React holds content that replaces a
 * Suspense fallback back until 300 ms after the fallback appeared.
 */
export function ApiCacheGate({ children, alongside }: { children: ReactNode; alongside?: () => Promise<void> }) {
  const attached = useAppSelector(isApiCacheAttached);
  const dispatch = useAppDispatch();
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (attached) return undefined;
    let mounted = true;
    // A failure of the frame's chunk shows when the frame itself renders (lazyPage).
    void alongside?.().catch(() => undefined);
    dispatch(loadApiCache()).catch((error: unknown) => mounted && setFailure({ error }));
    return () => {
      mounted = false;
    };
  }, [attached, alongside, dispatch]);
  if (failure) throw failure.error;
  return attached ? children : <PageLoading />;
}
