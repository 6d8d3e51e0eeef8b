import { ROLES } from '../domain/roles';
import { canRevokeSignoff } from './projects';

describe('canRevokeSignoff', () => {
  const project = { ownerId: 'owner', deputyOwnerId: 'deputy' };

  it('lets the Projektleiter and the Vertretung of the project revoke, whatever their role', () => {
    for (const role of ROLES) {
      expect(canRevokeSignoff({ id: 'owner', role }, project)).toBe(true);
      expect(canRevokeSignoff({ id: 'deputy', role }, project)).toBe(true);
    }
  });

  it('lets Admin and Firmenleiter revoke any sign-off, and nobody else', () => {
    const allowed = ROLES.filter((role) => canRevokeSignoff({ id: 'someone', role }, project));
    expect(allowed).toEqual(['Admin', 'Firmenleiter']);
    expect(canRevokeSignoff({ id: 'someone', role: 'Projektleiter' }, { ownerId: null, deputyOwnerId: null })).toBe(
      false,
    );
  });
});
