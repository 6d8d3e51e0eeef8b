import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_KEYS } from '../domain/permissions';
import { ROLES, type Role } from '../domain/roles';
import { canManageLicense, canManagePermissions, canManageSmtp, canReadServerLog, canViewSystemInfo } from './admin';

const actor = (role: Role, permissions = [...DEFAULT_ROLE_PERMISSIONS[role]]) => ({ id: role, role, permissions });

describe('admin policies', () => {
  it('keeps the matrix, SMTP, license and server log to the Admin, whatever the matrix grants', () => {
    for (const check of [canManagePermissions, canManageSmtp, canManageLicense, canReadServerLog]) {
      expect(ROLES.filter((role) => check(actor(role, [...PERMISSION_KEYS])))).toEqual(['Admin']);
    }
  });

  it('shows system information to Admin and Firmenleiter holding can_view_admin_dashboard', () => {
    expect(ROLES.filter((role) => canViewSystemInfo(actor(role)))).toEqual(['Admin', 'Firmenleiter']);
    expect(canViewSystemInfo(actor('Firmenleiter', []))).toBe(false);
    expect(canViewSystemInfo(actor('Projektleiter', ['can_view_admin_dashboard']))).toBe(false);
  });
});
