import crypto from 'node:crypto';
import {
  de,
  DEFAULT_GROUP_COLOR,
  DEFAULT_GROUP_ICON,
  DEFAULT_GROUP_ICON_COLOR,
  type MessageResponse,
  newId,
  type ProjectDocument,
  type ProjectGroupDto,
  type ProjectSummaryDto,
} from '@werkboard/common';
import { QueryTypes } from 'sequelize';
import { User } from '../models';
import { grantLifetimeLicense } from '../test/licenseKeys';
import { buildProject, signedIn, unique } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer, type ErrorBody, type ApiArgs } from '../test/testServer';

const groups = de.organisation.groups;

let t: TestServer;
let adminToken: string;

beforeAll(async () => {
  t = await testServer();
  adminToken = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
});
afterAll(() => t.close());
// Groups need a license other than Free; the tests about Free remove it themselves.
beforeEach(() => grantLifetimeLicense());

const api = <T = ErrorBody>(...args: ApiArgs) => t.api<T>(...args);

const useFreeLicense = () => User.sequelize!.query(`DELETE FROM server_settings WHERE key = 'license'`);

/** The stored row of a group, straight from the database (null when there is none). */
async function storedGroup(id: string): Promise<ProjectGroupDto | null> {
  const [row] = await User.sequelize!.query<ProjectGroupDto>(
    `SELECT id, name, description, color, icon, icon_color AS "iconColor" FROM project_groups WHERE id = :id`,
    { type: QueryTypes.SELECT, replacements: { id } },
  );
  return row ?? null;
}

async function createGroup(name = unique('Gruppe'), extra: object = {}, token = adminToken) {
  const id = newId();
  const response = await api<ProjectGroupDto>('PUT', `/api/project-groups/${id}`, token, { name, ...extra });
  expect(response.status).toBe(200);
  return response.body;
}

const listGroups = async (token = adminToken) => {
  const response = await api<ProjectGroupDto[]>('GET', '/api/project-groups', token);
  expect(response.status).toBe(200);
  return response.body;
};

const putProject = (token: string, document: ProjectDocument) =>
  api<ProjectDocument & ErrorBody>('PUT', `/api/projects/${document.id}`, token, document);

const readProject = async (token: string, id: string) => {
  const response = await api<ProjectDocument>('GET', `/api/projects/${id}`, token);
  expect(response.status).toBe(200);
  return response.body;
};

describe('authentication', () => {
  it('answers 401 without a token on every project-group route', async () => {
    const id = newId();
    for (const [method, path] of [
      ['GET', '/api/project-groups'],
      ['PUT', `/api/project-groups/${id}`],
      ['DELETE', `/api/project-groups/${id}`],
    ] as const) {
      const response = await api(method, path, undefined, method === 'PUT' ? { name: 'Ohne Anmeldung' } : undefined);
      expect([method, response.status, response.body.message]).toEqual([method, 401, de.api.unauthorized]);
    }
    expect(await storedGroup(id)).toBeNull();
  });
});

describe('GET /api/project-groups', () => {
  it('lets every role read the groups, sorted by name case-insensitively, with every field', async () => {
    const suffix = crypto.randomBytes(4).toString('hex');
    const second = await createGroup(`b-Gruppe ${suffix}`, {
      description: 'Zweite',
      color: '#112233',
      icon: 'truck',
      iconColor: '#000000',
    });
    const first = await createGroup(`A-Gruppe ${suffix}`);
    const third = await createGroup(`C-Gruppe ${suffix}`);
    for (const role of ['Helfer', 'Auszubildender', 'Monteur'] as const) {
      const { token } = await signedIn(t, role);
      const mine = (await listGroups(token)).filter((group) => group.name.endsWith(suffix));
      expect([role, mine]).toEqual([
        role,
        [
          {
            id: first.id,
            name: `A-Gruppe ${suffix}`,
            description: '',
            color: DEFAULT_GROUP_COLOR,
            icon: DEFAULT_GROUP_ICON,
            iconColor: DEFAULT_GROUP_ICON_COLOR,
          },
          {
            id: second.id,
            name: `b-Gruppe ${suffix}`,
            description: 'Zweite',
            color: '#112233',
            icon: 'truck',
            iconColor: '#000000',
          },
          expect.objectContaining({ id: third.id, name: `C-Gruppe ${suffix}` }),
        ],
      ]);
    }
  });

  it('still lists the groups on the Free license (only managing them is refused)', async () => {
    const group = await createGroup();
    await useFreeLicense();
    const { token } = await signedIn(t, 'Helfer');
    expect((await listGroups(token)).map((entry) => entry.id)).toContain(group.id);
  });
});

