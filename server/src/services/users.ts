import {
  de,
  DEFAULT_ROLE,
  type ProfileUpdateRequest,
  type UserCreateRequest,
  type UserUpdateRequest,
} from '@werkboard/common';
import { type Sequelize, type Transaction, Op, UniqueConstraintError, where, fn, col } from 'sequelize';
import { hashPassword } from '../auth/passwords';
import { ApiError } from '../errors';
import { User } from '../models';
import { createWithinLimit } from './limits';

const usernameTaken = () =>
  new ApiError(400, de.users.usernameTaken, 'validation', { username: de.users.usernameTaken });

/** Usernames are unique regardless of case (the database has the same unique index). */
async function assertUsernameFree(username: string, exceptId?: string, transaction?: Transaction): Promise<void> {
  const existing = await User.findOne({
    where: {
      [Op.and]: [
        where(fn('lower', col('username')), username.toLowerCase()),
        ...(exceptId ? [{ id: { [Op.ne]: exceptId } }] : []),
      ],
    },
    transaction,
  });
  if (existing) throw usernameTaken();
}

/** Saves, turning a race on the unique username index into the same 400 as the check before. */
async function saveUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw usernameTaken();
    throw error;
  }
}

/** A new user, within the license's user limit. Only the form's fields are written. */
export async function createUser(sequelize: Sequelize, input: UserCreateRequest): Promise<User> {
  await assertUsernameFree(input.username);
  const passwordHash = await hashPassword(input.password);
  return saveUnique(() =>
    createWithinLimit(sequelize, 'users', (transaction) =>
      User.create(
        {
          username: input.username,
          passwordHash,
          role: input.role ?? DEFAULT_ROLE,
          email: input.email ?? null,
          phone: input.phone ?? null,
          privatePhone: input.privatePhone ?? null,
          address: input.address ?? null,
          website: input.website ?? null,
          otherInfo: input.otherInfo ?? null,
          directMessagesEnabled: input.directMessagesEnabled ?? true,
        },
        { transaction },
      ),
    ),
  );
}

const CONTACT_FIELDS = ['email', 'phone', 'privatePhone', 'address', 'website', 'otherInfo'] as const;

/**
 * Applies the user form to a user. A new role or a new password raises the token version,
 * so every session of that user ends (401) and the next login gets the new role's permissions.
 */
export async function updateUser(user: User, input: UserUpdateRequest): Promise<User> {
  if (input.username.toLowerCase() !== user.username.toLowerCase()) await assertUsernameFree(input.username, user.id);
  user.username = input.username;
  for (const field of CONTACT_FIELDS) if (input[field] !== undefined) user[field] = input[field];
  if (input.directMessagesEnabled !== undefined) user.directMessagesEnabled = input.directMessagesEnabled;
  let endSessions = false;
  if (input.role !== undefined && input.role !== user.role) {
    user.role = input.role;
    endSessions = true;
  }
  if (input.password !== undefined) {
    user.passwordHash = await hashPassword(input.password);
    endSessions = true;
  }
  if (endSessions) user.tokenVersion += 1;
  return saveUnique(() => user.save());
}

/** One's own profile: contact fields, colour and visibility; nothing else can change here. */
export async function updateProfile(user: User, input: ProfileUpdateRequest): Promise<User> {
  for (const field of CONTACT_FIELDS) if (input[field] !== undefined) user[field] = input[field];
  if (input.usernameColor !== undefined) user.usernameColor = input.usernameColor;
  if (input.profileVisibility !== undefined) user.profileVisibility = input.profileVisibility;
  return user.save();
}

/** A new password for oneself: the old sessions end, the caller gets a fresh token. */
export async function changePassword(user: User, newPassword: string): Promise<User> {
  user.passwordHash = await hashPassword(newPassword);
  user.tokenVersion += 1;
  return user.save();
}
