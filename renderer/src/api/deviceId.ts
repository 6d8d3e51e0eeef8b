/**
 * A stable id per browser or installation, sent as the X-Device-Id header. It lives under
 * its own localStorage key (not in the persisted auth state), so logging out keeps it.
 */
export const DEVICE_ID_STORAGE_KEY = 'werkboard-device-id';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function getOrCreateDeviceId(storage: KeyValueStorage | null, random: Crypto | null): string {
  const stored = readSafely(storage);
  if (stored) return stored;
  const id = newUuid(random);
  try {
    storage?.setItem(DEVICE_ID_STORAGE_KEY, id);
  } catch {
    // Storage full or blocked (private mode): the id then only lasts for this page load.
  }
  return id;
}

function readSafely(storage: KeyValueStorage | null): string | null {
  try {
    return storage?.getItem(DEVICE_ID_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** crypto.randomUUID exists only in secure contexts; a phone on http://192.168.x.y has none. */
export function newUuid(random: Crypto | null): string {
  if (random && typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = new Uint8Array(16);
  if (random) random.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  // RFC 4122 version 4 and variant bits.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
