import type { ReactNode } from 'react';
import { use } from 'react';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { loadApiCache } from '../api/loadApiCache';
import { isApiCacheAttached } from '../store/rootReducer';

/**
 * Renders its children once the server data cache is in the store. The login screen runs
 * without it (issue 19: RTK Query is not in the first script); the logged-in frame waits here,
 * inside the PageFrame, so the same loading space shows as for a page's chunk, and a chunk that
 * cannot be loaded offline gets the same message and retry. `alongside` loads in parallel
 * (the frame's own chunk), so the two do not wait for each other.
 */
export function ApiCacheGate({ children, alongside }: { children: ReactNode; alongside?: () => Promise<void> }) {
  const attached = useAppSelector(isApiCacheAttached);
  const dispatch = useAppDispatch();
  if (!attached) {
    // A failure there shows when the frame itself renders (lazyPage retries it).
    void alongside?.().catch(() => undefined);
    use(dispatch(loadApiCache()));
  }
  return children;
}
