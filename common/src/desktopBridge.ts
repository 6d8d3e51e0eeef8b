/**
 * The one typed bridge the Electron preload exposes as `window.werkboard`.
 * The renderer uses it only through renderer/src/platform; the web build has none.
 * Every call is checked in the main process (sender, then every field), so the page can ask
 * for nothing beyond what these types describe.
 */
export interface DesktopBridge {
  /** Always 'desktop': lets the renderer tell the shell from a browser. */
  readonly platform: 'desktop';
  /** The shell's version (the root package.json version it was built from). */
  getVersion(): Promise<string>;
  /** Saves a generated file (a PDF report) through a native save dialog. */
  saveFile(request: SaveFileRequest): Promise<SaveFileResult>;
  /** The company server the shell forwards /api to, or null before the first start's setup. */
  getServerAddress(): Promise<string | null>;
  /** Checks the address (GET /api/status) and, when a Werkboard server answers, stores it. */
  setServerAddress(address: string): Promise<ServerAddressResult>;
  /** The SQLite local store (kept reads and the sync queue) in the main process. */
  localStore(request: LocalStoreRequest): Promise<LocalStoreAnswer>;
  /** The redux-persist storage: a JSON file in the user's folder, written atomically. */
  persist(request: PersistRequest): Promise<string | null>;
}

export interface SaveFileRequest {
  /** Suggested file name, e.g. 'Projektbericht - Neubau.pdf'. */
  defaultName: string;
  /** The file's bytes. */
  data: Uint8Array;
  /** Extension filter shown in the dialog, e.g. { name: 'PDF', extensions: ['pdf'] }. */
  filter?: { name: string; extensions: string[] };
}

export type SaveFileResult = { saved: true; path: string } | { saved: false };

/** Why an address was not taken: not an http(s) URL, nothing answered, or not a Werkboard server. */
export type ServerAddressResult =
  { ok: true; address: string } | { ok: false; reason: 'invalid' | 'unreachable' | 'notWerkboard' };

/** The local store's tables of kept reads (the renderer's readLocation decides which). */
export const LOCAL_STORE_TABLES = [
  'projects',
  'templates',
  'customerTypes',
  'tags',
  'rolePermissions',
  'reads',
] as const;
export type LocalStoreTable = (typeof LOCAL_STORE_TABLES)[number];

/** One row of the sync queue; `write` is the queued write as JSON text. */
export interface LocalQueueRow {
  key: string;
  position: number;
  list: 'pending' | 'failed';
  write: string;
}

export type LocalStoreRequest =
  | { op: 'getRead'; table: LocalStoreTable; key: string }
  | { op: 'putRead'; table: LocalStoreTable; key: string; value: string }
  | { op: 'loadQueue' }
  /** Applied only when the queue is still at `baseVersion`, in one transaction. */
  | { op: 'applyQueue'; baseVersion: number; puts: LocalQueueRow[]; deletes: string[] }
  | { op: 'getOwner' }
  | { op: 'setOwner'; userId: string }
  | { op: 'clearReads' }
  | { op: 'clearAll' };

export type LocalStoreAnswer =
  | { value: string | null }
  | { version: number; rows: LocalQueueRow[] }
  | { applied: boolean; version: number }
  | { done: true };

export type PersistRequest =
  { op: 'get'; key: string } | { op: 'set'; key: string; value: string } | { op: 'remove'; key: string };

export const DESKTOP_IPC = {
  getVersion: 'werkboard:get-version',
  saveFile: 'werkboard:save-file',
  getServerAddress: 'werkboard:get-server-address',
  setServerAddress: 'werkboard:set-server-address',
  localStore: 'werkboard:local-store',
  persist: 'werkboard:persist',
} as const;
