import { utf8Bytes } from './projectLimits';

describe('utf8Bytes', () => {
  // The expected counts are Node's `Buffer.byteLength(text, 'utf8')` (and a browser's TextEncoder).
  it.each([
    ['', 0],
    ['Dose setzen', 11],
    ['Müller & Söhne – Baustelle', 30],
    ['€ 12,50', 9],
    ['Werkzeug 🔧 und 👷🏽', 26],
    ['kaputt \ud800 hier', 15],
    ['\udc00', 3],
  ])('counts %j as %i bytes', (text, bytes) => {
    expect(utf8Bytes(text)).toBe(bytes);
  });
});
