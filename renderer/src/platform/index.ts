import type { DesktopBridge } from '@werkboard/common';
import { desktopBridgeOf } from './bridge';
import type { SaveFile } from './fileSave';
import { createDesktopSaveFile, createWebSaveFile } from './fileSave';
import type { LocalStore } from './localStore';
import { createMemoryStore, openIndexedDbStore } from './localStore';
import type { Notifier } from './notifications';
import { createNotifier } from './notifications';
import type { PersistStorage } from './persistStorage';
import { createWebPersistStorage } from './persistStorage';
import { createDesktopPersistStorage } from './persistStorage/electron';

/**
 * Every platform capability, chosen once (conventions.md: one interface, one implementation
 * per platform). The browser keeps IndexedDB, localStorage, downloads and the PWA's service
 * worker; the Electron shell (`window.werkboard`) keeps the queue and the kept reads in
 * SQLite, the session in a JSON file and saves files through its native dialog.
 */
export interface Platform {
  kind: 'web' | 'desktop';
  /** Kept reads and the sync queue. */
  localStore: Promise<LocalStore>;
  /** Where redux-persist keeps the session. */
  persistStorage: PersistStorage;
  saveFile: SaveFile;
  notifier: Notifier;
  /** The shell's bridge for its own settings (server address); null in the browser. */
  desktop: DesktopBridge | null;
}

export function createPlatform(target: Window): Platform {
  const bridge = desktopBridgeOf(target);
  const notifier = createNotifier(() => (typeof Notification === 'undefined' ? undefined : Notification));
  if (bridge) {
    return {
      kind: 'desktop',
      // A chunk of its own: the browser's first script does not carry it (issue 19); the shell
      // loads it from disk, and the queue waits for this promise anyway.
      localStore: import('./localStore/electron').then(({ createDesktopLocalStore }) =>
        createDesktopLocalStore(bridge),
      ),
      persistStorage: createDesktopPersistStorage(bridge),
      saveFile: createDesktopSaveFile(bridge),
      notifier,
      desktop: bridge,
    };
  }
  return {
    kind: 'web',
    // Without IndexedDB (a browser that refuses it) the app still queues, for as long as the page lives.
    // (No argument: a browser that refuses IndexedDB may throw on reading window.indexedDB itself.)
    localStore: openIndexedDbStore().catch(() => createMemoryStore()),
    persistStorage: createWebPersistStorage(target.localStorage),
    saveFile: createWebSaveFile(target.document, URL),
    notifier,
    desktop: null,
  };
}
