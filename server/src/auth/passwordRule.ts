import { dictionary } from '@zxcvbn-ts/language-common';
import { isMadeOfContextWords } from './contextWords';

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
export type PasswordProblem =
  { kind: 'tooShort'; minimum: number } | { kind: 'tooCommon' } | { kind: 'contextWords' } | null;

/**
 * `contextTexts`: what else an attacker knows besides the fixed context words (the user's
 * name, the company's name from the settings; `contextWords.ts`).
 */
export function passwordProblem(
  password: string,
  minimum: number,
  contextTexts: readonly string[] = [],
): PasswordProblem {
  if (password.trim() === '' || password.length < minimum) return { kind: 'tooShort', minimum };
  if (isCommonPassword(password)) return { kind: 'tooCommon' };
  if (isMadeOfContextWords(password, contextTexts)) return { kind: 'contextWords' };
  return null;
}
