import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ApiErrorBody, de, type StatsCounts, type SystemInfo } from '@werkboard/common';
import { readAppVersion } from '../paths';
import { RolePermission } from '../models';
import { readOsDistro } from '../services/systemInfo';
import { signedIn } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer } from '../test/testServer';

let t: TestServer;
let adminToken: string;

beforeAll(async () => {
  t = await testServer();
  adminToken = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
});
afterAll(() => t.close());

const api = <T = ApiErrorBody>(path: string, token?: string) => t.request<T>('GET', path, token ? { token } : {});

describe('GET /api/stats/counts', () => {
  it('gives every signed-in user the counts and the Free limits', async () => {
    const { token } = await signedIn(t, 'Helfer');
    const response = await api<StatsCounts>('/api/stats/counts', token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      // No projects or templates exist before the projects and templates issues.
      activeProjectCount: 0,
      templateCount: 1,
      userCount: 2,
      externalUserCount: 0,
      licenseType: 'Free',
      limits: { activeProjects: 10, templates: 10, users: 6, externalUsers: 10 },
    });
    expect((await api('/api/stats/counts')).status).toBe(401);
  });
});

describe('GET /api/system-info', () => {
  it('gives the Admin real figures of this machine and installation', async () => {
    const imagesDir = path.join(t.server.services.config.dataDir, 'images');
    const before = await api<SystemInfo>('/api/system-info', adminToken);
    expect(before.status).toBe(200);
    expect(before.body.appData.imagesSize).toBe(0);

    fs.mkdirSync(path.join(imagesDir, 'p1'), { recursive: true });
    fs.writeFileSync(path.join(imagesDir, 'p1', 'bild.png'), Buffer.alloc(4096));
    const response = await api<SystemInfo>('/api/system-info', adminToken);
    const info = response.body;
    expect(info.version).toBe(readAppVersion());
    expect(info.ram.total).toBe(os.totalmem());
    expect(info.ram.used).toBeGreaterThan(0);
    expect(info.ram.used).toBeLessThanOrEqual(info.ram.total);
    expect(info.disk.total).toBeGreaterThan(0);
    expect(info.disk.used).toBeGreaterThan(0);
    expect(info.disk.used).toBeLessThanOrEqual(info.disk.total);
    expect(info.os.distro).toBe(await readOsDistro());
    expect(info.appData.dbSize).toBeGreaterThan(1024 * 1024);
    expect(info.appData.imagesSize).toBe(4096);
  });

  it('gives a Firmenleiter the figures only with can_view_admin_dashboard', async () => {
    const boss = await signedIn(t, 'Firmenleiter');
    expect((await api('/api/system-info', boss.token)).status).toBe(200);
    await RolePermission.update({ permissions: ['can_view_dashboard'] }, { where: { role: 'Firmenleiter' } });
    const next = await t.login(boss.user.username, boss.password);
    const refused = await api('/api/system-info', next.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(de.systemInfo.forbidden);
  });

  it('refuses the other roles', async () => {
    for (const role of ['Projektleiter', 'Monteur'] as const) {
      const { token } = await signedIn(t, role);
      expect((await api('/api/system-info', token)).status).toBe(403);
    }
  });
});
