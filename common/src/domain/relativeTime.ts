import { overviewMessages } from '../messages/overview';

export type RelativeTimeUnit = 'justNow' | 'minutes' | 'hours' | 'days' | 'months' | 'years';

export interface RelativeTime {
  unit: RelativeTimeUnit;
  /** Whole units elapsed (0 for 'justNow'). */
  count: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Calendar-free approximations: a last-modified hint needs no exact month lengths. */
const DAYS_PER_MONTH = 30;
const DAYS_PER_YEAR = 365;

function toMillis(value: Date | string | number): number {
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
}

/**
 * How long ago `then` was at `now`, in the largest whole unit: under 60 s is 'justNow' (also a
 * time slightly in the future, from another device's clock), then minutes, hours, days, months
 * of 30 days (at most 11) and years of 365 days. Null for an unreadable time.
 */
export function relativeTimeOf(then: Date | string | number, now: Date | number): RelativeTime | null {
  const thenMs = toMillis(then);
  const nowMs = toMillis(now);
  if (!Number.isFinite(thenMs) || !Number.isFinite(nowMs)) return null;
  const elapsed = nowMs - thenMs;
  if (elapsed < MINUTE) return { unit: 'justNow', count: 0 };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  const days = Math.floor(elapsed / DAY);
  if (days < DAYS_PER_MONTH) return { unit: 'days', count: days };
  if (days < DAYS_PER_YEAR) return { unit: 'months', count: Math.min(11, Math.floor(days / DAYS_PER_MONTH)) };
  return { unit: 'years', count: Math.floor(days / DAYS_PER_YEAR) };
}

/** 'gerade eben', 'vor 1 Minute', 'vor 5 Stunden', 'vor 2 Jahren' …; null for an unreadable time. */
export function formatRelativeTime(then: Date | string | number, now: Date | number): string | null {
  const relative = relativeTimeOf(then, now);
  if (!relative) return null;
  const texts = overviewMessages.relativeTime;
  return relative.unit === 'justNow' ? texts.justNow : texts[relative.unit](relative.count);
}
