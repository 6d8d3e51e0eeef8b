import type { ComponentType } from 'react';
import { lazy, Suspense } from 'react';

/** A page in a chunk of its own: loaded on first navigation, or earlier by `preload()`. */
export interface LazyPage {
  (): React.JSX.Element;
  preload(): Promise<void>;
}

/**
 * Route-level code splitting (issue 19). Unlike bare React.lazy, a page whose chunk is already
 * loaded (prefetched while idle, or visited before) renders at once, without a Suspense
 * fallback flashing for a frame. `Loading`: the page's own space while its chunk loads, where
 * the PageFrame's general one has another height (the board's reserves the viewport, so the
 * footer does not jump when the board arrives); failures still go to the PageFrame.
 */
export function lazyPage(load: () => Promise<ComponentType>, Loading?: ComponentType): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const makeLazy = () => lazy(async () => ({ default: await loadOnce() }));
  // React.lazy keeps a rejection for good; a failed chunk (offline before the service worker
  // cached it) gets a fresh lazy component so that the page's retry loads it again.
  let Lazy = makeLazy();
  const loadOnce = (): Promise<ComponentType> => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        Lazy = makeLazy();
        throw error;
      },
    );
    return pending;
  };
  const Page = () => {
    const Loaded = loaded;
    if (Loaded) return <Loaded />;
    return Loading ? (
      <Suspense fallback={<Loading />}>
        <Lazy />
      </Suspense>
    ) : (
      <Lazy />
    );
  };
  Page.preload = async () => {
    await loadOnce();
  };
  return Page;
}
