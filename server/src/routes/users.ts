import {
  canManageUsers,
  canSeeProfileDetails,
  changePasswordSchema,
  type ChangePasswordResponse,
  de,
  DEFAULT_ROLE,
  type MessageResponse,
  type UserDirectoryEntryDto,
  profileUpdateSchema,
  userCreateDenial,
  userCreateSchema,
  userDeleteDenial,
  userUpdateDenial,
  userUpdateSchema,
  validate,
} from '@werkboard/common';
import { col, fn } from 'sequelize';
import { verifyPassword } from '../auth/passwords';
import { issueSessionToken } from '../auth/session';
import { ApiError, authorize, notFound, validOrThrow } from '../errors';
import { LoginRateLimit } from '../middleware/loginRateLimit';
import { requireDatabase } from '../middleware/requireDatabase';
import { User } from '../models';
import { presentCurrentUser, presentManagedUser, presentProfile } from '../presenters/user';
import { currentLicenseType } from '../services/license';
import { changePassword, createUser, updateProfile, updateUser } from '../services/users';
import type { AppRouter, AppRouterContext } from '../appTypes';
import { actorOf, idParam } from './context';

async function findUser(ctx: AppRouterContext): Promise<User> {
  const user = await User.findByPk(idParam(ctx.params.id, de.users.notFound));
  if (!user) throw notFound(de.users.notFound);
  return user;
}

/**
 * User management (Admin and Firmenleiter with can_manage_users; rank rules in
 * common/src/policies/users.ts), one's own profile and password, and other users' profiles.
 */
export function registerUserRoutes(router: AppRouter): void {
  const passwordAttempts = new LoginRateLimit();

  router.get('/users', async (ctx) => {
    authorize(canManageUsers(actorOf(ctx)), de.users.manageForbidden);
    const users = await User.findAll({ order: [[fn('lower', col('username')), 'ASC']] });
    ctx.body = users.map(presentManagedUser);
  });

  // Names and roles are visible to everyone signed in (spec section 6); contact details are not.
  router.get('/users/directory', async (ctx) => {
    const users = await User.findAll({
      attributes: ['id', 'username', 'role', 'usernameColor'],
      order: [[fn('lower', col('username')), 'ASC']],
    });
    const body: UserDirectoryEntryDto[] = users.map(({ id, username, role, usernameColor }) => ({
      id,
      username,
      role,
      usernameColor,
    }));
    ctx.body = body;
  });

  router.post('/users', async (ctx) => {
    const actor = actorOf(ctx);
    authorize(canManageUsers(actor), de.users.manageForbidden);
    const input = validOrThrow(validate(userCreateSchema, ctx.request.body));
    const denial = userCreateDenial(actor, input.role ?? DEFAULT_ROLE);
    authorize(denial === null, denial ?? undefined);
    const user = await createUser(requireDatabase(ctx).sequelize, input);
    ctx.services.logger.info({ userId: actor.id, createdUserId: user.id, role: user.role }, 'user created');
    ctx.status = 201;
    ctx.body = presentManagedUser(user);
  });

  // Registered before /users/:id so that 'profile' is never taken for an id.
  router.put('/users/profile', async (ctx) => {
    const { user, permissions } = ctx.state.actor!;
    const input = validOrThrow(validate(profileUpdateSchema, ctx.request.body));
    await updateProfile(user, input);
    ctx.body = presentCurrentUser(user, permissions, await currentLicenseType());
  });

  router.post('/users/change-password', async (ctx) => {
    const { user, permissions } = ctx.state.actor!;
    const input = validOrThrow(validate(changePasswordSchema, ctx.request.body));
    if (passwordAttempts.isBlocked(user.id)) throw new ApiError(429, de.password.tooManyAttempts, 'too_many_attempts');
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      passwordAttempts.recordFailure(user.id);
      // 400, not 401: the session is fine, only the typed password is wrong.
      throw new ApiError(400, de.password.currentWrong, 'validation', { currentPassword: de.password.currentWrong });
    }
    passwordAttempts.reset(user.id);
    await changePassword(user, input.newPassword);
    ctx.services.logger.info({ userId: user.id }, 'password changed');
    // The session goes on with the permissions it logged in with.
    const body: ChangePasswordResponse = {
      message: de.password.changed,
      token: issueSessionToken(ctx.services, user, permissions),
    };
    ctx.body = body;
  });

  router.get('/users/:id/profile', async (ctx) => {
    const user = await findUser(ctx);
    ctx.body = presentProfile(user, canSeeProfileDetails(actorOf(ctx), user));
  });

  router.put('/users/:id', async (ctx) => {
    const actor = actorOf(ctx);
    authorize(canManageUsers(actor), de.users.manageForbidden);
    const input = validOrThrow(validate(userUpdateSchema, ctx.request.body));
    const target = await findUser(ctx);
    const denial = userUpdateDenial(actor, target, input.role);
    authorize(denial === null, denial ?? undefined);
    const previousRole = target.role;
    await updateUser(target, input);
    ctx.services.logger.info(
      { userId: actor.id, updatedUserId: target.id, role: target.role, previousRole },
      'user updated',
    );
    ctx.body = presentManagedUser(target);
  });

  router.delete('/users/:id', async (ctx) => {
    const actor = actorOf(ctx);
    authorize(canManageUsers(actor), de.users.manageForbidden);
    const target = await findUser(ctx);
    const denial = userDeleteDenial(actor, target);
    authorize(denial === null, denial ?? undefined);
    // A deleted user's tokens find no user any more and get 401.
    await target.destroy();
    ctx.services.logger.info({ userId: actor.id, deletedUserId: target.id }, 'user deleted');
    const body: MessageResponse = { message: de.users.deleted };
    ctx.body = body;
  });
}
