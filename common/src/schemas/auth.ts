import { z } from 'zod';
import { de } from '../messages';
import { textField } from './fields';

export const loginRequestSchema = z.object({
  username: textField('line', de.login.usernameRequired)
    .trim()
    .min(1, { error: de.login.usernameRequired })
    .max(100, { error: de.login.invalidCredentials }),
  password: textField('line', de.login.passwordRequired)
    .min(1, { error: de.login.passwordRequired })
    .max(1000, { error: de.login.invalidCredentials }),
});

export type LoginRequest = z.infer<typeof loginRequestSchema>;

const codeField = textField('line', de.secondFactor.codeRequired)
  .trim()
  .min(1, { error: de.secondFactor.codeRequired })
  .max(64, { error: de.secondFactor.codeInvalid });

/** POST /api/auth/login/second-factor: the challenge of the first step and a TOTP or recovery code. */
export const secondFactorLoginSchema = z.object({
  challenge: textField('line', de.secondFactor.challengeExpired)
    .min(1, { error: de.secondFactor.challengeExpired })
    .max(2000, { error: de.secondFactor.challengeExpired }),
  code: codeField,
});
export type SecondFactorLoginRequest = z.infer<typeof secondFactorLoginSchema>;

/** POST /api/auth/second-factor/confirm: the first code from the app. */
export const secondFactorConfirmSchema = z.object({ code: codeField });
export type SecondFactorConfirmRequest = z.infer<typeof secondFactorConfirmSchema>;

/** POST /api/auth/second-factor/disable: turning it off needs the password and a code. */
export const secondFactorDisableSchema = z.object({
  password: textField('line', de.login.passwordRequired)
    .min(1, { error: de.login.passwordRequired })
    .max(1000, { error: de.secondFactor.passwordWrong }),
  code: codeField,
});
export type SecondFactorDisableRequest = z.infer<typeof secondFactorDisableSchema>;
