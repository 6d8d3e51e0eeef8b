import { DEFAULT_ROLE_PERMISSIONS, ROLES } from '@werkboard/common';
import { CustomerType, RolePermission, User } from '../models';
import { TEST_ADMIN, testServer, type TestServer } from '../test/testServer';
import { seedDatabase } from './seed';

let t: TestServer;
beforeAll(async () => {
  t = await testServer();
});
afterAll(() => t.close());

describe('first-start data', () => {
  it('creates the role permissions, Allgemein and one Admin', async () => {
    const rows = await RolePermission.findAll();
    expect(rows.map((row) => row.role).sort()).toEqual([...ROLES].sort());
    expect((await RolePermission.findByPk('Monteur'))!.permissions).toEqual(DEFAULT_ROLE_PERMISSIONS.Monteur);
    expect((await CustomerType.findAll()).map((type) => type.name)).toEqual(['Allgemein']);
    const users = await User.findAll();
    expect(users.map((user) => [user.username, user.role])).toEqual([[TEST_ADMIN.username, 'Admin']]);
    expect(users[0]!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('changes nothing on a later start: edited permissions stay, no second Admin, no password shown', async () => {
    await RolePermission.update({ permissions: ['can_view_dashboard'] }, { where: { role: 'Projektleiter' } });
    const result = await seedDatabase({ adminUsername: 'jemand', adminPassword: null });
    expect(result).toEqual({ generatedAdminPassword: null, adminCreated: false });
    expect((await RolePermission.findByPk('Projektleiter'))!.permissions).toEqual(['can_view_dashboard']);
    expect(await User.count()).toBe(1);
    expect(await CustomerType.count()).toBe(1);
  });

  it('ignores a weak ADMIN_PASSWORD left in the environment once an Admin exists (an update keeps starting)', async () => {
    const result = await seedDatabase({ adminUsername: 'admin', adminPassword: 'geheim' });
    expect(result).toEqual({ generatedAdminPassword: null, adminCreated: false });
  });

  it('refuses a weak ADMIN_PASSWORD for the first Admin with the German reason, and creates no account (issue 13, finding 7)', async () => {
    await User.destroy({ where: {} });
    for (const weak of ['geheim', 'password', '12345678'])
      await expect(seedDatabase({ adminUsername: 'chefin', adminPassword: weak })).rejects.toThrow(
        'ADMIN_PASSWORD ist zu schwach: mindestens 8 Zeichen, kein verbreitetes Passwort (wie "passwort" oder "12345678") und nicht nur naheliegende Wörter (wie "Werkboard2026" oder der Benutzername).',
      );
    expect(await User.count()).toBe(0);
    const created = await seedDatabase({ adminUsername: 'chefin', adminPassword: 'Werkbank-Sued-4' });
    expect(created).toEqual({ generatedAdminPassword: null, adminCreated: true });
  });
});
