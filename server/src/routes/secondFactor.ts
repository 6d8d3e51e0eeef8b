import {
  de,
  secondFactorConfirmSchema,
  secondFactorDisableSchema,
  type MessageResponse,
  type SecondFactorConfirmedDto,
  type SecondFactorEnrolmentDto,
  type SecondFactorStatusDto,
} from '@werkboard/common';
import { verifyPassword } from '../auth/passwords';
import {
  confirmEnrolment,
  removeSecondFactor,
  secondFactorState,
  startEnrolment,
  verifySecondFactor,
} from '../auth/secondFactor';
import { isTokenClaims, signToken } from '../auth/tokens';
import { ApiError, authorize, invalidField } from '../errors';
import type { ApiRoutes } from '../http/endpoint';
import type { LoginThrottle } from '../middleware/loginThrottle';
import { secondFactorRequiredForAdmins } from '../services/settings';

const requiredOf = async (role: string) => role === 'Admin' && (await secondFactorRequiredForAdmins());

/**
 * The caller's own second factor (issue 13): state, enrolment (secret shown once, confirmed by
 * the first code, then the recovery codes shown once) and turning it off with password and
 * code. The secret is never answered again after enrolment, and neither it nor a code is logged.
 */
export function registerSecondFactorRoutes(api: ApiRoutes, throttle: LoginThrottle): void {
  api.get('/auth/second-factor', {
    handle: async ({ actor }): Promise<SecondFactorStatusDto> => ({
      ...(await secondFactorState(actor.id)),
      required: await requiredOf(actor.role),
    }),
  });

  api.post('/auth/second-factor', {
    handle: async ({ user, services }): Promise<SecondFactorEnrolmentDto> => {
      const enrolment = await startEnrolment(user, services.secrets.jwtSecret);
      if (!enrolment) throw new ApiError(409, de.secondFactor.alreadyEnabled, 'conflict');
      services.logger.info({ userId: user.id }, 'second factor enrolment started');
      return enrolment;
    },
  });

  api.post('/auth/second-factor/confirm', {
    body: secondFactorConfirmSchema,
    handle: async ({ ctx, user, actor, sessionId, body, services }): Promise<SecondFactorConfirmedDto> => {
      const state = await secondFactorState(user.id);
      if (state.enabled) throw new ApiError(409, de.secondFactor.alreadyEnabled, 'conflict');
      if (!state.pending) throw new ApiError(409, de.secondFactor.notPending, 'conflict');
      const recoveryCodes = await confirmEnrolment(user.id, body.code, services.secrets.jwtSecret);
      if (!recoveryCodes) throw invalidField('code', de.secondFactor.codeInvalid);
      services.logger.info({ userId: user.id }, 'second factor enabled');
      // A session that had to enrol first gets a token that reaches everything (same session).
      const claims: unknown = ctx.state.jwt;
      const token =
        isTokenClaims(claims) && claims.enrol === true
          ? signToken(
              services.secrets.jwtSecret,
              { sub: user.id, sid: sessionId, ver: user.tokenVersion, perms: [...actor.permissions] },
              services.config.tokenTtlSeconds,
            )
          : undefined;
      return { message: de.secondFactor.enabled, recoveryCodes, ...(token ? { token } : {}) };
    },
  });

  // Off with the password and a code (or a recovery code); wrong ones count in the login throttle.
  // POST, not DELETE: a body (password and code) is read on POST only.
  api.post('/auth/second-factor/disable', {
    body: secondFactorDisableSchema,
    handle: async ({ ctx, user, body, services }): Promise<MessageResponse> => {
      authorize(!(await requiredOf(user.role)), de.secondFactor.requiredCannotDisable);
      if (!(await secondFactorState(user.id)).enabled) throw new ApiError(409, de.secondFactor.notEnabled, 'conflict');
      throttle.check(ctx.ip, user.username);
      if (!(await verifyPassword(user.passwordHash, body.password))) {
        throttle.recordFailure(ctx.ip, user.username);
        throw invalidField('password', de.secondFactor.passwordWrong);
      }
      if (!(await verifySecondFactor(user.id, body.code, services.secrets.jwtSecret))) {
        throttle.recordFailure(ctx.ip, user.username);
        throw invalidField('code', de.secondFactor.codeInvalid);
      }
      await removeSecondFactor(user.id);
      services.logger.info({ userId: user.id }, 'second factor disabled');
      return { message: de.secondFactor.disabled };
    },
  });
}
