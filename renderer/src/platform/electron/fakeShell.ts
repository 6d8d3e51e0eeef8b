import type {
  DesktopBridge,
  LocalQueueRow,
  LocalStoreAnswer,
  LocalStoreRequest,
  SaveFileRequest,
  ServerAddressResult,
} from '@werkboard/common';

/**
 * For renderer tests: the shell's side of the bridge in memory, answering the same protocol
 * as desktop/src/ipc.ts with its SQLite store and persisted file (tested there against the
 * real files). Everything crosses as the preload would hand it on: JSON text and copies.
 */
export interface FakeShell {
  bridge: DesktopBridge;
  /** The queue rows as the shell holds them. */
  rows(): LocalQueueRow[];
  persisted: Map<string, string>;
  saved: SaveFileRequest[];
  /** Another writer changing the queue under the page (raises the version). */
  bumpQueueVersion(): void;
  calls: LocalStoreRequest['op'][];
}

export function createFakeShell(
  options: {
    serverAddress?: string | null;
    saveAs?: string | null;
    checkAddress?: (address: string) => ServerAddressResult;
  } = {},
): FakeShell {
  const reads = new Map<string, string>();
  const queue = new Map<string, LocalQueueRow>();
  let version = 0;
  let owner: string | null = null;
  let serverAddress = options.serverAddress ?? null;
  const persisted = new Map<string, string>();
  const saved: SaveFileRequest[] = [];
  const calls: LocalStoreRequest['op'][] = [];

  const run = (request: LocalStoreRequest): LocalStoreAnswer => {
    calls.push(request.op);
    switch (request.op) {
      case 'getRead':
        return { value: reads.get(`${request.table}:${request.key}`) ?? null };
      case 'putRead':
        reads.set(`${request.table}:${request.key}`, request.value);
        return { done: true };
      case 'loadQueue':
        return {
          version,
          rows: [...queue.values()].sort((a, b) => a.position - b.position).map((row) => ({ ...row })),
        };
      case 'applyQueue':
        if (request.baseVersion !== version) return { applied: false, version };
        for (const key of request.deletes) queue.delete(key);
        for (const row of request.puts) queue.set(row.key, { ...row });
        version += 1;
        return { applied: true, version };
      case 'getOwner':
        return { value: owner };
      case 'setOwner':
        owner = request.userId;
        return { done: true };
      case 'clearReads':
        reads.clear();
        return { done: true };
      case 'clearAll':
        reads.clear();
        queue.clear();
        owner = null;
        version += 1;
        return { done: true };
    }
  };

  const bridge: DesktopBridge = {
    platform: 'desktop',
    getVersion: () => Promise.resolve('0.1.0'),
    saveFile: (request) => {
      saved.push(request);
      const target = options.saveAs === undefined ? `/home/buero/Dokumente/${request.defaultName}` : options.saveAs;
      return Promise.resolve(target === null ? { saved: false } : { saved: true, path: target });
    },
    getServerAddress: () => Promise.resolve(serverAddress),
    setServerAddress: (address) => {
      const result = options.checkAddress?.(address) ?? { ok: true, address };
      if (result.ok) serverAddress = result.address;
      return Promise.resolve(result);
    },
    // structuredClone: what crosses the IPC is a copy, never the page's own object.
    localStore: (request) => Promise.resolve(structuredClone(run(structuredClone(request)))),
    persist: (request) => {
      if (request.op === 'get') return Promise.resolve(persisted.get(request.key) ?? null);
      if (request.op === 'set') persisted.set(request.key, request.value);
      else persisted.delete(request.key);
      return Promise.resolve(null);
    },
  };

  return {
    bridge,
    rows: () => [...queue.values()].sort((a, b) => a.position - b.position),
    persisted,
    saved,
    bumpQueueVersion: () => {
      version += 1;
    },
    calls,
  };
}
