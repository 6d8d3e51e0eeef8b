import { DEFAULT_ROLE_PERMISSIONS, type PermissionKey } from '../domain/permissions';
import type { Role } from '../domain/roles';
import type { Actor } from './access';
import type { ProjectAccessFacts } from './projects';
import { canReassignProject } from './team';

const actor = (role: Role, extra: PermissionKey[] = []) =>
  ({ id: `id-${role}`, role, permissions: [...DEFAULT_ROLE_PERMISSIONS[role], ...extra] }) satisfies Actor;
const project = (facts: Partial<ProjectAccessFacts> = {}): ProjectAccessFacts => ({
  ownerId: 'someone',
  deputyOwnerId: null,
  memberIds: [],
  status: 'active',
  ...facts,
});

describe('canReassignProject (issue 13, finding 6)', () => {
  it('lets Admin and Firmenleiter reassign any active or completed project', () => {
    for (const role of ['Admin', 'Firmenleiter'] as const) {
      expect(canReassignProject(actor(role), project())).toBe(true);
      expect(canReassignProject(actor(role), project({ status: 'completed' }))).toBe(true);
      expect(canReassignProject(actor(role), project({ status: 'archived' }))).toBe(false);
    }
  });

  it('needs read access besides the permission for every other role', () => {
    const granted = actor('Projektleiter', ['can_reassign_projects']);
    expect(canReassignProject(granted, project())).toBe(false);
    expect(canReassignProject(granted, project({ memberIds: [granted.id] }))).toBe(true);
    expect(canReassignProject(granted, project({ deputyOwnerId: granted.id }))).toBe(true);
    expect(canReassignProject(actor('Projektleiter'), project({ memberIds: ['id-Projektleiter'] }))).toBe(false);
  });
});
