import path from 'node:path';
import { types } from 'node:util';

import type { SaveDialogOptions } from 'electron';
import { DESKTOP_IPC } from '@werkboard/common';
import type {
  LocalStoreAnswer,
  LocalStoreRequest,
  PersistRequest,
  SaveFileRequest,
  SaveFileResult,
  ServerAddressResult,
} from '@werkboard/common';

import { validateLocalStoreRequest } from './localStore/validateRequest';
import { isSameOrigin } from './navigationGuard';
import { validatePersistRequest } from './persistFile';
import { validateServerAddress } from './serverAddress';
import type { Validation } from './validation';
import { hasOnlyKeys, invalid, isPlainRecord } from './validation';

export type { Validation } from './validation';

export const MAX_FILE_NAME_LENGTH = 200;
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_FILTER_NAME_LENGTH = 100;
export const MAX_FILTER_EXTENSIONS = 20;

// Extensions as the dialog expects them: no dot; '*' is Electron's "all files".
const EXTENSION_PATTERN = /^(?:[A-Za-z0-9]{1,16}|\*)$/;
// Control characters are never part of a name a user would want; NUL truncates paths.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// Separators would let the renderer pick a folder; ':' is a drive-relative path or an
// alternate data stream on Windows. The user picks the folder in the dialog, nobody else.
const PATH_CHARACTERS = /[/\\:]/;

export function validateDefaultName(value: unknown): Validation<string> {
  if (typeof value !== 'string') return invalid('defaultName must be a string');
  if (value.trim() === '') return invalid('defaultName must not be empty');
  if (value.length > MAX_FILE_NAME_LENGTH) return invalid(`defaultName is longer than ${MAX_FILE_NAME_LENGTH}`);
  if (PATH_CHARACTERS.test(value)) return invalid('defaultName must not contain path separators');
  if (CONTROL_CHARACTERS.test(value)) return invalid('defaultName must not contain control characters');
  if (value === '.' || value === '..') return invalid('defaultName must be a file name');
  return { ok: true, value };
}

export function validateFileData(value: unknown): Validation<Uint8Array> {
  // util.types works across realms, unlike instanceof; a Buffer is a Uint8Array too.
  if (!types.isUint8Array(value)) return invalid('data must be a Uint8Array');
  if (value.byteLength === 0) return invalid('data is empty');
  if (value.byteLength > MAX_FILE_BYTES) return invalid(`data is larger than ${MAX_FILE_BYTES} bytes`);
  return { ok: true, value };
}

export function validateFileFilter(value: unknown): Validation<SaveFileRequest['filter']> {
  if (value === undefined) return { ok: true, value: undefined };
  if (!isPlainRecord(value)) return invalid('filter must be an object');
  if (!hasOnlyKeys(value, ['name', 'extensions'])) return invalid('filter has unknown keys');
  const { name, extensions } = value;
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_FILTER_NAME_LENGTH) {
    return invalid('filter.name must be a non-empty string');
  }
  if (CONTROL_CHARACTERS.test(name)) return invalid('filter.name must not contain control characters');
  if (!Array.isArray(extensions) || extensions.length === 0 || extensions.length > MAX_FILTER_EXTENSIONS) {
    return invalid(`filter.extensions must be a list of 1 to ${MAX_FILTER_EXTENSIONS} extensions`);
  }
  const checked: string[] = [];
  for (const extension of extensions as unknown[]) {
    if (typeof extension !== 'string' || !EXTENSION_PATTERN.test(extension)) {
      return invalid('filter.extensions must be letters and digits without a dot');
    }
    checked.push(extension);
  }
  return { ok: true, value: { name, extensions: checked } };
}

/** Checks everything the renderer sent; returns a fresh object so nothing else rides along. */
export function validateSaveFileRequest(payload: unknown): Validation<SaveFileRequest> {
  if (!isPlainRecord(payload)) return invalid('request must be an object');
  if (!hasOnlyKeys(payload, ['defaultName', 'data', 'filter'])) return invalid('request has unknown keys');
  const defaultName = validateDefaultName(payload.defaultName);
  if (!defaultName.ok) return defaultName;
  const data = validateFileData(payload.data);
  if (!data.ok) return data;
  const filter = validateFileFilter(payload.filter);
  if (!filter.ok) return filter;
  const request: SaveFileRequest = { defaultName: defaultName.value, data: data.value };
  if (filter.value !== undefined) request.filter = filter.value;
  return { ok: true, value: request };
}

/** What the save logic needs from the dialog; Electron's SaveDialogReturnValue fits it. */
export interface SaveDialogOutcome {
  canceled: boolean;
  filePath: string;
}

export interface SaveFileDependencies {
  showSaveDialog: (options: SaveDialogOptions) => Promise<SaveDialogOutcome>;
  writeFile: (filePath: string, data: Uint8Array) => Promise<void>;
  /** Where the dialog starts, e.g. the user's documents folder. */
  defaultDirectory: string;
}

