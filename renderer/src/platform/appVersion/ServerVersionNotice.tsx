import { useEffect, useState } from 'react';
import type { ServerInfo } from '@werkboard/common';
import { de } from '@werkboard/common';

/** Spec section 9: the update check refreshes on load and every 5 minutes, only while online. */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/**
 * The browser's update check, instead of the spec's hard-coded one: the server says which
 * version it serves (GET /api/server-info); a page still running an older build (kept by the
 * service worker) offers to reload into it. The desktop app is updated by its shell
 * (desktop/src/updater.ts), so this shows nothing there.
 */
export function ServerVersionNotice({
  appVersion,
  fetchInfo,
  isDesktop,
  reload,
}: {
  appVersion: string;
  fetchInfo: () => Promise<ServerInfo>;
  isDesktop: boolean;
  reload: () => void;
}) {
  const [serverVersion, setServerVersion] = useState<string | null>(null);
  useEffect(() => {
    if (isDesktop) return;
    let live = true;
    const check = () => {
      if (typeof navigator !== 'undefined' && !navigator.onLine) return;
      fetchInfo().then(
        (info) => live && setServerVersion(info.version),
        // Offline or the server restarting: the next round asks again.
        () => undefined,
      );
    };
    check();
    const timer = setInterval(check, VERSION_CHECK_INTERVAL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [fetchInfo, isDesktop]);
  if (isDesktop || serverVersion === null || serverVersion === appVersion) return null;
  return (
    <button type="button" className="link-button app-footer__item" onClick={reload}>
      {de.desktop.serverVersionNewer(serverVersion)}
    </button>
  );
}

/** GET /api/server-info, relative to the page (the server serves the app and the API together). */
export async function fetchServerInfo(): Promise<ServerInfo> {
  const response = await fetch('api/server-info', { cache: 'no-store' });
  if (!response.ok) throw new Error(`server-info ${response.status}`);
  return (await response.json()) as ServerInfo;
}
