import {
  de,
  loginRequestSchema,
  secondFactorLoginSchema,
  type LoginResponse,
  type SecondFactorChallenge,
  type MessageResponse,
  type SessionDto,
  type SessionsEndedResponse,
} from '@werkboard/common';
import { deviceName } from '../auth/deviceName';
import { hasSecondFactor, verifySecondFactor } from '../auth/secondFactor';
import { signChallenge, verifyChallenge } from '../auth/tokens';
import type { AppRouterContext } from '../appTypes';
import type { Services } from '../serverState';
import { secondFactorRequiredForAdmins } from '../services/settings';
import { issueSessionToken } from '../auth/session';
import { endSession, endSessionsOf, listSessions, startSession, type StoredSession } from '../auth/sessions';
import { ApiError, notFound } from '../errors';
import type { ApiRoutes } from '../http/endpoint';
import { idParam } from '../http/params';
import type { LoginThrottle } from '../middleware/loginThrottle';
import { presentCurrentUser } from '../presenters/user';
import { currentLicenseType } from '../services/license';
import { permissionsForRole } from '../services/permissions';
import { checkLogin, findChallengedUser } from '../services/users';

const presentSession =
  (currentId: string) =>
  (session: StoredSession): SessionDto => ({
    id: session.id,
    device: session.device,
    ip: session.ip,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.id === currentId,
  });

/** A session for a user who passed every step of the login. */
type LoginUser = NonNullable<Awaited<ReturnType<typeof checkLogin>>>;

async function completeLogin(
  ctx: AppRouterContext,
  services: Services,
  user: LoginUser,
  enrol: boolean,
): Promise<LoginResponse> {
  // The role's permissions now; the session keeps them until the next login.
  const permissions = await permissionsForRole(user.role);
  const sessionId = await startSession(
    user.id,
    deviceName(ctx.get('User-Agent')),
    ctx.ip || null,
    services.config.tokenTtlSeconds,
  );
  services.logger.info({ userId: user.id, sessionId }, 'login');
  return {
    token: issueSessionToken(services, user, sessionId, permissions, { enrol }),
    user: presentCurrentUser(user, permissions, await currentLicenseType()),
    ...(enrol ? { secondFactorSetupRequired: true } : {}),
  };
}

/**
 * POST /api/auth/login (public), GET /api/auth/me, logout and the caller's own sessions
 * (issue 13, finding 5): every login is a row of `sessions` that its token names.
 */
export function registerAuthRoutes(api: ApiRoutes, throttle: LoginThrottle): void {
  api.publicPost('/auth/login', {
    needsDatabase: true,
    body: loginRequestSchema,
    handle: async ({ ctx, services, body: { username, password } }): Promise<LoginResponse | SecondFactorChallenge> => {
      throttle.check(ctx.ip, username);
      const user = await checkLogin(username, password);
      if (!user) {
        throttle.recordFailure(ctx.ip, username);
        services.logger.warn({ username, ip: ctx.ip }, 'login failed');
        throw new ApiError(401, de.login.invalidCredentials, 'invalid_credentials');
      }
      // With a second factor the password alone opens no session: a challenge for the code.
      if (await hasSecondFactor(user.id)) {
        services.logger.info({ userId: user.id }, 'login password accepted, second factor asked');
        return {
          secondFactor: 'totp',
          challenge: signChallenge(services.secrets.jwtSecret, user.id, user.tokenVersion),
        };
      }
      throttle.recordSuccess(ctx.ip, username);
      const enrol = user.role === 'Admin' && (await secondFactorRequiredForAdmins());
      return completeLogin(ctx, services, user, enrol);
    },
  });

  // The second step: the challenge of the first and a TOTP or recovery code. Wrong codes count
  // in the same per-account throttle as wrong passwords (same lock-out).
  api.publicPost('/auth/login/second-factor', {
    needsDatabase: true,
    body: secondFactorLoginSchema,
    handle: async ({ ctx, services, body: { challenge, code } }): Promise<LoginResponse> => {
      const claims = verifyChallenge(services.secrets.jwtSecret, challenge);
      const user = claims ? await findChallengedUser(claims.userId, claims.ver) : null;
      if (!user) {
        throw new ApiError(401, de.secondFactor.challengeExpired, 'challenge_invalid');
      }
      throttle.check(ctx.ip, user.username);
      if (!(await verifySecondFactor(user.id, code, services.secrets.jwtSecret))) {
        throttle.recordFailure(ctx.ip, user.username);
        services.logger.warn({ userId: user.id, ip: ctx.ip }, 'second factor failed');
        throw new ApiError(401, de.secondFactor.codeInvalid, 'second_factor_invalid');
      }
      throttle.recordSuccess(ctx.ip, user.username);
      return completeLogin(ctx, services, user, false);
    },
  });

  api.get('/auth/me', {
    handle: async ({ user, actor }) => presentCurrentUser(user, actor.permissions, await currentLicenseType()),
  });

  // Ends the session of the token that asks; the token gets 401 from the next request on.
  api.post('/auth/logout', {
    handle: async ({ actor, sessionId, services }): Promise<MessageResponse> => {
      await endSession(actor.id, sessionId);
      services.logger.info({ userId: actor.id, sessionId }, 'logout');
      return { message: de.sessions.loggedOut };
    },
  });

  api.get('/auth/sessions', {
    handle: ({ actor }) => listSessions(actor.id),
    present: (sessions, { sessionId }) => sessions.map(presentSession(sessionId)),
  });

  // 'Alle anderen abmelden'; registered before /auth/sessions/:id so that 'others' is no id.
  api.delete('/auth/sessions/others', {
    handle: async ({ actor, sessionId, services }): Promise<SessionsEndedResponse> => {
      const ended = await endSessionsOf(actor.id, { except: sessionId });
      services.logger.info({ userId: actor.id, ended }, 'other sessions ended');
      return { message: de.sessions.othersEnded(ended), ended };
    },
  });

  // 'Abmelden' at one device of the list: only one's own sessions (another's id is a 404).
  api.delete('/auth/sessions/:id', {
    handle: async ({ actor, params, services }): Promise<MessageResponse> => {
      const sessionId = idParam(params.id, de.sessions.notFound);
      if (!(await endSession(actor.id, sessionId))) throw notFound(de.sessions.notFound);
      services.logger.info({ userId: actor.id, sessionId }, 'session ended');
      return { message: de.sessions.ended };
    },
  });
}