/** Asks the user where to save, then writes there. A write error rejects, so the renderer can say so. */
export async function saveFileWithDialog(
  request: SaveFileRequest,
  deps: SaveFileDependencies,
): Promise<SaveFileResult> {
  const options: SaveDialogOptions = {
    defaultPath: path.join(deps.defaultDirectory, request.defaultName),
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  };
  if (request.filter !== undefined) options.filters = [request.filter];
  const outcome = await deps.showSaveDialog(options);
  // The dialog returns an absolute path; anything else means no usable choice was made.
  if (outcome.canceled || outcome.filePath === '' || !path.isAbsolute(outcome.filePath)) return { saved: false };
  await deps.writeFile(outcome.filePath, request.data);
  return { saved: true, path: outcome.filePath };
}

/** The part of an IPC event the handlers look at; Electron's IpcMainInvokeEvent fits it. */
export interface SenderEvent {
  readonly senderFrame: { readonly url: string } | null;
}

/**
 * Only the app's own page may call the bridge: a frame that navigated elsewhere (or an
 * embedded foreign frame) must not be able to write files.
 */
export function isTrustedSender(event: SenderEvent, appOrigin: string): boolean {
  const frame = event.senderFrame;
  return frame !== null && isSameOrigin(frame.url, appOrigin);
}

export interface IpcDependencies<E extends SenderEvent> {
  appOrigin: string;
  appVersion: string;
  /** Receives the event so the wiring can make the dialog modal to the sender's window. */
  showSaveDialog: (event: E, options: SaveDialogOptions) => Promise<SaveDialogOutcome>;
  writeFile: (filePath: string, data: Uint8Array) => Promise<void>;
  /** Where the save dialog starts: the folder of the last save, else the documents folder. */
  defaultDirectory: () => string;
  /** Told the folder of every file saved, so the next dialog starts there. */
  rememberDirectory: (directory: string) => void;
  /** The configured company server's origin, or null (first start). */
  serverAddress: () => string | null;
  /** Checks an address the user typed, and stores and uses it when a Werkboard server answers. */
  changeServerAddress: (address: string) => Promise<ServerAddressResult>;
  localStore: { run(request: LocalStoreRequest): LocalStoreAnswer };
  persist: { run(request: PersistRequest): string | null };
  logWarning: (message: string) => void;
}

export type IpcHandler<E> = (event: E, ...args: unknown[]) => Promise<unknown>;

/** The subset of ipcMain used here, so tests can pass a fake. */
export interface IpcHandlerRegistry<E> {
  handle(channel: string, listener: IpcHandler<E>): void;
}

export function createIpcHandlers<E extends SenderEvent>(
  deps: IpcDependencies<E>,
): Record<keyof typeof DESKTOP_IPC, IpcHandler<E>> {
  // Every channel checks its sender first, and a refusal rejects the renderer's promise.
  const guarded =
    (channel: string, run: (event: E, args: unknown[]) => Promise<unknown>): IpcHandler<E> =>
    async (event, ...args) => {
      if (!isTrustedSender(event, deps.appOrigin)) {
        deps.logWarning(`Refused ${channel} from ${event.senderFrame?.url ?? 'a closed frame'}`);
        throw new Error('Sender not allowed');
      }
      return await run(event, args);
    };

  /** A channel with one argument, checked by `validate` before `run` sees it. */
  const validated = <T>(
    channel: string,
    validate: (payload: unknown) => Validation<T>,
    run: (value: T, event: E) => Promise<unknown>,
  ) =>
    guarded(channel, async (event, [payload]) => {
      const checked = validate(payload);
      if (!checked.ok) {
        deps.logWarning(`Refused ${channel}: ${checked.error}`);
        throw new Error(`Invalid request: ${checked.error}`);
      }
      return await run(checked.value, event);
    });

  return {
    getVersion: guarded(DESKTOP_IPC.getVersion, () => Promise.resolve(deps.appVersion)),
    saveFile: validated(DESKTOP_IPC.saveFile, validateSaveFileRequest, async (request, event) => {
      const result = await saveFileWithDialog(request, {
        showSaveDialog: (options) => deps.showSaveDialog(event, options),
        writeFile: deps.writeFile,
        defaultDirectory: deps.defaultDirectory(),
      });
      if (result.saved) deps.rememberDirectory(path.dirname(result.path));
      return result;
    }),
    getServerAddress: guarded(DESKTOP_IPC.getServerAddress, () => Promise.resolve(deps.serverAddress())),
    setServerAddress: validated(DESKTOP_IPC.setServerAddress, validateServerAddress, (address) =>
      deps.changeServerAddress(address),
    ),
    localStore: validated(DESKTOP_IPC.localStore, validateLocalStoreRequest, (request) =>
      Promise.resolve(deps.localStore.run(request)),
    ),
    persist: validated(DESKTOP_IPC.persist, validatePersistRequest, (request) =>
      Promise.resolve(deps.persist.run(request)),
    ),
  };
}

export function registerIpcHandlers<E extends SenderEvent>(
  registry: IpcHandlerRegistry<E>,
  deps: IpcDependencies<E>,
): void {
  const handlers = createIpcHandlers(deps);
  for (const key of Object.keys(DESKTOP_IPC) as (keyof typeof DESKTOP_IPC)[]) {
    registry.handle(DESKTOP_IPC[key], handlers[key]);
  }
}
