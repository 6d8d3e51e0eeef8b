import type { DesktopBridge } from '@werkboard/common';
import type { PersistStorage } from './index';

/** redux-persist storage in the shell's JSON file (desktop/src/persistFile.ts), over the bridge. */
export function createDesktopPersistStorage(bridge: DesktopBridge): PersistStorage {
  return {
    getItem: (key) => bridge.persist({ op: 'get', key }),
    setItem: async (key, value) => {
      await bridge.persist({ op: 'set', key, value });
    },
    removeItem: async (key) => {
      await bridge.persist({ op: 'remove', key });
    },
  };
}
