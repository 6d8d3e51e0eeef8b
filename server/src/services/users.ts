import {
  de,
  DEFAULT_ROLE,
  type ProfileUpdateRequest,
  type UserCreateRequest,
  type UserUpdateRequest,
} from '@werkboard/common';
import { type Transaction, Op, UniqueConstraintError, where, fn, col } from 'sequelize';
import { getDecoyHash, hashPassword, verifyPassword } from '../auth/passwords';
import { endSessionsOf, sessionCache } from '../auth/sessions';
import { invalidField, notFound } from '../errors';
import { User } from '../models';

const usernameTaken = () => invalidField('username', de.users.usernameTaken);

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

const byName = [[fn('lower', col('username')), 'ASC']] as [ReturnType<typeof fn>, string][];

/** Every user, by name (the user management list). */
export function listUsers(): Promise<User[]> {
  return User.findAll({ order: byName });
}

/** Every user's name, role and colour: the people to choose from (everyone signed in). */
export function listDirectory(): Promise<User[]> {
  return User.findAll({
    attributes: ['id', 'username', 'role', 'usernameColor', 'directMessagesEnabled'],
    order: byName,
  });
}

/** The user with this id; 404 when there is none. */
export async function findUser(id: string, transaction?: Transaction): Promise<User> {
  const user = await User.findByPk(id, { transaction });
  if (!user) throw notFound(de.users.notFound);
  return user;
}

/**
 * The user whose name (any case) and password match, with the time of this login noted; null
 * otherwise. An unknown name is checked against a decoy hash, so it takes as long as a wrong
 * password and does not reveal who exists.
 */
export async function checkLogin(username: string, password: string): Promise<User | null> {
  const user = await User.findOne({ where: where(fn('lower', col('username')), username.toLowerCase()) });
  const valid = await verifyPassword(user?.passwordHash ?? (await getDecoyHash()), password);
  if (!user || !valid) return null;
  user.lastLogin = new Date();
  // lastLogin is not a profile change: keep updatedAt ("last modification") as it is.
  await user.save({ silent: true });
  return user;
}

/** The user a login's second-factor challenge names, while still at the token version it was issued for. */
export async function findChallengedUser(id: string, tokenVersion: number): Promise<User | null> {
  const user = await User.findByPk(id);
  return user && user.tokenVersion === tokenVersion ? user : null;
}

/** A new user. Only the form's fields are written. */
export async function createUser(transaction: Transaction, input: UserCreateRequest): Promise<User> {
  await assertUsernameFree(input.username, undefined, transaction);
  const passwordHash = await hashPassword(input.password);
  return saveUnique(() =>
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
  );
}

const CONTACT_FIELDS = ['email', 'phone', 'privatePhone', 'address', 'website', 'otherInfo'] as const;

/**
 * Applies the user form to a user. A new role or a new password (the Admin's reset) raises the
 * token version and ends every session of that user (401), so the next login gets the new
 * role's permissions.
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
  const saved = await saveUnique(() => user.save());
  if (endSessions) await endSessionsOf(user.id);
  return saved;
}

/** One's own profile: contact fields, colour and visibility; nothing else can change here. */
export async function updateProfile(user: User, input: ProfileUpdateRequest): Promise<User> {
  for (const field of CONTACT_FIELDS) if (input[field] !== undefined) user[field] = input[field];
  if (input.usernameColor !== undefined) user.usernameColor = input.usernameColor;
  if (input.profileVisibility !== undefined) user.profileVisibility = input.profileVisibility;
  return user.save();
}

/**
 * A new password for oneself: every other session ends; the caller's own (`currentSessionId`)
 * goes on with a fresh token.
 */
export async function changePassword(user: User, newPassword: string, currentSessionId: string): Promise<User> {
  user.passwordHash = await hashPassword(newPassword);
  user.tokenVersion += 1;
  await user.save();
  await endSessionsOf(user.id, { except: currentSessionId });
  return user;
}

/** Deletes a user; the database deletes the sessions with it, the session cache forgets them. */
export async function deleteUser(user: User): Promise<void> {
  await user.destroy();
  sessionCache.forgetUser(user.id);
}

/** A user's name, or null when there is no such user. */
export async function usernameOf(id: string, transaction?: Transaction): Promise<string | null> {
  const user = await User.findByPk(id, { attributes: ['username'], transaction });
  return user?.username ?? null;
}