describe('PUT /api/project-groups/{id}', () => {
  it('creates the group under the id the client chose, with defaults for what was left out', async () => {
    const id = newId();
    const name = unique('Baustellen');
    const response = await api<ProjectGroupDto>('PUT', `/api/project-groups/${id}`, adminToken, {
      name: `  ${name}  `,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id,
      name,
      description: '',
      color: DEFAULT_GROUP_COLOR,
      icon: DEFAULT_GROUP_ICON,
      iconColor: DEFAULT_GROUP_ICON_COLOR,
    });
    expect(await storedGroup(id)).toEqual(response.body);
    expect(await listGroups()).toContainEqual(response.body);
  });

  it('stores every given field: trimmed texts, colours in lower case, null as the default', async () => {
    const id = newId();
    const response = await api<ProjectGroupDto>('PUT', `/api/project-groups/${id}`, adminToken, {
      name: 'Wartung ',
      description: ' Regelmäßige Wartungsverträge ',
      color: ' #A1B2C3 ',
      icon: 'settings',
      iconColor: null,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id,
      name: 'Wartung',
      description: 'Regelmäßige Wartungsverträge',
      color: '#a1b2c3',
      icon: 'settings',
      iconColor: DEFAULT_GROUP_ICON_COLOR,
    });
  });

  it('takes an id in upper case as the same group in lower case', async () => {
    const id = newId();
    const created = await api<ProjectGroupDto>('PUT', `/api/project-groups/${id.toUpperCase()}`, adminToken, {
      name: 'Großbuchstaben',
    });
    expect(created.status).toBe(200);
    expect(created.body.id).toBe(id);
    const updated = await api<ProjectGroupDto>('PUT', `/api/project-groups/${id}`, adminToken, { name: 'Klein' });
    expect(updated.body).toMatchObject({ id, name: 'Klein' });
    expect((await listGroups()).filter((group) => group.id === id)).toHaveLength(1);
  });

  it('replaces the fields on a second PUT to the same id, and a repeated PUT changes nothing', async () => {
    const group = await createGroup(unique('Alt'), { description: 'Vorher', color: '#111111', icon: 'home' });
    const body = { name: unique('Neu'), description: 'Nachher', color: '#222222', icon: 'zap', iconColor: '#333333' };
    const updated = await api<ProjectGroupDto>('PUT', `/api/project-groups/${group.id}`, adminToken, body);
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ id: group.id, ...body });
    const again = await api<ProjectGroupDto>('PUT', `/api/project-groups/${group.id}`, adminToken, body);
    expect([again.status, again.body]).toEqual([200, updated.body]);
    expect((await listGroups()).filter((entry) => entry.id === group.id)).toEqual([updated.body]);

    // Fields left out of a later PUT go back to their defaults: the PUT replaces the group.
    const reset = await api<ProjectGroupDto>('PUT', `/api/project-groups/${group.id}`, adminToken, { name: body.name });
    expect(reset.body).toEqual({
      id: group.id,
      name: body.name,
      description: '',
      color: DEFAULT_GROUP_COLOR,
      icon: DEFAULT_GROUP_ICON,
      iconColor: DEFAULT_GROUP_ICON_COLOR,
    });
  });

  it('lets a Firmenleiter manage groups (can_manage_project_groups by default)', async () => {
    const chief = await signedIn(t, 'Firmenleiter');
    const group = await createGroup(unique('Chef'), {}, chief.token);
    const renamed = await api<ProjectGroupDto>('PUT', `/api/project-groups/${group.id}`, chief.token, {
      name: 'Chefsache',
    });
    expect([renamed.status, renamed.body.name]).toEqual([200, 'Chefsache']);
    expect((await storedGroup(group.id))!.name).toBe('Chefsache');
  });

  it.each(['Projektleiter', 'Monteur', 'Auszubildender', 'Helfer'] as const)(
    'refuses a %s with 403 and the message, creating and changing nothing',
    async (role) => {
      const { token } = await signedIn(t, role);
      const id = newId();
      const refused = await api('PUT', `/api/project-groups/${id}`, token, { name: 'Nicht erlaubt' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: groups.forbidden, code: 'forbidden' });
      expect(await storedGroup(id)).toBeNull();

      const existing = await createGroup();
      const change = await api('PUT', `/api/project-groups/${existing.id}`, token, { name: 'Übernommen' });
      expect([change.status, change.body.message]).toEqual([403, groups.forbidden]);
      expect(await storedGroup(existing.id)).toEqual(existing);
    },
  );

  const longText = (length: number) => 'x'.repeat(length);
  it.each([
    ['an empty name', { name: '' }, groups.nameRequired, 'name'],
    ['a name of blanks', { name: '   ' }, groups.nameRequired, 'name'],
    ['no name', { description: 'Ohne Namen' }, groups.nameRequired, 'name'],
    ['a name that is no text', { name: 42 }, groups.nameRequired, 'name'],
    ['a name of 101 characters', { name: longText(101) }, groups.nameTooLong, 'name'],
    ['a colour name instead of #rrggbb', { name: 'G', color: 'blue' }, groups.colorInvalid, 'color'],
    ['a short hex colour', { name: 'G', color: '#abc' }, groups.colorInvalid, 'color'],
    ['an icon colour that is not hex', { name: 'G', iconColor: '#12345g' }, groups.colorInvalid, 'iconColor'],
    ['an unknown icon', { name: 'G', icon: 'einhorn' }, groups.iconInvalid, 'icon'],
    [
      'a description of 2001 characters',
      { name: 'G', description: longText(2001) },
      groups.descriptionTooLong,
      'description',
    ],
    ['a description that is no text', { name: 'G', description: 5 }, groups.descriptionInvalid, 'description'],
  ])('refuses %s with 400 and its message, and leaves the group as it was', async (_label, body, message, field) => {
    const group = await createGroup(unique('Bleibt'), { description: 'Unverändert', color: '#445566' });
    const refused = await api('PUT', `/api/project-groups/${group.id}`, adminToken, body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message, code: 'validation', fields: { [field]: message } });
    expect(await storedGroup(group.id)).toEqual(group);

    const id = newId();
    const onNew = await api('PUT', `/api/project-groups/${id}`, adminToken, body);
    expect([onNew.status, onNew.body.message]).toEqual([400, message]);
    expect(await storedGroup(id)).toBeNull();
  });

  it('refuses a body that is not an object with the general message', async () => {
    const id = newId();
    const refused = await api('PUT', `/api/project-groups/${id}`, adminToken, ['Gruppe']);
    expect([refused.status, refused.body.message]).toEqual([400, de.api.validationFailed]);
    expect(await storedGroup(id)).toBeNull();
  });

  it('accepts names and descriptions right at their limits', async () => {
    const id = newId();
    const name = `${crypto.randomBytes(4).toString('hex')}${'n'.repeat(92)}`;
    const response = await api<ProjectGroupDto>('PUT', `/api/project-groups/${id}`, adminToken, {
      name,
      description: 'd'.repeat(2000),
    });
    expect(response.status).toBe(200);
    expect(response.body.name).toHaveLength(100);
    expect((await storedGroup(id))!.description).toHaveLength(2000);
  });

  it('answers 404 with the message for an id that is no UUID', async () => {
    const response = await api('PUT', '/api/project-groups/keine-gruppe', adminToken, { name: 'Gruppe' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: groups.notFound, code: 'not_found' });
  });

  it('refuses creating and changing on the Free license with 403, code license and the spec message', async () => {
    const existing = await createGroup();
    await useFreeLicense();
    const id = newId();
    const refused = await api('PUT', `/api/project-groups/${id}`, adminToken, { name: 'Free' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: groups.freeLicense, code: 'license' });
    expect(await storedGroup(id)).toBeNull();

    const change = await api('PUT', `/api/project-groups/${existing.id}`, adminToken, { name: 'Free' });
    expect(change.status).toBe(403);
    expect(change.body).toEqual({ message: groups.freeLicense, code: 'license' });
    expect(await storedGroup(existing.id)).toEqual(existing);

    // Missing permission is answered before the license.
    const { token } = await signedIn(t, 'Projektleiter');
    const byLeader = await api('PUT', `/api/project-groups/${id}`, token, { name: 'Free' });
    expect([byLeader.status, byLeader.body.message]).toEqual([403, groups.forbidden]);
  });
});

