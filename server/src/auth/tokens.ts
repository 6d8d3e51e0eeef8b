import jwt from 'jsonwebtoken';

export const TOKEN_ISSUER = 'werkboard';
export const TOKEN_AUDIENCE = 'werkboard-api';
export const TOKEN_ALGORITHM = 'HS256';

/** What a login token says: who, and which token version of that user it belongs to. */
export interface TokenClaims {
  sub: string;
  ver: number;
}

export function signToken(secret: string, claims: TokenClaims, ttlSeconds: number): string {
  return jwt.sign({ ver: claims.ver }, secret, {
    algorithm: TOKEN_ALGORITHM,
    subject: claims.sub,
    expiresIn: ttlSeconds,
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
  });
}

export function isTokenClaims(value: unknown): value is TokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const { sub, ver } = value as Record<string, unknown>;
  return typeof sub === 'string' && Number.isInteger(ver);
}
