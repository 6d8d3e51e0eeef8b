import { useEffect } from 'react';
import { afterLoad, whenIdle } from '../utils/whenIdle';
import { hashPath, landingPage } from './landing';
import type { LazyPage } from './lazyPage';
import { pages } from './pages';

const ignore = () => undefined;

/**
 * Once a user is logged in, the other screens' chunks load while the browser is idle, so that
 * navigation is instant and works offline (the service worker caches them as well). They wait
 * for the page the user is on (its chunks, the load event), then load one per idle moment: they
 * must not compete with it (issue 19). A failure is harmless: navigating loads the chunk again.
 */
export function usePrefetchPages(loggedIn: boolean): void {
  useEffect(() => {
    if (!loggedIn) return undefined;
    const landing = pages[landingPage(hashPath(window.location.hash))];
    const rest = [...new Set(Object.values(pages))].filter((page) => page !== landing && page !== pages.shell);
    let cancel: () => void = ignore;
    let cancelled = false;
    const next = (queue: LazyPage[]) => {
      const [page, ...later] = queue;
      if (cancelled || !page) return;
      cancel = whenIdle(
        () =>
          void page
            .preload()
            .catch(ignore)
            .finally(() => next(later)),
      );
    };
    void Promise.all([pages.shell.preload(), landing.preload()])
      .catch(ignore)
      .then(() => {
        if (!cancelled) cancel = afterLoad(() => next(rest));
      });
    return () => {
      cancelled = true;
      cancel();
    };
  }, [loggedIn]);
}
