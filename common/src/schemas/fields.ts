import { z } from 'zod';
import { HEX_COLOR } from '../domain/settings';
import { de } from '../messages';

/**
 * zod compiles object parsers with `new Function` where it may. In a browser the app's
 * Content Security Policy forbids that, so the JIT could never run there, and zod's probe for
 * it was reported as a CSP violation on every page (issue 13, finding 19). In the browser
 * zod runs without the JIT and without the probe; on the server (no CSP) it keeps the JIT.
 * Here, in the module every schema module imports first, so it runs before any schema is
 * built; a statement, not a side-effect import (common is marked free of side effects).
 */
if ('window' in globalThis) z.config({ jitless: true });

/** Building blocks of the request schemas: texts of a kind, optional contact fields, colours. */

/**
 * What a text field may hold (issue 13, finding 15). No field takes control characters
 * (PostgreSQL refuses a NUL byte, the others hide in the interface); tabs and line breaks only
 * a multi-line field (descriptions, notes, addresses); a name (of a person, project, customer
 * type, tag, group or file) no bidi overrides either, which turn the shown text around.
 */
export type TextKind = 'multiLine' | 'line' | 'name';

// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAKS_AND_TABS = /[\t\n\r\u2028\u2029]/;
const BIDI_OVERRIDES = /[\u202A-\u202E\u2066-\u2069]/;

/** The German message for what the text holds that its kind refuses, or null. */
export function textProblem(value: string, kind: TextKind): string | null {
  if (CONTROL_CHARACTERS.test(value)) return de.validation.controlCharacters;
  if (kind !== 'multiLine' && LINE_BREAKS_AND_TABS.test(value)) return de.validation.lineBreaks;
  if (kind === 'name' && BIDI_OVERRIDES.test(value)) return de.validation.bidiOverrides;
  return null;
}

/**
 * A string field of the kind, the start of every text field's schema: `error` answers a value
 * that is no string, textProblem's message a text the kind refuses (checked as sent, before
 * any trimming).
 */
export function textField(kind: TextKind, error: string) {
  return z.string({ error }).superRefine((value, context) => {
    const problem = textProblem(value, kind);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}

const emailCheck = z.email();

/** Absent stays absent (keep the stored value); '' and null clear it; text is trimmed. */
function emptyToNull(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value === null || value === '' ? null : value;
}

export function optionalText(label: string, max: number, kind: TextKind = 'line') {
  return textField(kind, de.validation.textInvalid(label))
    .trim()
    .max(max, { error: de.validation.tooLong(label, max) })
    .nullish()
    .transform(emptyToNull);
}

export function optionalEmail(message: string = de.validation.emailInvalid, max = 254) {
  return textField('line', message)
    .trim()
    .max(max, { error: message })
    .refine((value) => value === '' || emailCheck.safeParse(value).success, { error: message })
    .nullish()
    .transform(emptyToNull);
}

/** Only http and https: a website link must never run script (javascript:, data:). */
const websiteCheck = z.url({ protocol: /^https?$/ });
function isWebsiteUrl(value: string): boolean {
  return /^https?:\/\//i.test(value) && websiteCheck.safeParse(value).success;
}

export function optionalWebsite(max = 500) {
  return textField('line', de.validation.websiteInvalid)
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
