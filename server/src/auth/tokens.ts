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
  return jwt.sign({ sid: claims.sid, ver: claims.ver, perms: claims.perms }, tokenKey(secret), {
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
