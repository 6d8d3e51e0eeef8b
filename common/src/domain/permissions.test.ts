import { DEFAULT_ROLE_PERMISSIONS, effectivePermissions, PERMISSION_KEYS } from './permissions';
import { ROLES } from './roles';

describe('permissions', () => {
  it('gives Admin every permission whatever is stored', () => {
    expect(effectivePermissions('Admin', [])).toEqual([...PERMISSION_KEYS]);
  });

  it('keeps only known keys for other roles, in matrix order', () => {
    expect(effectivePermissions('Monteur', ['can_view_archive', 'bogus', 'can_view_dashboard'])).toEqual([
      'can_view_dashboard',
      'can_view_archive',
    ]);
  });

  it('has defaults for every role, only the Admin may manage permissions', () => {
    for (const role of ROLES) expect(DEFAULT_ROLE_PERMISSIONS[role]).toBeDefined();
    const managers = ROLES.filter((role) => DEFAULT_ROLE_PERMISSIONS[role].includes('can_manage_permissions'));
    expect(managers).toEqual(['Admin']);
  });
});
