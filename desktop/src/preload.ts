// A sandboxed preload can require nothing but 'electron' at runtime, so everything from
// @werkboard/common is imported as a type only and the channel names are inlined below.
// preload.test.ts checks both: the names equal DESKTOP_IPC, and the compiled file
// requires nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import type { DESKTOP_IPC, DesktopBridge, SaveFileRequest, SaveFileResult } from '@werkboard/common';

/** Must equal DESKTOP_IPC; `satisfies` catches a drift at compile time, the test at run time. */
export const PRELOAD_IPC_CHANNELS = {
  getVersion: 'werkboard:get-version',
  saveFile: 'werkboard:save-file',
} as const satisfies typeof DESKTOP_IPC;

export type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;

/**
 * The bridge over a given invoke function. It hands on only the request's known fields, so
 * the page cannot smuggle anything else to the main process through it.
 */
export function createBridge(invoke: Invoke): DesktopBridge {
  return {
    platform: 'desktop',
    getVersion: () => invoke(PRELOAD_IPC_CHANNELS.getVersion) as Promise<string>,
    saveFile: ({ defaultName, data, filter }: SaveFileRequest) => {
      const request: SaveFileRequest = filter === undefined ? { defaultName, data } : { defaultName, data, filter };
      return invoke(PRELOAD_IPC_CHANNELS.saveFile, request) as Promise<SaveFileResult>;
    },
  };
}

const bridge = createBridge((channel, ...args) => ipcRenderer.invoke(channel, ...args) as Promise<unknown>);

contextBridge.exposeInMainWorld('werkboard', bridge satisfies DesktopBridge);
