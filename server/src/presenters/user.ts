import type {
  CurrentUserDto,
  ExternalUserDto,
  LicenseType,
  ManagedUserDto,
  PermissionKey,
  ProfileDto,
  UserDirectoryEntryDto,
  UserDto,
} from '@werkboard/common';
import type { ExternalUser, User } from '../models';
import { presentUserSettings } from './settings';

/** The user as the API shows it: never the password hash, the token version or settings internals. */
function presentUser(user: User, permissions: readonly PermissionKey[], licenseType: LicenseType): UserDto {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    permissions: [...permissions],
    licenseType,
    email: user.email ?? null,
    usernameColor: user.usernameColor,
    directMessagesEnabled: user.directMessagesEnabled,
    lastLogin: user.lastLogin ? user.lastLogin.toISOString() : null,
    lastModified: user.updatedAt.toISOString(),
  };
}

/** The signed-in user: also the own profile fields and the settings. */
export function presentCurrentUser(
  user: User,
  permissions: readonly PermissionKey[],
  licenseType: LicenseType,
): CurrentUserDto {
  return {
    ...presentUser(user, permissions, licenseType),
    phone: user.phone ?? null,
    privatePhone: user.privatePhone ?? null,
    address: user.address ?? null,
    website: user.website ?? null,
    otherInfo: user.otherInfo ?? null,
    avatar: user.avatar ?? null,
    profileVisibility: user.profileVisibility,
    settings: presentUserSettings(user),
  };
}

/** A row of the user management list; `loginLocked` from the login throttle (one server process). */
export function presentManagedUser(user: User, loginLocked: boolean): ManagedUserDto {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    email: user.email ?? null,
    phone: user.phone ?? null,
    privatePhone: user.privatePhone ?? null,
    address: user.address ?? null,
    website: user.website ?? null,
    otherInfo: user.otherInfo ?? null,
    usernameColor: user.usernameColor,
    directMessagesEnabled: user.directMessagesEnabled,
    profileVisibility: user.profileVisibility,
    lastLogin: user.lastLogin ? user.lastLogin.toISOString() : null,
    lastModified: user.updatedAt.toISOString(),
    loginLocked,
  };
}

/** Another user's profile: the details only when the owner's visibility lets the viewer see them. */
export function presentProfile(user: User, detailsVisible: boolean): ProfileDto {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    usernameColor: user.usernameColor,
    avatar: user.avatar ?? null,
    directMessagesEnabled: user.directMessagesEnabled,
    details: detailsVisible
      ? {
          email: user.email ?? null,
          phone: user.phone ?? null,
          privatePhone: user.privatePhone ?? null,
          address: user.address ?? null,
          website: user.website ?? null,
          otherInfo: user.otherInfo ?? null,
          lastLogin: user.lastLogin ? user.lastLogin.toISOString() : null,
          lastModified: user.updatedAt.toISOString(),
        }
      : null,
  };
}

/** A person to choose from (the directory every signed-in user reads): no contact details. */
export function presentDirectoryEntry({
  id,
  username,
  role,
  usernameColor,
  directMessagesEnabled,
}: User): UserDirectoryEntryDto {
  return { id, username, role, usernameColor, directMessagesEnabled };
}

export function presentExternalUser(externalUser: ExternalUser): ExternalUserDto {
  return { id: externalUser.id, name: externalUser.name };
}
