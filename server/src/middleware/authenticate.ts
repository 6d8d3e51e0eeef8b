import koaJwt from 'koa-jwt';
import { de, effectivePermissions } from '@werkboard/common';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, isTokenClaims, tokenKey } from '../auth/tokens';
import { ApiError } from '../errors';
import { sessionCache } from '../auth/sessions';
import { AUTH_CACHE_SIZE } from '../auth/authCacheSize';
import { userCache } from '../auth/userCache';
import { VerifiedTokens } from '../auth/verifiedTokens';
import type { AppMiddleware } from '../appTypes';
import { requireDatabase } from './requireDatabase';

/** What a session that must enrol a second factor first may reach (tokens.ts, `enrol`). */
const ENROLMENT_PATHS = new Set([
  '/api/auth/me',
  '/api/auth/logout',
  '/api/auth/second-factor',
  '/api/auth/second-factor/confirm',
]);

const sessionInvalid = () => new ApiError(401, de.login.sessionExpired, 'session_invalid');

/**
 * Bearer authentication: koa-jwt checks signature (HS256 only), expiry, issuer and audience
 * (a token it passed is not verified again while unexpired: auth/verifiedTokens.ts); then the
 * user is loaded (from the user cache, auth/userCache.ts) and the token's version compared,
 * so a token issued before a password change, role change or deletion is refused with 401;
 * then the token's session must still be there (auth/sessions.ts: ended by logout, 'Abmelden'
 * per device or the Admin; asked through the session cache). The permissions are the ones the
 * token was issued with (fixed at login), never re-read from the role matrix: a matrix change
 * reaches a user at the next login. A role change raises the token version, so the token's
 * permissions always belong to the user's current role.
 */
export function authenticate(jwtSecret: string): AppMiddleware[] {
  const verifyToken = koaJwt({
    // A key object: given a string, jsonwebtoken first tries it as a public key, which throws
    // every time (540-620 µs per request against 13-16 µs; issue 17).
    secret: tokenKey(jwtSecret) as unknown as string,
    key: 'jwt',
    algorithms: [TOKEN_ALGORITHM],
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
  }) as unknown as AppMiddleware;

  const verified = new VerifiedTokens(AUTH_CACHE_SIZE);
  const verifyOnce: AppMiddleware = async (ctx, next) => {
    const header = ctx.get('Authorization');
    const claims = verified.claimsOf(header);
    if (claims !== undefined) {
      ctx.state.jwt = claims;
      await next();
      return;
    }
    await verifyToken(ctx, async () => {
      verified.remember(header, ctx.state.jwt);
      await next();
    });
  };

  const loadActor: AppMiddleware = async (ctx, next) => {
    requireDatabase(ctx);
    const claims = ctx.state.jwt;
    if (!isTokenClaims(claims)) throw sessionInvalid();
    const user = await userCache.load(claims.sub);
    if (!user || user.tokenVersion !== claims.ver) throw sessionInvalid();
    if (!(await sessionCache.isActive(claims.sid, user.id))) throw sessionInvalid();
    if (claims.enrol === true && !ENROLMENT_PATHS.has(ctx.path)) {
      throw new ApiError(403, de.secondFactor.enrolmentRequired, 'second_factor_setup_required');
    }
    ctx.state.user = user;
    ctx.state.sessionId = claims.sid;
    ctx.state.actor = {
      id: user.id,
      role: user.role,
      username: user.username,
      permissions: effectivePermissions(user.role, claims.perms),
    };
    await next();
  };

  return [verifyOnce, loadActor];
}
