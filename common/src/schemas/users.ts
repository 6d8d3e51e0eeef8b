import { z } from 'zod';
import { FIELD_LIMITS, PROFILE_VISIBILITIES } from '../domain/constants';
import { rewrappedKeySchema } from './messages';
import { de } from '../messages';
import { normalizeRole, ROLES } from '../domain/roles';
import { BODY_ERROR, booleanField, hexColor, optionalEmail, optionalText, optionalWebsite, textField } from './fields';

const f = de.users.fields;

/** A role by name; the apprentice role is accepted in both spellings of the spec. */
const roleSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (normalizeRole(value.trim()) ?? value) : value),
  z.enum(ROLES, { error: de.users.roleInvalid }),
);

const username = textField('name', de.users.usernameRequired)
  .trim()
  .min(1, { error: de.users.usernameRequired })
  .max(FIELD_LIMITS.username, { error: de.validation.tooLong(f.username, FIELD_LIMITS.username) });

/** Contact fields of the user form and the profile: optional, trimmed, '' or null clears. */
const contactFields = {
  email: optionalEmail(de.validation.emailInvalid, FIELD_LIMITS.email),
  phone: optionalText(f.phone, FIELD_LIMITS.phone),
  privatePhone: optionalText(f.privatePhone, FIELD_LIMITS.phone),
  address: optionalText(f.address, FIELD_LIMITS.address, 'multiLine'),
  website: optionalWebsite(FIELD_LIMITS.website),
  otherInfo: optionalText(f.otherInfo, FIELD_LIMITS.otherInfo, 'multiLine'),
};

const userFormFields = {
  username,
  ...contactFields,
  role: roleSchema.optional(),
  directMessagesEnabled: booleanField.optional(),
};

const isBlank = (value: string) => value.trim() === '';

/**
 * POST /api/users: a new user. The password is kept exactly as typed (never trimmed, so
 * what the user types at login matches); a blank one counts as missing. Its length and
 * whether it is a common password are the server's rule (the minimum is a setting), not the
 * schema's. Role defaults to Monteur (spec section 6). Unknown fields are dropped.
 */
export const userCreateSchema = z.object(
  {
    ...userFormFields,
    password: textField('line', de.users.passwordRequired)
      .refine((value) => !isBlank(value), { error: de.users.passwordRequired })
      .refine((value) => value.length <= FIELD_LIMITS.password, {
        error: de.validation.tooLong(f.password, FIELD_LIMITS.password),
      }),
  },
  BODY_ERROR,
);
export type UserCreateRequest = z.infer<typeof userCreateSchema>;

/**
 * PUT /api/users/{id}: the user form again. Username is required as in the form; the other
 * fields keep their stored value when absent. A blank password keeps the old one.
 */
export const userUpdateSchema = z.object(
  {
    ...userFormFields,
    password: textField('line', de.validation.textInvalid(f.password))
      .refine((value) => value.length <= FIELD_LIMITS.password, {
        error: de.validation.tooLong(f.password, FIELD_LIMITS.password),
      })
      .nullish()
      .transform((value) => (value == null || isBlank(value) ? undefined : value)),
  },
  BODY_ERROR,
);
export type UserUpdateRequest = z.infer<typeof userUpdateSchema>;

const profileVisibilitySchema = z.enum(PROFILE_VISIBILITIES, { error: de.profile.visibilityInvalid });

/** PUT /api/users/profile: one's own profile. Absent fields keep their value; the avatar cannot change. */
export const profileUpdateSchema = z.object(
  {
    usernameColor: hexColor(de.profile.usernameColorInvalid).optional(),
    ...contactFields,
    profileVisibility: profileVisibilitySchema.optional(),
  },
  BODY_ERROR,
);
export type ProfileUpdateRequest = z.infer<typeof profileUpdateSchema>;

/** POST /api/users/change-password. The new password's length and commonness: the server's rule. */
export const changePasswordSchema = z.object(
  {
    currentPassword: textField('line', de.password.currentRequired)
      .min(1, { error: de.password.currentRequired })
      .max(FIELD_LIMITS.password, { error: de.password.currentWrong }),
    newPassword: textField('line', de.password.newRequired).refine((value) => value.length <= FIELD_LIMITS.password, {
      error: de.validation.tooLong('Das neue Passwort', FIELD_LIMITS.password),
    }),
    // The message key wrapped under the new password, so that old messages stay readable.
    messageKey: rewrappedKeySchema.optional(),
  },
  BODY_ERROR,
);
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

/** The profile page's password form: the request plus the confirmation (checked only in the form). */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: textField('line', de.password.mismatch) })
  .refine((value) => value.newPassword === value.confirmPassword, {
    error: de.password.mismatch,
    path: ['confirmPassword'],
  });

/** POST /api/external-users and PUT /api/external-users/{id}. */
export const externalUserSchema = z.object(
  {
    name: textField('name', de.externalUsers.nameRequired)
      .trim()
      .min(1, { error: de.externalUsers.nameRequired })
      .max(FIELD_LIMITS.externalUserName, { error: de.externalUsers.nameTooLong }),
  },
  BODY_ERROR,
);
export type ExternalUserRequest = z.infer<typeof externalUserSchema>;
