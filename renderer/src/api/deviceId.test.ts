import { DEVICE_ID_STORAGE_KEY, getOrCreateDeviceId, newUuid } from './deviceId';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('device id', () => {
  it('is created once and then read back from its own storage key', () => {
    const first = getOrCreateDeviceId(window.localStorage, window.crypto);
    const second = getOrCreateDeviceId(window.localStorage, window.crypto);

    expect(first).toMatch(UUID_V4);
    expect(second).toBe(first);
    expect(window.localStorage.getItem(DEVICE_ID_STORAGE_KEY)).toBe(first);
  });

  it('makes a v4 UUID without crypto.randomUUID (plain-http origins have none)', () => {
    const getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint8Array) array.fill(0xff);
      return array;
    };
    const insecure = { getRandomValues } as unknown as Crypto;

    expect(newUuid(insecure)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('still returns an id when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(getOrCreateDeviceId(blocked, null)).toMatch(UUID_V4);
  });
});
