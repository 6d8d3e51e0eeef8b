import { ROLES } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import { visiblePermissionLinks } from './navLinks';

describe('visiblePermissionLinks', () => {
  it('follows the default role permissions and the role-only routes', () => {
    const ids = Object.fromEntries(
      ROLES.map((role) => [role, visiblePermissionLinks(buildUser(role)).map((l) => l.id)]),
    );

    expect(ids).toEqual({
      Admin: ['templates', 'projectGroups', 'users', 'archive', 'admin'],
      Firmenleiter: ['templates', 'projectGroups', 'users', 'archive', 'admin'],
      Projektleiter: ['templates'],
      Monteur: [],
      Auszubildender: [],
      Helfer: [],
    });
  });

  it('gives the Admin every link even with an empty permission list', () => {
    expect(visiblePermissionLinks(buildUser('Admin', { permissions: [] }))).toHaveLength(5);
  });
});
