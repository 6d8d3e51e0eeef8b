import { formatBytes } from './format';

describe('formatBytes (spec section 9: Bytes/KB/MB/GB/TB, two decimals, de-DE)', () => {
  it.each([
    [512, '512 Bytes'],
    [1536, '1,50 KB'],
    [5 * 1024 * 1024, '5,00 MB'],
    [1024 ** 4 * 1024, '1.024,00 TB'],
  ])('%d bytes read %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });

  it.each([0, -1, Number.NaN])('%d reads 0 Bytes', (bytes) => {
    expect(formatBytes(bytes)).toBe('0 Bytes');
  });
});
