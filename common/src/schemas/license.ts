import { z } from 'zod';
import { de } from '../messages';
import { BODY_ERROR, textField } from './fields';

const required = { error: de.license.activationRequired } as const;

/** POST /api/license/activate. The device id falls back to the X-Device-Id header on the server. */
export const licenseActivationSchema = z.object(
  {
    email: textField('line', required.error)
      .trim()
      .min(1, required)
      .refine((value) => value === '' || z.email().safeParse(value).success, { error: de.validation.emailInvalid }),
    licenseKey: textField('multiLine', required.error)
      .trim()
      .min(1, required)
      .max(4096, { error: de.license.invalidKey }),
    deviceId: textField('line', de.license.deviceIdRequired)
      .trim()
      .max(200, { error: de.license.deviceIdRequired })
      .optional(),
    force: z.boolean({ error: de.validation.booleanInvalid }).optional().default(false),
  },
  BODY_ERROR,
);
export type LicenseActivationRequest = z.input<typeof licenseActivationSchema>;
