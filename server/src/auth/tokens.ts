import jwt from 'jsonwebtoken';

export const TOKEN_ISSUER = 'werkboard';
export const TOKEN_AUDIENCE = 'werkboard-api';
export const TOKEN_ALGORITHM = 'HS256';

/**
 * What a login token says: who, which token version of that user it belongs to, and the
 * permissions the user's role had at login. A session keeps those permissions until the next
 * login (spec section 6: matrix changes take effect at the next login).
 */
export interface TokenClaims {
  sub: string;
  ver: number;
  perms: string[];
}

export function signToken(secret: string, claims: TokenClaims, ttlSeconds: number): string {
  return jwt.sign({ ver: claims.ver, perms: claims.perms }, secret, {
    algorithm: TOKEN_ALGORITHM,
    subject: claims.sub,
    expiresIn: ttlSeconds,
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
  });
}

export function isTokenClaims(value: unknown): value is TokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const { sub, ver, perms } = value as Record<string, unknown>;
  return (
    typeof sub === 'string' &&
    Number.isInteger(ver) &&
    Array.isArray(perms) &&
    perms.every((perm) => typeof perm === 'string')
  );
}
