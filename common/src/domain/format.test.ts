import { formatBytes, formatDay } from './format';

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

describe('formatDay', () => {
  const intl = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

  it.each([
    ['2026-03-02', '02.03.2026'],
    ['2026-12-31T23:30:00.000Z', '31.12.2026'],
    ['2024-02-29', '29.02.2024'],
  ])('%s reads %s', (day, expected) => {
    expect(formatDay(day)).toBe(expected);
  });

  it('reads every day of two years as Intl does', () => {
    for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2027, 0, 1); time += 86_400_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      expect(formatDay(day)).toBe(intl.format(new Date(time)));
    }
  });

  it('leaves unreadable values as they are and odd ones to Intl', () => {
    expect(formatDay('gestern')).toBe('gestern');
    expect(formatDay('2026-13-01')).toBe('2026-13-01');
    // Not a real day: whatever Intl makes of it, as before.
    expect(formatDay('2026-02-30')).toBe(
      Number.isNaN(Date.parse('2026-02-30T00:00:00Z')) ? '2026-02-30' : intl.format(new Date('2026-02-30T00:00:00Z')),
    );
    expect(formatDay('0999-05-01')).toBe(intl.format(new Date('0999-05-01T00:00:00Z')));
  });
});
