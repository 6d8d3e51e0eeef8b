import type { LicenseType, PermissionKey, UserDto } from '@werkboard/common';
import type { User } from '../models';

/** The user as the API shows it: never the password hash, the token version or settings internals. */
export function presentUser(user: User, permissions: PermissionKey[], licenseType: LicenseType): UserDto {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    permissions,
    licenseType,
    email: user.email ?? null,
    usernameColor: user.usernameColor,
    directMessagesEnabled: user.directMessagesEnabled,
    lastLogin: user.lastLogin ? user.lastLogin.toISOString() : null,
    lastModified: user.updatedAt.toISOString(),
  };
}
