import { ROLES } from '@werkboard/common';
import { buildUser, withPermissions } from '../../test/fixtures';
import { createPolicy } from './policy';

const ref = (role: (typeof ROLES)[number], id = `other-${role}`) => ({ id, role });

describe('createPolicy (fed by common policies)', () => {
  it('lets a Firmenleiter edit and delete only users ranked below him, never himself', () => {
    const firmenleiter = buildUser('Firmenleiter');
    const policy = createPolicy(firmenleiter);

    expect(policy.canEditUser(ref('Monteur'))).toBe(true);
    expect(policy.canDeleteUser(ref('Helfer'))).toBe(true);
    expect(policy.canEditUser(ref('Firmenleiter'))).toBe(false);
    expect(policy.canDeleteUser(ref('Firmenleiter'))).toBe(false);
    expect(policy.canEditUser(ref('Admin'))).toBe(false);
    expect(policy.canDeleteUser(ref('Admin'))).toBe(false);
    expect(policy.canEditUser({ id: firmenleiter.id, role: 'Firmenleiter' })).toBe(false);
    expect(policy.canDeleteUser({ id: firmenleiter.id, role: 'Firmenleiter' })).toBe(false);
  });

  it('keeps another Admin out of reach even for an Admin', () => {
    const policy = createPolicy(buildUser('Admin'));

    expect(policy.canEditUser(ref('Firmenleiter'))).toBe(true);
    expect(policy.canEditUser(ref('Admin'))).toBe(false);
    expect(policy.canDeleteUser(ref('Admin'))).toBe(false);
  });

  it('offers a Firmenleiter only roles below his own, an Admin every role', () => {
    const firmenleiter = createPolicy(buildUser('Firmenleiter'));
    expect(ROLES.filter((role) => firmenleiter.canAssignRole(role))).toEqual([
      'Projektleiter',
      'Monteur',
      'Auszubildender',
      'Helfer',
    ]);
    const admin = createPolicy(buildUser('Admin'));
    expect(ROLES.filter((role) => admin.canAssignRole(role))).toEqual([...ROLES]);
  });

  it('needs can_manage_users for user actions, even for the right role', () => {
    const policy = createPolicy(withPermissions('Firmenleiter', ['can_view_dashboard']));

    expect(policy.canEditUser(ref('Monteur'))).toBe(false);
    expect(policy.canDeleteUser(ref('Monteur'))).toBe(false);
  });

  it('allows nothing without a signed-in user', () => {
    const policy = createPolicy(null);

    expect(policy.can('can_view_dashboard')).toBe(false);
    expect(policy.canEditUser(ref('Helfer'))).toBe(false);
    expect(policy.canAssignRole('Helfer')).toBe(false);
    expect(policy.allows(() => true)).toBe(false);
  });
});
