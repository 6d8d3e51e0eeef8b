import { isUuid } from '@werkboard/common';
import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export const TOKEN_ISSUER = 'werkboard';
export const TOKEN_AUDIENCE = 'werkboard-api';
export const TOKEN_ALGORITHM = 'HS256';

/**
 * What a login token says: who, which session (a row of `sessions`, ended by logout), which token version of that user it belongs to, and the
 * permissions the user's role had at login. A session keeps those permissions until the next
 * login (spec section 6: matrix changes take effect at the next login).
 */
export interface TokenClaims {
  sub: string;
  sid: string;
  ver: number;
  perms: string[];
  /**
   * A session of an Admin who must enrol a second factor first (the setting 'Zweiter Faktor für
   * Admins erforderlich'): such a token reaches only the enrolment routes.
   */
  enrol?: boolean;
}

/** The HMAC key of a secret, made once per secret (the same bytes jsonwebtoken would use for the string). */
const keys = new Map<string, KeyObject>();
export function tokenKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export function signToken(secret: string, claims: TokenClaims, ttlSeconds: number): string {
  const payload = { sid: claims.sid, ver: claims.ver, perms: claims.perms, ...(claims.enrol ? { enrol: true } : {}) };
  return jwt.sign(payload, tokenKey(secret), {
    algorithm: TOKEN_ALGORITHM,
    subject: claims.sub,
    expiresIn: ttlSeconds,
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
  });
}

/**
 * Whether verified claims are ours: a user id as subject, a session id, a token version, the permissions and
 * an expiry. A token signed without `exp` would never end, so it is refused like any other
 * foreign token (401), as is a subject that cannot be a user id (issue 13, finding 18).
 */
export function isTokenClaims(value: unknown): value is TokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const { sub, sid, ver, perms, exp } = value as Record<string, unknown>;
  return (
    isUuid(sub) &&
    isUuid(sid) &&
    typeof exp === 'number' &&
    Number.isInteger(ver) &&
    Array.isArray(perms) &&
    perms.every((perm) => typeof perm === 'string')
  );
}

/** The audience of a login's second-factor challenge: never accepted as an API token. */
export const CHALLENGE_AUDIENCE = 'werkboard-second-factor';
export const CHALLENGE_TTL_SECONDS = 5 * 60;

/** The challenge between password and code: names the user and their token version, 5 minutes. */
export function signChallenge(secret: string, userId: string, tokenVersion: number): string {
  return jwt.sign({ ver: tokenVersion }, tokenKey(secret), {
    algorithm: TOKEN_ALGORITHM,
    subject: userId,
    expiresIn: CHALLENGE_TTL_SECONDS,
    issuer: TOKEN_ISSUER,
    audience: CHALLENGE_AUDIENCE,
  });
}

/** The user id and token version of a valid challenge; null when it is forged, foreign or expired. */
export function verifyChallenge(secret: string, challenge: string): { userId: string; ver: number } | null {
  try {
    const claims = jwt.verify(challenge, tokenKey(secret), {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: CHALLENGE_AUDIENCE,
    }) as unknown;
    if (typeof claims !== 'object' || claims === null) return null;
    const { sub, ver } = claims as Record<string, unknown>;
    return isUuid(sub) && typeof ver === 'number' && Number.isInteger(ver) ? { userId: sub, ver } : null;
  } catch {
    return null;
  }
}