describe('DELETE /api/project-groups/{id}', () => {
  it('deletes the group with the message; a second DELETE answers 404', async () => {
    const group = await createGroup();
    const deleted = await api<MessageResponse>('DELETE', `/api/project-groups/${group.id}`, adminToken);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: groups.deleted });
    expect(await storedGroup(group.id)).toBeNull();
    expect((await listGroups()).map((entry) => entry.id)).not.toContain(group.id);

    const again = await api('DELETE', `/api/project-groups/${group.id}`, adminToken);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: groups.notFound, code: 'not_found' });
  });

  it('answers 404 for an unknown id and for an id that is no UUID', async () => {
    const unknown = await api('DELETE', `/api/project-groups/${newId()}`, adminToken);
    expect([unknown.status, unknown.body.message]).toEqual([404, groups.notFound]);
    const malformed = await api('DELETE', '/api/project-groups/123', adminToken);
    expect([malformed.status, malformed.body.message]).toEqual([404, groups.notFound]);
  });

  it('lets a Firmenleiter delete, and refuses a Projektleiter with 403 and the message', async () => {
    const group = await createGroup();
    const leader = await signedIn(t, 'Projektleiter');
    const refused = await api('DELETE', `/api/project-groups/${group.id}`, leader.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: groups.forbidden, code: 'forbidden' });
    expect(await storedGroup(group.id)).toEqual(group);

    const chief = await signedIn(t, 'Firmenleiter');
    const deleted = await api('DELETE', `/api/project-groups/${group.id}`, chief.token);
    expect([deleted.status, deleted.body.message]).toEqual([200, groups.deleted]);
    expect(await storedGroup(group.id)).toBeNull();
  });

  it('refuses on the Free license with 403 and code license, keeping the group', async () => {
    const group = await createGroup();
    await useFreeLicense();
    const refused = await api('DELETE', `/api/project-groups/${group.id}`, adminToken);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: groups.freeLicense, code: 'license' });
    expect(await storedGroup(group.id)).toEqual(group);
  });

  it('leaves the projects of a deleted group ungrouped, and other groups untouched', async () => {
    const owner = await signedIn(t, 'Monteur');
    const group = await createGroup();
    const other = await createGroup();
    const inGroup = await buildProject(t, owner.token);
    const inOther = await buildProject(t, owner.token);
    const grouped = await putProject(owner.token, { ...inGroup, groupId: group.id });
    expect(grouped.status).toBe(200);
    expect(grouped.body.groupId).toBe(group.id);
    expect((await putProject(owner.token, { ...inOther, groupId: other.id })).body.groupId).toBe(other.id);

    const deleted = await api('DELETE', `/api/project-groups/${group.id}`, adminToken);
    expect(deleted.status).toBe(200);

    const read = await readProject(owner.token, inGroup.id);
    expect(read.groupId).toBeNull();
    expect(read.name).toBe(inGroup.name);
    expect((await readProject(owner.token, inOther.id)).groupId).toBe(other.id);
    const list = await api<ProjectSummaryDto[]>('GET', '/api/projects', owner.token);
    expect(list.body.map((entry) => [entry.id, entry.groupId]).sort()).toEqual(
      [
        [inGroup.id, null],
        [inOther.id, other.id],
      ].sort(),
    );
  });
});

