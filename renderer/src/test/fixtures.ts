import type { PermissionKey, Role, UserDto } from '@werkboard/common';
import { DEFAULT_ROLE_PERMISSIONS } from '@werkboard/common';

export function buildUser(role: Role, overrides: Partial<UserDto> = {}): UserDto {
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
    ...overrides,
  };
}

export function withPermissions(role: Role, permissions: PermissionKey[]): UserDto {
  return buildUser(role, { permissions });
}
