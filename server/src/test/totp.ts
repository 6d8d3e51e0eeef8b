import crypto from 'node:crypto';

/**
 * RFC 6238 written out again for the tests (SHA-1, 6 digits, 30 s), so that the API tests do
 * not check the server's TOTP with itself.
 */
export function totpCode(base32Secret: string, unixMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...base32Secret.toUpperCase()]
    .map((char) => alphabet.indexOf(char).toString(2).padStart(5, '0'))
    .join('');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixMs / 30_000)));
  const mac = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = mac[19]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
