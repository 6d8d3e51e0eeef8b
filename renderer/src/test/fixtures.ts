import type { CurrentUserDto, ManagedUserDto, PermissionKey, Role } from '@werkboard/common';
import { DEFAULT_ROLE_PERMISSIONS, DEFAULT_USER_SETTINGS } from '@werkboard/common';

/** The signed-in user as login and GET /auth/me answer it. */
export function buildUser(role: Role, overrides: Partial<CurrentUserDto> = {}): CurrentUserDto {
  return {
    id: `user-${role.toLowerCase()}`,
    username: role.toLowerCase(),
    role,
    permissions: [...DEFAULT_ROLE_PERMISSIONS[role]],
    licenseType: 'Free',
    email: null,
    usernameColor: '#FFFFFF',
    directMessagesEnabled: true,
    lastLogin: null,
    lastModified: '2026-01-01T00:00:00.000Z',
    phone: null,
    privatePhone: null,
    address: null,
    website: null,
    otherInfo: null,
    avatar: null,
    profileVisibility: 'everyone',
    settings: DEFAULT_USER_SETTINGS,
    ...overrides,
  };
}

export function withPermissions(role: Role, permissions: PermissionKey[]): CurrentUserDto {
  return buildUser(role, { permissions });
}

/** A row of GET /api/users. */
export function buildManagedUser(role: Role, overrides: Partial<ManagedUserDto> = {}): ManagedUserDto {
  return {
    id: `user-${role.toLowerCase()}`,
    username: role.toLowerCase(),
    role,
    email: null,
    phone: null,
    privatePhone: null,
    address: null,
    website: null,
    otherInfo: null,
    usernameColor: '#FFFFFF',
    directMessagesEnabled: true,
    profileVisibility: 'everyone',
    lastLogin: null,
    lastModified: '2026-01-01T00:00:00.000Z',
    loginLocked: false,
    ...overrides,
  };
}
