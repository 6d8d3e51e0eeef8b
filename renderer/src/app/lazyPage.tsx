import type { ComponentType } from 'react';
import { useEffect, useState } from 'react';
import { PageLoading } from './PageFrame';

/** A page in a chunk of its own: loaded on first navigation, or earlier by `preload()`. */
export interface LazyPage {
  (): React.JSX.Element;
  preload(): Promise<void>;
}

/**
 * Route-level code splitting (issue 19). A page whose chunk is already loaded (prefetched while
 * idle, or visited before) renders at once. Until then the page's loading space shows: its own
 * `Loading` where it has one (the board's reserves the viewport, so the footer does not jump
 * when the board arrives), else the PageFrame's; a failure goes to the PageFrame's boundary,
 * whose retry mounts the page again, which loads its chunk again.
 *
 * Not React.lazy: content that replaces a Suspense fallback is held back by React until 300 ms
 * after the fallback appeared (its throttle against flashing), so a chunk arriving a moment
 * after the loading space showed its page up to a quarter of a second late. Here the chunk's
 * arrival is a state update, shown at once.
 */
export function lazyPage(load: () => Promise<ComponentType>, Loading: ComponentType = PageLoading): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const loadOnce = (): Promise<ComponentType> => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // The next mount (the boundary's retry) loads again.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Page = () => {
    const [Loaded, setLoaded] = useState<ComponentType | undefined>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Loaded) return undefined;
      let mounted = true;
      loadOnce().then(
        (component) => mounted && setLoaded(() => component),
        (error: unknown) => mounted && setFailure({ error }),
      );
      return () => {
        mounted = false;
      };
    }, [Loaded]);
    if (failure) throw failure.error;
    return Loaded ? <Loaded /> : <Loading />;
  };
  Page.preload = async () => {
    await loadOnce();
  };
  return Page;
}
