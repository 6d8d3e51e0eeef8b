/**
 * What the service worker's helpers use of the browser, apart from them: push (push.ts) needs it
 * at start, the helpers themselves load after the first screen (main.tsx; issue 19).
 */

/** true in a production build (vite.config.ts `define`); not defined in dev and in jest. */
declare const __WERKBOARD_SERVICE_WORKER__: boolean | undefined;

/** What the functions use of the browser; tests pass their own. */
export interface ServiceWorkerEnvironment {
  /** Register at all (production build only). */
  enabled: boolean;
  serviceWorker: ServiceWorkerContainer | undefined;
  storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined;
}

export function browserEnvironment(): ServiceWorkerEnvironment {
  const enabled = typeof __WERKBOARD_SERVICE_WORKER__ !== 'undefined' && __WERKBOARD_SERVICE_WORKER__ === true;
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    enabled,
    serviceWorker: nav && 'serviceWorker' in nav ? nav.serviceWorker : undefined,
    storage: nav && 'storage' in nav ? nav.storage : undefined,
  };
}
