import { PROJECT_LIMITS } from './projectLimits';

/**
 * What a user types into the board's forms, read without zod: decimals with a comma, hours,
 * quantities and calendar days. The request schemas (`schemas/projects.ts`) read the same fields
 * with these functions, so that the form and the server refuse the same input. Free of zod
 * (issue 19): the board and a card's dialog load and run neither zod nor the schemas, which
 * cost a phone 65-120 ms of its first screen (docs/performance.md, branch board19e).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

function isRealDay(value: string): boolean {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value.slice(0, 10);
}

/** 'YYYY-MM-DD' of a real calendar day. */
export function isIsoDay(value: string): boolean {
  return DAY.test(value) && isRealDay(value);
}

/** 'YYYY-MM-DDTHH:mm' with a real day and time. */
export function isIsoDayTime(value: string): boolean {
  if (!DAY_TIME.test(value) || !isRealDay(value)) return false;
  const [hours, minutes] = value.slice(11).split(':').map(Number);
  return hours! < 24 && minutes! < 60;
}

/** A number, or a German decimal text such as '1,5' (spec section 5: comma accepted). */
export function parseDecimal(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return Number.NaN;
  const normalised = value.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$|^-?\.\d+$/.test(normalised) ? Number(normalised) : Number.NaN;
}

/** A decimal > 0 and <= `limit`, rounded to `decimals`; null if it is none or rounds to 0. */
function positiveDecimal(value: unknown, limit: number, decimals: number): number | null {
  const number = parseDecimal(value);
  if (!Number.isFinite(number) || number <= 0 || number > limit) return null;
  const scale = 10 ** decimals;
  const rounded = Math.round(number * scale) / scale;
  return rounded > 0 ? rounded : null;
}

/** Hours of a time entry ('1,5', '2.25', 1.5): > 0, at most a day, two decimals; null if invalid. */
export function parseHoursInput(value: unknown): number | null {
  return positiveDecimal(value, PROJECT_LIMITS.hours, 2);
}

/** A material quantity ('0,5'): > 0, within the limit, three decimals; null if invalid. */
export function parseQuantityInput(value: unknown): number | null {
  return positiveDecimal(value, PROJECT_LIMITS.quantity, 3);
}
