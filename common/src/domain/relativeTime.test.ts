import { formatRelativeTime, relativeTimeOf } from './relativeTime';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const s = 1000;
const min = 60 * s;
const h = 60 * min;
const d = 24 * h;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'gerade eben'],
    [59 * s, 'gerade eben'],
    [60 * s, 'vor 1 Minute'],
    [119 * s, 'vor 1 Minute'],
    [2 * min, 'vor 2 Minuten'],
    [59 * min + 59 * s, 'vor 59 Minuten'],
    [h, 'vor 1 Stunde'],
    [5 * h + 30 * min, 'vor 5 Stunden'],
    [23 * h + 59 * min, 'vor 23 Stunden'],
    [d, 'vor 1 Tag'],
    [3 * d, 'vor 3 Tagen'],
    [29 * d, 'vor 29 Tagen'],
    [30 * d, 'vor 1 Monat'],
    [75 * d, 'vor 2 Monaten'],
    [364 * d, 'vor 11 Monaten'],
    [365 * d, 'vor 1 Jahr'],
    [3 * 365 * d + 10 * d, 'vor 3 Jahren'],
  ])('%i ms ago is %s', (elapsed, expected) => {
    expect(formatRelativeTime(ago(elapsed), NOW)).toBe(expected);
  });

  it("says 'gerade eben' for a time slightly in the future (another device's clock)", () => {
    expect(formatRelativeTime(new Date(NOW + 5 * min), NOW)).toBe('gerade eben');
  });

  it('takes Date, ISO text and milliseconds alike', () => {
    expect(formatRelativeTime(new Date(NOW - 2 * h), new Date(NOW))).toBe('vor 2 Stunden');
    expect(formatRelativeTime(NOW - 2 * h, NOW)).toBe('vor 2 Stunden');
  });

  it('gives null for an unreadable time', () => {
    expect(formatRelativeTime('kein Datum', NOW)).toBeNull();
    expect(relativeTimeOf('', NOW)).toBeNull();
  });
});

describe('relativeTimeOf', () => {
  it('names the largest whole unit', () => {
    expect(relativeTimeOf(ago(90 * min), NOW)).toEqual({ unit: 'hours', count: 1 });
    expect(relativeTimeOf(ago(30 * s), NOW)).toEqual({ unit: 'justNow', count: 0 });
  });
});
