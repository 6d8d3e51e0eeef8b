import {
  canManageUsers,
  canSeeProfileDetails,
  changePasswordSchema,
  type ChangePasswordResponse,
  de,
  DEFAULT_ROLE,
  type MessageResponse,
  profileUpdateSchema,
  type SessionsEndedResponse,
  userCreateDenial,
  userCreateSchema,
  userDeleteDenial,
  userUpdateDenial,
  userUpdateSchema,
} from '@werkboard/common';
import { verifyPassword } from '../auth/passwords';
import { issueSessionToken } from '../auth/session';
import { removeSecondFactor } from '../auth/secondFactor';
import { endSessionsOf } from '../auth/sessions';
import { authorize, invalidField } from '../errors';
import type { ApiRoutes } from '../http/endpoint';
import { idParam } from '../http/params';
import { LoginRateLimit } from '../middleware/loginRateLimit';
import type { LoginThrottle } from '../middleware/loginThrottle';
import { presentCurrentUser, presentDirectoryEntry, presentManagedUser, presentProfile } from '../presenters/user';
import { currentLicenseType } from '../services/license';
import { dropMessageKey, requireCurrentKey, rewrapOwnKey } from '../services/messages';
import { requireAcceptablePassword } from '../services/settings';
import { requireRoomFor } from '../services/limits';
import {
  changePassword,
  createUser,
  deleteUser,
  findUser,
  listDirectory,
  listUsers,
  updateProfile,
  updateUser,
} from '../services/users';

const userId = (params: { id?: string }) => idParam(params.id, de.users.notFound);

/**
 * User management (Admin and Firmenleiter with can_manage_users; rank rules in common's user
 * policies), one's own profile and password, and other users' profiles.
 */
