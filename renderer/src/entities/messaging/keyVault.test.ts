import { IDBFactory } from 'fake-indexeddb';
import { forgetKey, keepKey, keptKey, onKeyChange } from './keyVault';
import type { UnlockedKey } from './messageCrypto';

const USER = '55555555-5555-4555-8555-555555555555';
const key = (keyId: string): UnlockedKey => ({
  keyId,
  publicKey: 'cHVibGlj',
  // A stand-in: the vault keeps what it is given and never looks inside.
  privateKey: { type: 'private' } as unknown as CryptoKey,
});

beforeEach(() => {
  Object.defineProperty(globalThis, 'indexedDB', { value: new IDBFactory(), configurable: true, writable: true });
});
afterEach(async () => {
  await forgetKey();
  Reflect.deleteProperty(globalThis, 'indexedDB');
});

describe('keyVault', () => {
  it('a read that began before the key was kept answers the kept key, not the empty store it saw', async () => {
    // The messages screen asks while the login is still unlocking; the unlock finishes meanwhile.
    const reading = keptKey(USER);
    await keepKey(USER, key('k1'));
    expect((await reading)?.keyId).toBe('k1');
  });

  it('keeps the key across a reload of the page (IndexedDB), for its user only', async () => {
    await keepKey(USER, key('k2'));
    // A new page: nothing in memory, the same database.
    jest.resetModules();
    const fresh = await import('./keyVault');
    expect((await fresh.keptKey(USER))?.keyId).toBe('k2');
    expect(await fresh.keptKey('66666666-6666-4666-8666-666666666666')).toBeNull();
  });

  it('forgets the key at logout and tells the listeners', async () => {
    const heard = jest.fn();
    const stop = onKeyChange(heard);
    await keepKey(USER, key('k3'));
    await forgetKey();
    stop();
    expect(heard).toHaveBeenCalledTimes(2);
    expect(await keptKey(USER)).toBeNull();
  });
});
