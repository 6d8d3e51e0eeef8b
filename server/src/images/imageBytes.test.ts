import { de, IMAGE_MAX_BYTES } from '@werkboard/common';
import { decodeDataUrl, sniffImageType } from './imageBytes';

const m = de.team.images;
const dataUrl = (bytes: Buffer, declared = 'image/png') => `data:${declared};base64,${bytes.toString('base64')}`;

describe('sniffImageType', () => {
  it.each([
    ['png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'image/png'],
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg'],
    ['gif87a', Buffer.from('GIF87a\x01\x00', 'latin1'), 'image/gif'],
    ['gif89a', Buffer.from('GIF89a\x01\x00', 'latin1'), 'image/gif'],
    ['webp', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), 'image/webp'],
  ])('knows %s by its signature', (_name, bytes, type) => {
    expect(sniffImageType(bytes)).toBe(type);
  });

  it.each([
    ['text', Buffer.from('hello, I am not a picture')],
    ['a PDF', Buffer.from('%PDF-1.7\n')],
    ['RIFF that is not WebP (a WAV file)', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['a truncated PNG signature', Buffer.from([0x89, 0x50, 0x4e])],
    ['nothing', Buffer.alloc(0)],
  ])('knows no type for %s', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeNull();
  });
});

describe('decodeDataUrl', () => {
  it('decodes base64 data whatever type the prefix declares', () => {
    const bytes = Buffer.from([1, 2, 3, 4, 5]);
    expect(decodeDataUrl(dataUrl(bytes, 'text/plain'))).toEqual(bytes);
  });

  it('accepts exactly 5 MB and refuses one byte more with the spec message', () => {
    expect(decodeDataUrl(dataUrl(Buffer.alloc(IMAGE_MAX_BYTES, 7))).length).toBe(IMAGE_MAX_BYTES);
    expect(() => decodeDataUrl(dataUrl(Buffer.alloc(IMAGE_MAX_BYTES + 1, 7)))).toThrow(m.tooLarge);
  });

  it.each([
    ['no data URL', 'iVBORw0KGgo='],
    ['not base64-encoded', 'data:image/png,%89PNG'],
    ['characters outside base64', 'data:image/png;base64,ab$d'],
    ['a broken length', 'data:image/png;base64,abcde'],
  ])('refuses %s as unreadable', (_name, value) => {
    expect(() => decodeDataUrl(value)).toThrow(m.unreadable);
  });

  it('refuses empty data', () => {
    expect(() => decodeDataUrl('data:image/png;base64,')).toThrow(m.dataRequired);
  });
});
