// A sandboxed preload can require nothing but 'electron' at runtime, so everything from
// @werkboard/common is imported as a type only and the channel names are inlined below.
// preload.test.ts checks both: the names equal DESKTOP_IPC, and the compiled file
// requires nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import type {
  DESKTOP_IPC,
  DesktopBridge,
  LocalStoreAnswer,
  PersistRequest,
  SaveFileRequest,
  SaveFileResult,
  ServerAddressResult,
} from '@werkboard/common';

/** Must equal DESKTOP_IPC; `satisfies` catches a drift at compile time, the test at run time. */
export const PRELOAD_IPC_CHANNELS = {
  getVersion: 'werkboard:get-version',
  saveFile: 'werkboard:save-file',
  getServerAddress: 'werkboard:get-server-address',
  setServerAddress: 'werkboard:set-server-address',
  localStore: 'werkboard:local-store',
  persist: 'werkboard:persist',
} as const satisfies typeof DESKTOP_IPC;

export type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;

/**
 * The bridge over a given invoke function. Each function sends one argument and nothing
 * else; the main process checks it field by field (ipc.ts), so nothing rides along.
 */
export function createBridge(invoke: Invoke): DesktopBridge {
  return {
    platform: 'desktop',
    getVersion: () => invoke(PRELOAD_IPC_CHANNELS.getVersion) as Promise<string>,
    saveFile: ({ defaultName, data, filter }: SaveFileRequest) => {
      const request: SaveFileRequest = filter === undefined ? { defaultName, data } : { defaultName, data, filter };
      return invoke(PRELOAD_IPC_CHANNELS.saveFile, request) as Promise<SaveFileResult>;
    },
    getServerAddress: () => invoke(PRELOAD_IPC_CHANNELS.getServerAddress) as Promise<string | null>,
    setServerAddress: (address) =>
      invoke(PRELOAD_IPC_CHANNELS.setServerAddress, address) as Promise<ServerAddressResult>,
    localStore: (request) => invoke(PRELOAD_IPC_CHANNELS.localStore, request) as Promise<LocalStoreAnswer>,
    persist: (request: PersistRequest) => invoke(PRELOAD_IPC_CHANNELS.persist, request) as Promise<string | null>,
  };
}

const bridge = createBridge((channel, ...args) => ipcRenderer.invoke(channel, ...args) as Promise<unknown>);

contextBridge.exposeInMainWorld('werkboard', bridge satisfies DesktopBridge);
