import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords (issue 13, finding 7): zxcvbn-ts's maintained list of about
 * 49,000 leaked passwords ('password', 'passwort', 'hallo123', 'schalke04', ...), compared
 * case-insensitively. Server-only, so the renderer's bundle does not carry it.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** What the rule says about a password: null when it may be used, else the reason. */
export type PasswordProblem = { kind: 'tooShort'; minimum: number } | { kind: 'tooCommon' } | null;

export function passwordProblem(password: string, minimum: number): PasswordProblem {
  if (password.trim() === '' || password.length < minimum) return { kind: 'tooShort', minimum };
  if (isCommonPassword(password)) return { kind: 'tooCommon' };
  return null;
}
