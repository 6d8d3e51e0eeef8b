import type { UnlockedKey } from './messageCrypto';

/**
 * Where the unlocked message key stays between reloads: the password is at hand only at
 * login, and asking for it on every reload would make messages unusable on the phone. The
 * private key is a non-extractable CryptoKey, kept in memory and in an IndexedDB database of
 * its own: script in this origin can use it while the user is signed in, but no script can
 * read its bytes, and it is deleted at logout (docs/decisions.md, "Message keys").
 */
const DATABASE = 'werkboard-message-key';
const STORE = 'key';

interface KeptKey extends UnlockedKey {
  userId: string;
}

let inMemory: KeptKey | null = null;
const listeners = new Set<() => void>();

/** Calls `listener` whenever the kept key changes (unlocked after login, forgotten at logout); answers the unsubscribe. */
export function onKeyChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const changed = () => listeners.forEach((listener) => listener());

function open(): Promise<IDBDatabase> | null {
  if (typeof indexedDB === 'undefined') return null;
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  const opening = open();
  if (!opening) return undefined;
  const db = await opening;
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

export async function keepKey(userId: string, key: UnlockedKey): Promise<void> {
  inMemory = { userId, ...key };
  changed();
  try {
    await run('readwrite', (store) => store.put(inMemory, 'current'));
  } catch {
    // Private mode or a full disk: the key stays in memory for this tab.
  }
}

/** The unlocked key of `userId`, or null (another user's or none). */
export async function keptKey(userId: string): Promise<UnlockedKey | null> {
  if (inMemory?.userId === userId) return inMemory;
  try {
    const stored =
      (await run<KeptKey | undefined>(
        'readonly',
        (store) => store.get('current') as IDBRequest<KeptKey | undefined>,
      )) ?? null;
    // Kept while this read waited (the unlock at login finished): that key is the newer truth.
    if (inMemory?.userId === userId) return inMemory;
    if (stored?.userId !== userId) return null;
    inMemory = stored;
    return stored;
  } catch {
    return inMemory?.userId === userId ? inMemory : null;
  }
}

export async function forgetKey(): Promise<void> {
  inMemory = null;
  changed();
  try {
    await run('readwrite', (store) => store.delete('current'));
  } catch {
    // Nothing kept.
  }
}
