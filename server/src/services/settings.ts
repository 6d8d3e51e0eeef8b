import {
  de,
  DEFAULT_PASSWORD_MIN_LENGTH,
  HIGHEST_PASSWORD_MIN_LENGTH,
  LOWEST_PASSWORD_MIN_LENGTH,
  mergeUserSettings,
  resolveUserSettings,
  SMTP_DEFAULTS,
  SMTP_ENCRYPTIONS,
  type SmtpEncryption,
  type SmtpSettingsPatch,
  type UserSettingsPatch,
} from '@werkboard/common';
import type { Transaction } from 'sequelize';
import { passwordProblem } from '../auth/passwordRule';
import { invalidField } from '../errors';
import { isSealedSecret, openSecret, sealSecret, type SealedSecret } from '../auth/secretBox';
import { ServerSetting, type User } from '../models';

const SMTP_KEY = 'smtp';

/** The server's SMTP settings as stored (server_settings 'smtp'): the password sealed. */
export interface StoredSmtp {
  host: string;
  port: number;
  username: string;
  encryption: SmtpEncryption;
  fromEmail: string;
  fromName: string;
  password: SealedSecret | null;
}

function asStoredSmtp(value: unknown): StoredSmtp {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const text = (key: keyof typeof SMTP_DEFAULTS, fallback: string) =>
    typeof stored[key] === 'string' ? stored[key] : fallback;
  const port = stored.port;
  const encryption = stored.encryption;
  return {
    host: text('host', SMTP_DEFAULTS.host),
    port: typeof port === 'number' && Number.isInteger(port) ? port : SMTP_DEFAULTS.port,
    username: text('username', SMTP_DEFAULTS.username),
    encryption: SMTP_ENCRYPTIONS.includes(encryption as SmtpEncryption)
      ? (encryption as SmtpEncryption)
      : SMTP_DEFAULTS.encryption,
    fromEmail: text('fromEmail', SMTP_DEFAULTS.fromEmail),
    fromName: text('fromName', SMTP_DEFAULTS.fromName),
    password: isSealedSecret(stored.password) ? stored.password : null,
  };
}

export async function readSmtp(transaction?: Transaction): Promise<StoredSmtp> {
  return asStoredSmtp((await ServerSetting.findByPk(SMTP_KEY, { transaction }))?.value);
}

/** The password, for the code that will send e-mail; null when none is set or it cannot be opened. */
export function smtpPassword(stored: StoredSmtp, masterSecret: string): string | null {
  return stored.password ? openSecret(stored.password, masterSecret) : null;
}

/** Applies a partial SMTP update. A blank or absent password keeps the stored one, null removes it. */
export async function writeSmtp(
  patch: SmtpSettingsPatch,
  masterSecret: string,
  transaction?: Transaction,
): Promise<StoredSmtp> {
  const current = await readSmtp(transaction);
  const { password, fromEmail, ...fields } = patch;
  const next: StoredSmtp = { ...current };
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
  }
  if (fromEmail !== undefined) next.fromEmail = fromEmail ?? '';
  if (password === null) next.password = null;
  else if (password !== undefined && password.trim() !== '') next.password = sealSecret(password, masterSecret);
  await ServerSetting.upsert({ key: SMTP_KEY, value: next }, { transaction });
  return next;
}

/**
 * Merges a partial settings update into the user's stored settings. The features switch
 * for direct messages is the user's own directMessagesEnabled field.
 */
export async function updateUserSettings(
  user: User,
  patch: UserSettingsPatch,
  transaction?: Transaction,
): Promise<User> {
  const settings = mergeUserSettings(resolveUserSettings(user.settings), patch);
  user.settings = settings;
  const directMessages = patch.features?.directMessagesEnabled;
  if (directMessages !== undefined) user.directMessagesEnabled = directMessages;
  // Display preferences are not a change of the account: "last modification" stays, unless
  // the user switched direct messages, which other users see.
  return user.save({ transaction, silent: directMessages === undefined });
}

const SECURITY_KEY = 'security';

/** The password minimum in force (server_settings 'security'): the Admin's setting, else 8. */
export async function passwordMinLength(transaction?: Transaction): Promise<number> {
  const stored = (await ServerSetting.findByPk(SECURITY_KEY, { transaction }))?.value as
    { passwordMinLength?: unknown } | undefined;
  const value = stored?.passwordMinLength;
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= LOWEST_PASSWORD_MIN_LENGTH &&
    value <= HIGHEST_PASSWORD_MIN_LENGTH
    ? value
    : DEFAULT_PASSWORD_MIN_LENGTH;
}

/** 'Zweiter Faktor für Admins erforderlich' (server_settings 'security'); off unless the Admin turned it on. */
export async function secondFactorRequiredForAdmins(transaction?: Transaction): Promise<boolean> {
  const stored = (await ServerSetting.findByPk(SECURITY_KEY, { transaction }))?.value as
    { secondFactorRequiredForAdmins?: unknown } | undefined;
  return stored?.secondFactorRequiredForAdmins === true;
}

export async function readSecuritySettings(
  transaction?: Transaction,
): Promise<{ minimum: number; secondFactorRequiredForAdmins: boolean }> {
  return {
    minimum: await passwordMinLength(transaction),
    secondFactorRequiredForAdmins: await secondFactorRequiredForAdmins(transaction),
  };
}

export async function writeSecondFactorRequiredForAdmins(required: boolean, transaction?: Transaction): Promise<void> {
  const current = (await ServerSetting.findByPk(SECURITY_KEY, { transaction }))?.value ?? {};
  await ServerSetting.upsert(
    { key: SECURITY_KEY, value: { ...current, secondFactorRequiredForAdmins: required } },
    { transaction },
  );
}

export async function writePasswordMinLength(minimum: number, transaction?: Transaction): Promise<void> {
  const current = (await ServerSetting.findByPk(SECURITY_KEY, { transaction }))?.value ?? {};
  await ServerSetting.upsert({ key: SECURITY_KEY, value: { ...current, passwordMinLength: minimum } }, { transaction });
}

/**
 * 400 on `field` when a new password breaks the rule in force (issue 13, finding 7): shorter
 * than the minimum (`tooShort` is the message of the form it came from), a common password, or
 * made only of context words (`auth/contextWords.ts`; `username` is the account's name).
 */
export async function requireAcceptablePassword(
  password: string,
  field: string,
  tooShort: (minimum: number) => string,
  username: string,
  transaction?: Transaction,
): Promise<void> {
  const contextTexts = [username, ...(await companyTexts(transaction))];
  const problem = passwordProblem(password, await passwordMinLength(transaction), contextTexts);
  if (problem?.kind === 'tooShort') throw invalidField(field, tooShort(problem.minimum));
  if (problem?.kind === 'tooCommon') throw invalidField(field, de.password.tooCommon);
  if (problem?.kind === 'contextWords') throw invalidField(field, de.password.contextWords);
}

/**
 * The company's name as the settings know it, for the context words (ASVS 6.2.11): the SMTP
 * sender name ('Müller Elektrotechnik GmbH') and the sender address's domain without its
 * ending ('mueller-elektro' of info@mueller-elektro.de). The product has no other field for it.
 */
async function companyTexts(transaction?: Transaction): Promise<string[]> {
  const smtp = await readSmtp(transaction);
  const domain = smtp.fromEmail.split('@')[1]?.split('.').slice(0, -1).join('.') ?? '';
  return [smtp.fromName, domain].filter((text) => text.trim() !== '');
}
