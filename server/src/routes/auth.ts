import { de, loginRequestSchema, type LoginResponse } from '@werkboard/common';
import { issueSessionToken } from '../auth/session';
import { ApiError } from '../errors';
import type { ApiRoutes } from '../http/endpoint';
import type { LoginThrottle } from '../middleware/loginThrottle';
import { presentCurrentUser } from '../presenters/user';
import { currentLicenseType } from '../services/license';
import { permissionsForRole } from '../services/permissions';
import { checkLogin } from '../services/users';

/** POST /api/auth/login (public) and GET /api/auth/me (signed in). */
export function registerAuthRoutes(api: ApiRoutes, throttle: LoginThrottle): void {
  api.publicPost('/auth/login', {
    needsDatabase: true,
    body: loginRequestSchema,
    handle: async ({ ctx, services, body: { username, password } }): Promise<LoginResponse> => {
      throttle.check(ctx.ip, username);
      const user = await checkLogin(username, password);
      if (!user) {
        throttle.recordFailure(ctx.ip, username);
        services.logger.warn({ username, ip: ctx.ip }, 'login failed');
        throw new ApiError(401, de.login.invalidCredentials, 'invalid_credentials');
      }
      throttle.recordSuccess(ctx.ip, username);
      // The role's permissions now; the session keeps them until the next login.
      const permissions = await permissionsForRole(user.role);
      services.logger.info({ userId: user.id }, 'login');
      return {
        token: issueSessionToken(services, user, permissions),
        user: presentCurrentUser(user, permissions, await currentLicenseType()),
      };
    },
  });

  api.get('/auth/me', {
    handle: async ({ user, actor }) => presentCurrentUser(user, actor.permissions, await currentLicenseType()),
  });
}
