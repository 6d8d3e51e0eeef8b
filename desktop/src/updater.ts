/**
 * Updates from the company's own server (electron-updater's generic provider): the feed is
 * GET /updates/latest.yml there (server/src/routes/updates.ts), so office machines update
 * without internet access. Checked at start and every 6 hours; a downloaded update is
 * announced ('Update verfügbar' with its version) and installed when the app quits, or at
 * once if the user chooses to restart.
 */

export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

export function updateFeedUrl(serverOrigin: string): string {
  return `${serverOrigin}/updates/`;
}

/** The part of electron-updater's AppUpdater used here. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface UpdateCheckOptions {
  updater: UpdaterLike;
  serverOrigin: () => string | null;
  /** Shows 'Update verfügbar'; answers whether the user wants to restart now. */
  announce: (version: string) => Promise<'restart' | 'later'>;
  setInterval?: (run: () => void, ms: number) => { unref?: () => void };
  logWarning: (message: string) => void;
}

/** Starts the checks; answers the function that runs one check (the first has already started). */
export function startUpdateChecks(options: UpdateCheckOptions): () => Promise<void> {
  const { updater } = options;
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  let announced: string | null = null;

  updater.on('error', (error) => options.logWarning(`Update check failed: ${error.message}`));
  updater.on('update-downloaded', (info) => {
    // Announced once per version, however often the 6-hourly check finds it again.
    if (announced === info.version) return;
    announced = info.version;
    options.announce(info.version).then(
      (choice) => {
        if (choice === 'restart') updater.quitAndInstall();
      },
      (error: unknown) => options.logWarning(`Update notice failed: ${String(error)}`),
    );
  });

  const check = async (): Promise<void> => {
    const origin = options.serverOrigin();
    // No server yet (first start): nothing to ask; the next round will.
    if (origin === null) return;
    updater.setFeedURL({ provider: 'generic', url: updateFeedUrl(origin) });
    try {
      await updater.checkForUpdates();
    } catch (error) {
      // Offline or no release published: the app works on, the next round tries again.
      options.logWarning(`Update check failed: ${String(error)}`);
    }
  };

  void check();
  const timer = (options.setInterval ?? setInterval)(() => void check(), UPDATE_CHECK_INTERVAL_MS);
  timer.unref?.();
  return check;
}