describe('a copy read before its group was deleted', () => {
  it('still saves, and the deleted group does not come back', async () => {
    const owner = await signedIn(t, 'Monteur');
    const group = await createGroup();
    const project = await buildProject(t, owner.token);
    const grouped = (await putProject(owner.token, { ...project, groupId: group.id })).body;
    expect((await api('DELETE', `/api/project-groups/${group.id}`, adminToken)).status).toBe(200);
    const afterDelete = await readProject(owner.token, project.id);
    expect(afterDelete.revision).toBeGreaterThan(grouped.revision);

    // The stale copy (still naming the deleted group) renames the project.
    const stale = await putProject(owner.token, { ...grouped, name: `${grouped.name} neu` });
    expect(stale.status).toBe(200);
    expect(stale.body.groupId).toBeNull();
    expect(stale.body.name).toBe(`${grouped.name} neu`);
  });
});

describe('a project joining a group (PUT /api/projects/{id} with groupId)', () => {
  it('refuses a group that does not exist with 400 and the message, keeping the project ungrouped', async () => {
    const owner = await signedIn(t, 'Monteur');
    const project = await buildProject(t, owner.token);
    const refused = await putProject(owner.token, { ...project, groupId: newId(), name: 'Umbenannt' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: groups.unknownForProject,
      code: 'validation',
      fields: { groupId: groups.unknownForProject },
    });
    const read = await readProject(owner.token, project.id);
    expect([read.groupId, read.name, read.revision]).toEqual([null, project.name, project.revision]);
  });

  it('refuses joining a group on the Free license, but leaving one is allowed there', async () => {
    const owner = await signedIn(t, 'Monteur');
    const group = await createGroup();
    const project = await buildProject(t, owner.token);
    const joined = await putProject(owner.token, { ...project, groupId: group.id });
    expect(joined.body.groupId).toBe(group.id);
    const second = await buildProject(t, owner.token);

    await useFreeLicense();
    const refused = await putProject(owner.token, { ...second, groupId: group.id });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: groups.freeLicense, code: 'license' });
    expect((await readProject(owner.token, second.id)).groupId).toBeNull();

    const left = await putProject(owner.token, { ...joined.body, groupId: null });
    expect([left.status, left.body.groupId]).toEqual([200, null]);
  });
});
