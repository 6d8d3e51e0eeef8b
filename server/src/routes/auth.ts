import { de, loginRequestSchema, type LoginResponse, validate } from '@werkboard/common';
import { Sequelize } from 'sequelize';
import { getDecoyHash, verifyPassword } from '../auth/passwords';
import { issueSessionToken } from '../auth/session';
import { ApiError } from '../errors';
import { LoginRateLimit } from '../middleware/loginRateLimit';
import { requireDatabase } from '../middleware/requireDatabase';
import { User } from '../models';
import { presentCurrentUser } from '../presenters/user';
import { currentLicenseType } from '../services/license';
import { permissionsForRole } from '../services/permissions';
import type { AppMiddleware, AppRouter } from '../appTypes';

/** POST /api/auth/login (public) and GET /api/auth/me (signed in). */
export function registerAuthRoutes(publicRouter: AppRouter, protectedRouter: AppRouter): void {
  const rateLimit = new LoginRateLimit();

  publicRouter.post('/auth/login', async (ctx) => {
    requireDatabase(ctx);
    const input = validate(loginRequestSchema, ctx.request.body);
    if (!input.ok) throw new ApiError(400, input.message, 'validation', input.fields);
    const { username, password } = input.value;

    const limitKey = `${ctx.ip}|${username.toLowerCase()}`;
    if (rateLimit.isBlocked(limitKey)) throw new ApiError(429, de.login.tooManyAttempts, 'too_many_attempts');

    const user = await User.findOne({
      where: Sequelize.where(Sequelize.fn('lower', Sequelize.col('username')), username.toLowerCase()),
    });
    const valid = await verifyPassword(user?.passwordHash ?? (await getDecoyHash()), password);
    if (!user || !valid) {
      rateLimit.recordFailure(limitKey);
      ctx.services.logger.warn({ username, ip: ctx.ip }, 'login failed');
      throw new ApiError(401, de.login.invalidCredentials, 'invalid_credentials');
    }
    rateLimit.reset(limitKey);
    user.lastLogin = new Date();
    // lastLogin is not a profile change: keep updatedAt ("last modification") as it is.
    await user.save({ silent: true });

    // The role's permissions now; the session keeps them until the next login.
    const permissions = await permissionsForRole(user.role);
    const body: LoginResponse = {
      token: issueSessionToken(ctx.services, user, permissions),
      user: presentCurrentUser(user, permissions, await currentLicenseType()),
    };
    ctx.services.logger.info({ userId: user.id }, 'login');
    ctx.body = body;
  });

  const me: AppMiddleware = async (ctx) => {
    const { user, permissions } = ctx.state.actor!;
    ctx.body = presentCurrentUser(user, permissions, await currentLicenseType());
  };
  protectedRouter.get('/auth/me', me);
}
