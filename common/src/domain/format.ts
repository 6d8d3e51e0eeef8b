import { de } from '../messages';

const units = de.adminOverview.system.units;
const wholeNumber = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A size in bytes as the spec shows it (section 9): Bytes, KB, MB, GB or TB (steps of 1024),
 * two decimals above Bytes, German separators: '512 Bytes', '1,50 KB', '1.024,00 GB'.
 * Missing, negative or unreadable sizes read '0 Bytes'.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return `0 ${units[0]}`;
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${wholeNumber.format(value)} ${units[0]}` : `${twoDecimals.format(value)} ${units[unit]}`;
}

const dayFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

const ISO_DAY = /^([1-9]\d{3})-(\d{2})-(\d{2})/;

/** 'YYYY-MM-DD' → '02.03.2026' (de-DE); unreadable values are shown as they are. */
export function formatDay(day: string): string {
  // A valid day is rearranged directly: Intl's formatting shows in a large PDF report (thousands of dates).
  const parts = ISO_DAY.exec(day);
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (parts && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(parts[0]))
    return `${parts[3]}.${parts[2]}.${parts[1]}`;
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}
