import { de } from '../messages';
import { DEFAULT_ROLE_PERMISSIONS, type PermissionKey } from '../domain/permissions';
import { ROLES, type Role } from '../domain/roles';
import type { Actor } from './access';
import {
  assignableRoles,
  canAssignRole,
  canManageUsers,
  canSeeProfileDetails,
  userCreateDenial,
  userDeleteDenial,
  userUpdateDenial,
} from './users';

const actor = (role: Role, permissions: PermissionKey[] = [...DEFAULT_ROLE_PERMISSIONS[role]], id = `id-${role}`) =>
  ({ id, role, permissions }) satisfies Actor;
const target = (role: Role, id = `target-${role}`) => ({ id, role });

describe('canManageUsers', () => {
  it('needs the permission and a management role together', () => {
    expect(canManageUsers(actor('Admin', []))).toBe(true);
    expect(canManageUsers(actor('Firmenleiter'))).toBe(true);
    expect(canManageUsers(actor('Firmenleiter', ['can_view_dashboard']))).toBe(false);
    expect(canManageUsers(actor('Projektleiter', ['can_manage_users']))).toBe(false);
    expect(canManageUsers(actor('Helfer', ['can_manage_users']))).toBe(false);
  });
});

describe('role assignment', () => {
  it('lets the Admin give every role and everybody else only roles below their own', () => {
    expect(assignableRoles({ role: 'Admin' })).toEqual([...ROLES]);
    expect(assignableRoles({ role: 'Firmenleiter' })).toEqual(['Projektleiter', 'Monteur', 'Auszubildender', 'Helfer']);
    expect(canAssignRole({ role: 'Firmenleiter' }, 'Firmenleiter')).toBe(false);
    expect(assignableRoles({ role: 'Helfer' })).toEqual([]);
  });

  it('refuses creating a user of one’s own rank or higher, with the reason', () => {
    expect(userCreateDenial(actor('Firmenleiter'), 'Monteur')).toBeNull();
    expect(userCreateDenial(actor('Firmenleiter'), 'Firmenleiter')).toBe(de.users.roleTooHigh);
    expect(userCreateDenial(actor('Firmenleiter'), 'Admin')).toBe(de.users.roleTooHigh);
    expect(userCreateDenial(actor('Admin'), 'Admin')).toBeNull();
    expect(userCreateDenial(actor('Monteur'), 'Helfer')).toBe(de.users.manageForbidden);
  });
});

describe('userUpdateDenial', () => {
  const boss = actor('Firmenleiter');

  it('allows editing users ranked lower, giving roles below one’s own', () => {
    expect(userUpdateDenial(boss, target('Monteur'))).toBeNull();
    expect(userUpdateDenial(boss, target('Monteur'), 'Projektleiter')).toBeNull();
    expect(userUpdateDenial(boss, target('Monteur'), 'Firmenleiter')).toBe(de.users.roleTooHigh);
  });

  it('refuses users of the same or a higher rank', () => {
    expect(userUpdateDenial(boss, target('Firmenleiter'))).toBe(de.users.rankTooLow);
    expect(userUpdateDenial(boss, target('Admin'))).toBe(de.users.rankTooLow);
    expect(userUpdateDenial(actor('Admin'), target('Admin'))).toBe(de.users.rankTooLow);
  });

  it('lets one edit one’s own account but never one’s own role', () => {
    const self = { id: boss.id, role: boss.role };
    expect(userUpdateDenial(boss, self)).toBeNull();
    expect(userUpdateDenial(boss, self, 'Firmenleiter')).toBeNull();
    expect(userUpdateDenial(boss, self, 'Monteur')).toBe(de.users.ownRole);
    // The own password changes only in the profile, with the current one (finding 9).
    expect(userUpdateDenial(boss, self, undefined, 'neues-Passwort-9')).toBe(de.users.ownPassword);
    expect(userUpdateDenial(boss, self, undefined, '  ')).toBeNull();
    expect(userUpdateDenial(boss, target('Monteur'), undefined, 'neues-Passwort-9')).toBeNull();
    const admin = actor('Admin');
    expect(userUpdateDenial(admin, { id: admin.id, role: 'Admin' }, 'Helfer')).toBe(de.users.ownRole);
  });

  it('refuses everyone without user management', () => {
    expect(userUpdateDenial(actor('Projektleiter', ['can_manage_users']), target('Helfer'))).toBe(
      de.users.manageForbidden,
    );
  });
});

describe('userDeleteDenial', () => {
  it('allows deleting lower ranks only, never oneself', () => {
    const admin = actor('Admin');
    expect(userDeleteDenial(admin, target('Firmenleiter'))).toBeNull();
    expect(userDeleteDenial(admin, { id: admin.id, role: 'Admin' })).toBe(de.users.ownAccount);
    expect(userDeleteDenial(admin, target('Admin'))).toBe(de.users.rankTooLow);
    expect(userDeleteDenial(actor('Firmenleiter'), target('Firmenleiter'))).toBe(de.users.rankTooLow);
    expect(userDeleteDenial(actor('Firmenleiter'), target('Helfer'))).toBeNull();
    expect(userDeleteDenial(actor('Monteur'), target('Helfer'))).toBe(de.users.manageForbidden);
  });
});

describe('canSeeProfileDetails', () => {
  const owner = (profileVisibility: string) => ({ id: 'owner', profileVisibility });
  // Viewers without can_manage_users, so only the visibility setting decides; the Admin
  // holds every permission and so always manages users.
  const viewer = (role: Role) => actor(role, ['can_view_dashboard']);
  const seenBy = (visibility: string) => ROLES.filter((role) => canSeeProfileDetails(viewer(role), owner(visibility)));

  it('follows each visibility value of the spec', () => {
    expect(seenBy('everyone')).toEqual([...ROLES]);
    expect(seenBy('admins_only')).toEqual(['Admin', 'Firmenleiter']);
    expect(seenBy('technicians_only')).toEqual(['Admin', 'Monteur']);
    expect(seenBy('admins_and_technicians')).toEqual(['Admin', 'Firmenleiter', 'Monteur']);
    expect(seenBy('admins_technicians_apprentices')).toEqual(['Admin', 'Firmenleiter', 'Monteur', 'Auszubildender']);
  });

  it('always shows the owner their own details and user managers everything', () => {
    expect(canSeeProfileDetails({ ...viewer('Helfer'), id: 'owner' }, owner('admins_only'))).toBe(true);
    expect(canSeeProfileDetails(actor('Firmenleiter'), owner('technicians_only'))).toBe(true);
  });

  it('shows nothing for an unknown stored value', () => {
    expect(canSeeProfileDetails(viewer('Monteur'), owner('bogus'))).toBe(false);
  });
});
