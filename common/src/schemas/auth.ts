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
