import crypto from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { User } from '../models';
import { isSealedSecret, openSecret, sealSecret } from './secretBox';
import { matchingStep, newTotpSecret, otpauthUri } from './totp';

/**
 * The second factor of a user (issue 13; docs/decisions.md "Second factor"): a TOTP secret
 * sealed with the installation's key, pending until the first code confirms it, then ten
 * single-use recovery codes (120 random bits each, so a plain SHA-256 suffices: ASVS 6.5.2).
 * Every use is one conditional UPDATE, so two requests with the same code cannot both pass.
 */
const database = (): Sequelize => User.sequelize!;

export const RECOVERY_CODE_COUNT = 10;

interface Row {
  secret: unknown;
  confirmed: boolean;
  codesLeft: number;
}

async function readRow(userId: string, transaction?: Transaction): Promise<Row | null> {
  const rows = await database().query<Row>(
    `SELECT secret, confirmed_at IS NOT NULL AS confirmed, cardinality(recovery_codes) AS "codesLeft"
     FROM second_factors WHERE user_id = :userId`,
    { replacements: { userId }, type: QueryTypes.SELECT, transaction },
  );
  return rows[0] ?? null;
}

export interface SecondFactorState {
  enabled: boolean;
  pending: boolean;
  recoveryCodesLeft: number;
}

export async function secondFactorState(userId: string): Promise<SecondFactorState> {
  const row = await readRow(userId);
  return {
    enabled: row?.confirmed ?? false,
    pending: row !== null && !row.confirmed,
    recoveryCodesLeft: row?.confirmed ? Number(row.codesLeft) : 0,
  };
}

export async function hasSecondFactor(userId: string): Promise<boolean> {
  return (await readRow(userId))?.confirmed ?? false;
}

/** A new pending secret (replacing an earlier pending one); null when one is confirmed already. */
export async function startEnrolment(
  user: Pick<User, 'id' | 'username'>,
  masterSecret: string,
): Promise<{ secret: string; uri: string } | null> {
  const secret = newTotpSecret();
  const rows = await database().query<{ user_id: string }>(
    `INSERT INTO second_factors (user_id, secret) VALUES (:userId, CAST(:sealed AS jsonb))
     ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_used_step = NULL, recovery_codes = '{}',
       created_at = now()
       WHERE second_factors.confirmed_at IS NULL
     RETURNING user_id`,
    {
      replacements: { userId: user.id, sealed: JSON.stringify(sealSecret(secret, masterSecret)) },
      type: QueryTypes.SELECT,
    },
  );
  return rows.length > 0 ? { secret, uri: otpauthUri(user.username, secret) } : null;
}

const openRowSecret = (row: Row, masterSecret: string): string | null =>
  isSealedSecret(row.secret) ? openSecret(row.secret, masterSecret) : null;

const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const hashRecoveryCode = (code: string) =>
  crypto.createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');

/** 24 base32 characters (120 bits) in groups of four, e.g. 'K7QW-2MXD-PA4R-TZ6N-E3VB-7HJQ'. */
export function newRecoveryCode(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes = crypto.randomBytes(24);
  const chars = [...bytes].map((byte) => alphabet[byte & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/**
 * Confirms a pending enrolment with the first code; returns the recovery codes (shown once),
 * or null when nothing is pending or the code does not match.
 */
export async function confirmEnrolment(
  userId: string,
  code: string,
  masterSecret: string,
  now = Date.now(),
): Promise<string[] | null> {
  const row = await readRow(userId);
  if (!row || row.confirmed) return null;
  const secret = openRowSecret(row, masterSecret);
  const step = secret ? matchingStep(secret, code.replace(/\s/g, ''), now) : null;
  if (step === null) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const updated = await database().query<{ user_id: string }>(
    `UPDATE second_factors SET confirmed_at = now(), last_used_step = :step, recovery_codes = ARRAY[:hashes]::text[]
     WHERE user_id = :userId AND confirmed_at IS NULL RETURNING user_id`,
    { replacements: { userId, step, hashes: codes.map(hashRecoveryCode) }, type: QueryTypes.SELECT },
  );
  return updated.length > 0 ? codes : null;
}

/**
 * Whether the code passes for the user's confirmed factor: a 6-digit code of the window not
 * used before (its step is stored, so it and older ones are refused from then on), or one of
 * the recovery codes (removed by its use).
 */
export async function verifySecondFactor(
  userId: string,
  code: string,
  masterSecret: string,
  now = Date.now(),
): Promise<boolean> {
  const row = await readRow(userId);
  if (!row?.confirmed) return false;
  const compact = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(compact)) {
    const secret = openRowSecret(row, masterSecret);
    const step = secret ? matchingStep(secret, compact, now) : null;
    if (step === null) return false;
    const used = await database().query<{ user_id: string }>(
      `UPDATE second_factors SET last_used_step = :step
       WHERE user_id = :userId AND confirmed_at IS NOT NULL AND (last_used_step IS NULL OR last_used_step < :step)
       RETURNING user_id`,
      { replacements: { userId, step }, type: QueryTypes.SELECT },
    );
    return used.length > 0;
  }
  const hash = hashRecoveryCode(compact);
  const used = await database().query<{ user_id: string }>(
    `UPDATE second_factors SET recovery_codes = array_remove(recovery_codes, :hash)
     WHERE user_id = :userId AND confirmed_at IS NOT NULL AND :hash = ANY(recovery_codes) RETURNING user_id`,
    { replacements: { userId, hash }, type: QueryTypes.SELECT },
  );
  return used.length > 0;
}

/** Turns the second factor off (the user's own, or the Admin's reset); false when there was none. */
export async function removeSecondFactor(userId: string, transaction?: Transaction): Promise<boolean> {
  const removed = await database().query<{ user_id: string }>(
    'DELETE FROM second_factors WHERE user_id = :userId RETURNING user_id',
    { replacements: { userId }, type: QueryTypes.SELECT, transaction },
  );
  return removed.length > 0;
}