export function registerUserRoutes(api: ApiRoutes, loginThrottle: LoginThrottle): void {
  const passwordAttempts = new LoginRateLimit();
  const presentManaged = (user: Parameters<typeof presentManagedUser>[0]) =>
    presentManagedUser(user, loginThrottle.isLocked(user.username));

  api.get('/users', {
    authorize: ({ actor }) => authorize(canManageUsers(actor), de.users.manageForbidden),
    handle: () => listUsers(),
    present: (users) => users.map(presentManaged),
  });

  // Names and roles are visible to everyone signed in (spec section 6); contact details are not.
  api.get('/users/directory', {
    handle: () => listDirectory(),
    present: (users) => users.map(presentDirectoryEntry),
  });

  api.post('/users', {
    body: userCreateSchema,
    authorize: ({ actor, body }) => {
      authorize(canManageUsers(actor), de.users.manageForbidden);
      const denial = userCreateDenial(actor, body.role ?? DEFAULT_ROLE);
      authorize(denial === null, denial ?? undefined);
    },
    transaction: true,
    handle: async ({ sequelize, transaction, actor, body, services }) => {
      await requireAcceptablePassword(body.password, 'password', de.users.passwordTooShort, body.username, transaction);
      await requireRoomFor(sequelize, transaction, 'users');
      const user = await createUser(transaction, body);
      services.logger.info({ userId: actor.id, createdUserId: user.id, role: user.role }, 'user created');
      return user;
    },
    status: 201,
    present: presentManaged,
  });

  // Registered before /users/:id so that 'profile' is never taken for an id.
  api.put('/users/profile', {
    body: profileUpdateSchema,
    handle: async ({ user, body }) => ({
      user: await updateProfile(user, body),
      licenseType: await currentLicenseType(),
    }),
    present: ({ user, licenseType }, { actor }) => presentCurrentUser(user, actor.permissions, licenseType),
  });

  api.post('/users/change-password', {
    body: changePasswordSchema,
    handle: async ({ sequelize, user, actor, sessionId, body, services }): Promise<ChangePasswordResponse> => {
      await requireAcceptablePassword(body.newPassword, 'newPassword', de.password.tooShort, user.username);
      passwordAttempts.check(user.id, de.password.tooManyAttempts);
      if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
        passwordAttempts.recordFailure(user.id);
        // 400, not 401: the session is fine, only the typed password is wrong.
        throw invalidField('currentPassword', de.password.currentWrong);
      }
      passwordAttempts.reset(user.id);
      if (body.messageKey) await requireCurrentKey(sequelize, user.id, body.messageKey.keyId);
      await changePassword(user, body.newPassword, sessionId);
      if (body.messageKey) await rewrapOwnKey(sequelize, user.id, body.messageKey);
      services.logger.info({ userId: user.id }, 'password changed');
      // This session goes on with the permissions it logged in with; the others have ended.
      return {
        message: de.password.changed,
        token: issueSessionToken(services, user, sessionId, actor.permissions),
      };
    },
  });

  api.get('/users/:id/profile', {
    load: ({ params }) => findUser(userId(params)),
    handle: ({ resource }) => resource,
    present: (user, { actor }) => presentProfile(user, canSeeProfileDetails(actor, user)),
  });

  api.put('/users/:id', {
    body: userUpdateSchema,
    load: ({ params }) => findUser(userId(params)),
    authorize: ({ actor, resource, body }) => {
      authorize(canManageUsers(actor), de.users.manageForbidden);
      const denial = userUpdateDenial(actor, resource, body.role, body.password);
      authorize(denial === null, denial ?? undefined);
    },
    handle: async ({ sequelize, actor, resource: target, body, services }) => {
      if (body.password !== undefined)
        await requireAcceptablePassword(body.password, 'password', de.users.passwordTooShort, body.username);
      const previousRole = target.role;
      await updateUser(target, body);
      // A reset by someone else: the old message key cannot be opened any more (docs/security.md).
      if (body.password !== undefined && target.id !== actor.id) await dropMessageKey(sequelize, target.id);
      services.logger.info(
        { userId: actor.id, updatedUserId: target.id, role: target.role, previousRole },
        'user updated',
      );
      return target;
    },
    present: presentManaged,
  });

  // Lifting a lock-out after too many failed logins (issue 13, finding 8): who may edit the user.
  api.delete('/users/:id/lockout', {
    load: ({ params }) => findUser(userId(params)),
    authorize: ({ actor, resource }) => {
      authorize(canManageUsers(actor), de.users.manageForbidden);
      const denial = userUpdateDenial(actor, resource);
      authorize(denial === null, denial ?? undefined);
    },
    handle: ({ actor, resource: target, services }): MessageResponse => {
      const wasLocked = loginThrottle.isLocked(target.username);
      loginThrottle.unlock(target.username);
      services.logger.info({ userId: actor.id, unlockedUserId: target.id, wasLocked }, 'login lock lifted');
      return { message: de.users.lockLifted };
    },
  });

  // 'Alle Sitzungen beenden' (issue 13, finding 5): who may edit the user, as for the lock-out.
  api.delete('/users/:id/sessions', {
    load: ({ params }) => findUser(userId(params)),
    authorize: ({ actor, resource }) => {
      authorize(canManageUsers(actor), de.users.manageForbidden);
      const denial = userUpdateDenial(actor, resource);
      authorize(denial === null, denial ?? undefined);
    },
    handle: async ({ actor, resource: target, services }): Promise<SessionsEndedResponse> => {
      const ended = await endSessionsOf(target.id);
      services.logger.info({ userId: actor.id, endedUserId: target.id, ended }, 'sessions of user ended');
      return { message: de.sessions.allEnded(ended), ended };
    },
  });

  // 'Zweiten Faktor zurücksetzen' (issue 13): who may edit the user; ends the user's sessions.
  api.delete('/users/:id/second-factor', {
    load: ({ params }) => findUser(userId(params)),
    authorize: ({ actor, resource }) => {
      authorize(canManageUsers(actor), de.users.manageForbidden);
      const denial = userUpdateDenial(actor, resource);
      authorize(denial === null, denial ?? undefined);
    },
    transaction: true,
    handle: async ({ actor, resource: target, services, transaction }): Promise<SessionsEndedResponse> => {
      const removed = await removeSecondFactor(target.id, transaction);
      const ended = await endSessionsOf(target.id, { transaction });
      services.logger.info({ userId: actor.id, resetUserId: target.id, removed, ended }, 'second factor reset');
      return { message: de.secondFactor.resetDone, ended };
    },
  });

  api.delete('/users/:id', {
    load: ({ params }) => findUser(userId(params)),
    authorize: ({ actor, resource }) => {
      authorize(canManageUsers(actor), de.users.manageForbidden);
      const denial = userDeleteDenial(actor, resource);
      authorize(denial === null, denial ?? undefined);
    },
    handle: async ({ actor, resource: target, services }): Promise<MessageResponse> => {
      // A deleted user's tokens find no user and no session any more and get 401.
      await deleteUser(target);
      services.logger.info({ userId: actor.id, deletedUserId: target.id }, 'user deleted');
      return { message: de.users.deleted };
    },
  });
}
