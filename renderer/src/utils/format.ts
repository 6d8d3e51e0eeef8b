const dateTimeFormat = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

/** A date and time in de-DE (spec section 9), or null for a missing or unreadable value. */
export function formatDateTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateTimeFormat.format(date);
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
