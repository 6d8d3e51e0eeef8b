import { can, resolveRoute } from './access';

describe('resolveRoute', () => {
  it('sends a logged-out user to /login from everywhere but /login', () => {
    expect(resolveRoute(null, '/login')).toBe('/login');
    expect(resolveRoute(null, '/')).toBe('/login');
    expect(resolveRoute(null, '/project/abc')).toBe('/login');
    expect(resolveRoute(null, '/nowhere')).toBe('/login');
  });

  it('lets any logged-in user reach the user routes', () => {
    const monteur = { role: 'Monteur' as const };
    for (const path of [
      '/',
      '/project/1',
      '/templates',
      '/template/edit/new',
      '/messages',
      '/messages/7',
      '/search',
      '/profile',
    ]) {
      expect(resolveRoute(monteur, path)).toBe(path);
    }
  });

  it('keeps the management routes for Admin and Firmenleiter', () => {
    for (const path of ['/users', '/project-groups', '/archive', '/admin']) {
      expect(resolveRoute({ role: 'Firmenleiter' }, path)).toBe(path);
      expect(resolveRoute({ role: 'Admin' }, path)).toBe(path);
      expect(resolveRoute({ role: 'Projektleiter' }, path)).toBe('/');
    }
  });

  it('keeps the permission matrix for Admin only', () => {
    expect(resolveRoute({ role: 'Admin' }, '/admin/permissions')).toBe('/admin/permissions');
    expect(resolveRoute({ role: 'Firmenleiter' }, '/admin/permissions')).toBe('/');
  });

  it('sends logged-in users away from /login and unknown paths', () => {
    expect(resolveRoute({ role: 'Admin' }, '/login')).toBe('/');
    expect(resolveRoute({ role: 'Admin' }, '/does-not-exist')).toBe('/');
    expect(resolveRoute({ role: 'Admin' }, '/project/1/extra')).toBe('/');
  });
});

describe('can', () => {
  it('lets Admin do everything and others only what they hold', () => {
    expect(can({ id: '1', role: 'Admin', permissions: [] }, 'can_manage_users')).toBe(true);
    expect(can({ id: '2', role: 'Monteur', permissions: ['can_view_dashboard'] }, 'can_manage_users')).toBe(false);
    expect(can({ id: '2', role: 'Monteur', permissions: ['can_manage_users'] }, 'can_manage_users')).toBe(true);
  });
});
