import { EventEmitter } from 'node:events';

import type { UpdaterLike } from './updater';
import { startUpdateChecks, UPDATE_CHECK_INTERVAL_MS, updateFeedUrl } from './updater';

/** Stands in for electron-updater's autoUpdater, which needs Electron; it records the calls. */
class FakeUpdater extends EventEmitter implements UpdaterLike {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  feeds: string[] = [];
  checks = 0;
  installs = 0;
  failNext = false;
  setFeedURL(options: { provider: 'generic'; url: string }): void {
    this.feeds.push(`${options.provider} ${options.url}`);
  }
  checkForUpdates(): Promise<unknown> {
    this.checks += 1;
    if (this.failNext) return Promise.reject(new Error('net::ERR_CONNECTION_REFUSED'));
    return Promise.resolve(null);
  }
  quitAndInstall(): void {
    this.installs += 1;
  }
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function setUp(origin: string | null, choice: 'restart' | 'later' = 'later') {
  const updater = new FakeUpdater();
  const timers: { run: () => void; ms: number }[] = [];
  const announced: string[] = [];
  const warnings: string[] = [];
  let server = origin;
  const check = startUpdateChecks({
    updater,
    serverOrigin: () => server,
    announce: (version) => {
      announced.push(version);
      return Promise.resolve(choice);
    },
    setInterval: (run, ms) => {
      timers.push({ run, ms });
      return {};
    },
    logWarning: (message) => warnings.push(message),
  });
  return { updater, timers, announced, warnings, check, setServer: (value: string) => (server = value) };
}

describe('update checks against the company server', () => {
  it('checks the server’s /updates/ feed at start and every 6 hours, downloading and installing on quit', async () => {
    const { updater, timers } = setUp('http://192.168.1.20:3000');
    await flush();
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    expect(updater.feeds).toEqual(['generic http://192.168.1.20:3000/updates/']);
    expect(updater.checks).toBe(1);
    expect(timers.map((timer) => timer.ms)).toEqual([UPDATE_CHECK_INTERVAL_MS]);
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(6 * 60 * 60 * 1000);
    timers[0]!.run();
    await flush();
    expect(updater.checks).toBe(2);
  });

  it('announces a downloaded version once, and restarts into it only when the user says so', async () => {
    const later = setUp('http://server:3000', 'later');
    later.updater.emit('update-downloaded', { version: '0.2.0' });
    later.updater.emit('update-downloaded', { version: '0.2.0' });
    await flush();
    expect(later.announced).toEqual(['0.2.0']);
    expect(later.updater.installs).toBe(0);

    const now = setUp('http://server:3000', 'restart');
    now.updater.emit('update-downloaded', { version: '0.3.0' });
    await flush();
    expect(now.updater.installs).toBe(1);
  });

  it('waits for a server before the first check and follows a changed address', async () => {
    const { updater, check, setServer } = setUp(null);
    await flush();
    expect(updater.checks).toBe(0);
    setServer('https://werkboard.firma.de');
    await check();
    expect(updater.feeds).toEqual(['generic https://werkboard.firma.de/updates/']);
  });

  it('keeps going when the server cannot be reached', async () => {
    const { updater, warnings, check } = setUp('http://server:3000');
    await flush();
    updater.failNext = true;
    await expect(check()).resolves.toBeUndefined();
    expect(warnings[0]).toContain('ERR_CONNECTION_REFUSED');
  });

  it('builds the feed URL the server serves', () => {
    expect(updateFeedUrl('http://192.168.1.20:3000')).toBe('http://192.168.1.20:3000/updates/');
  });
});
