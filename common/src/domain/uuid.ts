/**
 * A random UUID v4 for client-generated ids. crypto.randomUUID exists only in secure
 * contexts, and phones reach a company server over plain http on the LAN, so this builds
 * the id from crypto.getRandomValues, which every context has.
 */
interface RandomSource {
  getRandomValues(array: Uint8Array): Uint8Array;
}

export function newId(): string {
  const bytes = new Uint8Array(16);
  (globalThis as unknown as { crypto: RandomSource }).crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The shape of a UUID (any version), as the server and the client check ids. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
