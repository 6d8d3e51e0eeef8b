/**
 * A minimal DER (ITU-T X.690) encoder: only the types an X.509 certificate needs. Node's
 * crypto makes keys and signatures but cannot write certificates, and the maintained
 * certificate packages pull in a global Reflect polyfill; this is small enough to own.
 */

function encodeLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One tag-length-value element. */
export function element(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), encodeLength(content.length), content]);
}

export const sequence = (...items: Buffer[]): Buffer => element(0x30, Buffer.concat(items));

/** A SET with one member (a SET OF several would have to be sorted; certificates here never need that). */
export const singletonSet = (item: Buffer): Buffer => element(0x31, item);

export const boolean = (value: boolean): Buffer => element(0x01, Buffer.from([value ? 0xff : 0x00]));

/** A non-negative INTEGER from its big-endian bytes (or a small number). */
export function integer(value: Buffer | number): Buffer {
  let bytes = typeof value === 'number' ? Buffer.from([value]) : value;
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  bytes = bytes.subarray(start);
  // A set high bit would read as negative: prefix a zero byte.
  if ((bytes[0] ?? 0) & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return element(0x02, bytes);
}

export const octetString = (bytes: Buffer): Buffer => element(0x04, bytes);

export const bitString = (bytes: Buffer, unusedBits = 0): Buffer =>
  element(0x03, Buffer.concat([Buffer.from([unusedBits]), bytes]));

/** A named-bit BIT STRING (KeyUsage): bit 0 is the most significant bit of the first byte. */
export function namedBits(bits: number[]): Buffer {
  const highest = Math.max(...bits);
  const bytes = Buffer.alloc(Math.floor(highest / 8) + 1);
  for (const bit of bits) {
    const index = Math.floor(bit / 8);
    bytes[index] = (bytes[index] ?? 0) | (0x80 >> (bit % 8));
  }
  return bitString(bytes, 7 - (highest % 8));
}

export function objectIdentifier(dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number);
  const [first = 0, second = 0, ...rest] = arcs;
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) {
      base128.unshift((value & 0x7f) | 0x80);
    }
    bytes.push(...base128);
  }
  return element(0x06, Buffer.from(bytes));
}

export const utf8String = (text: string): Buffer => element(0x0c, Buffer.from(text, 'utf8'));

/** UTCTime until 2049, GeneralizedTime from 2050 on (RFC 5280, 4.1.2.5). */
export function time(date: Date): Buffer {
  const iso = date.toISOString(); // 2026-11-23T19:29:25.123Z
  const digits = iso.slice(0, 19).replace(/[-T:]/g, ''); // 20261123192925
  return date.getUTCFullYear() < 2050
    ? element(0x17, Buffer.from(`${digits.slice(2)}Z`, 'ascii'))
    : element(0x18, Buffer.from(`${digits}Z`, 'ascii'));
}

/** [n] EXPLICIT: wraps a complete element. */
export const explicit = (tagNumber: number, content: Buffer): Buffer => element(0xa0 | tagNumber, content);

/** [n] IMPLICIT on a primitive type: replaces its tag, keeps its content bytes. */
export const implicitPrimitive = (tagNumber: number, content: Buffer): Buffer => element(0x80 | tagNumber, content);

/** [n] IMPLICIT on a SEQUENCE: the tag becomes a constructed context tag. */
export const implicitConstructed = (tagNumber: number, ...items: Buffer[]): Buffer =>
  element(0xa0 | tagNumber, Buffer.concat(items));

/** Where an element's content starts and how long it is. */
function header(bytes: Buffer, offset: number): { start: number; length: number } {
  const first = bytes[offset + 1] ?? 0;
  if (first < 0x80) return { start: offset + 2, length: first };
  const count = first & 0x7f;
  let length = 0;
  for (let i = 0; i < count; i += 1) length = length * 256 + (bytes[offset + 2 + i] ?? 0);
  return { start: offset + 2 + count, length };
}

/** The content bytes of one element. */
export function contentOf(bytes: Buffer): Buffer {
  const { start, length } = header(bytes, 0);
  return bytes.subarray(start, start + length);
}

/** The complete elements (tag, length and content) that follow each other in a content. */
export function children(content: Buffer): Buffer[] {
  const items: Buffer[] = [];
  for (let offset = 0; offset < content.length;) {
    const { start, length } = header(content, offset);
    items.push(content.subarray(offset, start + length));
    offset = start + length;
  }
  return items;
}
