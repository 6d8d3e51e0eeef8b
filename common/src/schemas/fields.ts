import { z } from 'zod';
import { de } from '../messages';

/** Building blocks of the request schemas: trimmed texts, optional contact fields, colours. */

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const emailCheck = z.email();

/** Absent stays absent (keep the stored value); '' and null clear it; text is trimmed. */
function emptyToNull(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value === null || value === '' ? null : value;
}

export function optionalText(label: string, max: number) {
  return z
    .string({ error: de.validation.textInvalid(label) })
    .trim()
    .max(max, { error: de.validation.tooLong(label, max) })
    .nullish()
    .transform(emptyToNull);
}

export function optionalEmail(message: string = de.validation.emailInvalid, max = 254) {
  return z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .refine((value) => value === '' || emailCheck.safeParse(value).success, { error: message })
    .nullish()
    .transform(emptyToNull);
}

/** Only http and https: a website link must never run script (javascript:, data:). */
const websiteCheck = z.url({ protocol: /^https?$/ });
export function isWebsiteUrl(value: string): boolean {
  return /^https?:\/\//i.test(value) && websiteCheck.safeParse(value).success;
}

export function optionalWebsite(max = 500) {
  return z
    .string({ error: de.validation.websiteInvalid })
    .trim()
    .max(max, { error: de.validation.tooLong('Die Website', max) })
    .refine((value) => value === '' || isWebsiteUrl(value), { error: de.validation.websiteInvalid })
    .nullish()
    .transform(emptyToNull);
}

export function hexColor(message: string) {
  return z.string({ error: message }).trim().regex(HEX_COLOR, { error: message });
}

export const booleanField = z.boolean({ error: de.validation.booleanInvalid });

/** A request body must be a JSON object; anything else gets the general German message. */
export const BODY_ERROR = { error: de.api.validationFailed } as const;
