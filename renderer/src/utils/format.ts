/**
 * Made on first use, not when the module loads: the first date-and-time format of a page
 * loads the browser's locale data (80-130 ms of a phone's start at 4x slower CPU, issue 19),
 * and most screens show none at first.
 */
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** A date and time in de-DE (spec section 9), or null for a missing or unreadable value. */
export function formatDateTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  dateTimeFormat ??= new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });
  return dateTimeFormat.format(date);
}

/**
 * A colour as <input type="color"> takes it (#rrggbb, lower case). Stored colours may be
 * #RGB or upper case; anything unreadable falls back.
 */
export function toColorInputValue(color: string | null | undefined, fallback = '#ffffff'): string {
  const value = (color ?? '').trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  if (/^#[0-9a-f]{3}$/.test(value)) return `#${[...value.slice(1)].map((c) => c + c).join('')}`;
  if (/^#[0-9a-f]{8}$/.test(value)) return value.slice(0, 7);
  return fallback;
}
