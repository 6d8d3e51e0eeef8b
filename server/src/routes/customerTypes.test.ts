import crypto from 'node:crypto';
import {
  de,
  DEFAULT_CUSTOMER_TYPE,
  type MessageResponse,
  newId,
  type ProjectDocument,
  type TagDto,
} from '@werkboard/common';
import { QueryTypes } from 'sequelize';
import { User } from '../models';
import { grantLifetimeLicense } from '../test/licenseKeys';
import { buildProject, buildTemplate, signedIn, unique } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer, type ErrorBody, type ApiArgs } from '../test/testServer';

const types = de.organisation.customerTypes;
const tagTexts = de.organisation.tags;

let t: TestServer;
let adminToken: string;
/** A Projektleiter: can_manage_customer_types is one of the role's default permissions. */
let leaderToken: string;

beforeAll(async () => {
  t = await testServer();
  // Projects and templates are created here; the Free limits have their own tests.
  await grantLifetimeLicense();
  adminToken = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
  leaderToken = (await signedIn(t, 'Projektleiter')).token;
});
afterAll(() => t.close());

const api = <T = ErrorBody>(...args: ApiArgs) => t.api<T>(...args);

const typePath = (name: string) => `/api/customer-types/${encodeURIComponent(name)}`;

async function typeNames(): Promise<string[]> {
  const response = await api<string[]>('GET', '/api/customer-types', adminToken);
  expect(response.status).toBe(200);
  return response.body;
}

async function allTags(): Promise<TagDto[]> {
  const response = await api<TagDto[]>('GET', '/api/tags', adminToken);
  expect(response.status).toBe(200);
  return response.body;
}

/** The tags of one type in the list's order, without their ids. */
const tagsOf = async (typeName: string) =>
  (await allTags()).filter((tag) => tag.customerType === typeName).map(({ id: _id, ...tag }) => tag);

async function createType(name = unique('Typ'), token = adminToken): Promise<string> {
  const response = await api<{ name: string }>('POST', '/api/customer-types', token, { name });
  expect(response.status).toBe(201);
  return response.body.name;
}

async function createTag(customerType: string, label: string, extra: object = {}, token = adminToken) {
  const response = await api<TagDto>('POST', '/api/tags', token, { customerType, label, ...extra });
  expect(response.status).toBe(201);
  return response.body;
}

const storedTagCount = async () =>
  (
    await User.sequelize!.query<{ count: number }>('SELECT count(*)::int AS count FROM tags', {
      type: QueryTypes.SELECT,
    })
  )[0]!.count;

const readProject = async (id: string) => (await api<ProjectDocument>('GET', `/api/projects/${id}`, adminToken)).body;

const readTemplate = async (id: string) =>
  (await api<ProjectDocument>('GET', `/api/templates/${id}`, leaderToken)).body;

describe('authentication', () => {
  it('answers 401 without a token on every writing route', async () => {
    const tag = await createTag(DEFAULT_CUSTOMER_TYPE, unique('Ohne Anmeldung'));
    const name = await createType();
    for (const [method, path, body] of [
      ['POST', '/api/customer-types', { name: 'Anonym' }],
      ['PUT', typePath(name), { name: 'Anonym' }],
      ['DELETE', typePath(name), undefined],
      ['POST', '/api/tags', { customerType: DEFAULT_CUSTOMER_TYPE, label: 'Anonym' }],
      ['PUT', `/api/tags/${tag.id}`, { label: 'Anonym' }],
      ['DELETE', `/api/tags/${tag.id}`, undefined],
    ] as const) {
      const response = await api(method, path, undefined, body);
      expect([method, path, response.status, response.body.message]).toEqual([method, path, 401, de.api.unauthorized]);
    }
    expect(await typeNames()).toContain(name);
    expect(await typeNames()).not.toContain('Anonym');
    expect((await allTags()).find((entry) => entry.id === tag.id)).toEqual(tag);
  });
});

describe('POST /api/customer-types', () => {
  it('creates a type (201) with the trimmed name, listed afterwards, for a Projektleiter', async () => {
    const name = unique('Elektro');
    const response = await api<{ name: string }>('POST', '/api/customer-types', leaderToken, { name: `  ${name} ` });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ name });
    const names = await typeNames();
    expect(names[0]).toBe(DEFAULT_CUSTOMER_TYPE);
    expect(names).toContain(name);
    expect(await tagsOf(name)).toEqual([]);
  });

  it.each(['Monteur', 'Auszubildender', 'Helfer'] as const)(
    'refuses a %s with 403 and the message, creating nothing',
    async (role) => {
      const { token } = await signedIn(t, role);
      const name = unique('Verboten');
      const response = await api('POST', '/api/customer-types', token, { name });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: types.forbidden, code: 'forbidden' });
      expect(await typeNames()).not.toContain(name);
    },
  );

  it('refuses a name that exists in any case with nameTaken, also Allgemein', async () => {
    const name = unique('Sanitär');
    await createType(name);
    for (const taken of [name, name.toUpperCase(), ` ${name.toLowerCase()} `, 'allgemein', 'ALLGEMEIN']) {
      const response = await api('POST', '/api/customer-types', adminToken, { name: taken });
      expect([taken, response.status]).toEqual([taken, 400]);
      expect(response.body).toEqual({
        message: types.nameTaken,
        code: 'validation',
        fields: { name: types.nameTaken },
      });
    }
    const names = await typeNames();
    expect(names.filter((entry) => entry.toLowerCase() === name.toLowerCase())).toEqual([name]);
    expect(names.filter((entry) => entry.toLowerCase() === 'allgemein')).toEqual([DEFAULT_CUSTOMER_TYPE]);
  });

  it.each([
    ['an empty name', { name: '' }, types.nameRequired, 'name'],
    ['a name of blanks', { name: '  ' }, types.nameRequired, 'name'],
    ['no name', {}, types.nameRequired, 'name'],
    ['a name that is no text', { name: 7 }, types.nameRequired, 'name'],
    ['a name of 101 characters', { name: 'k'.repeat(101) }, types.nameTooLong, 'name'],
    ['a copy source that is no text', { name: 'Kopie', copyTagsFrom: 3 }, types.copySourceUnknown, 'copyTagsFrom'],
    [
      'a copy source of 101 characters',
      { name: 'Kopie', copyTagsFrom: 'q'.repeat(101) },
      types.copySourceUnknown,
      'copyTagsFrom',
    ],
  ])('refuses %s with 400 and its message, creating nothing', async (_label, body, message, field) => {
    const before = await typeNames();
    const response = await api('POST', '/api/customer-types', adminToken, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message, code: 'validation', fields: { [field]: message } });
    expect(await typeNames()).toEqual(before);
  });

  it('refuses a body that is not an object with the general message', async () => {
    const response = await api('POST', '/api/customer-types', adminToken, 'Elektro');
    expect([response.status, response.body.message]).toEqual([400, de.api.validationFailed]);
  });

  it('accepts a name of exactly 100 characters', async () => {
    const name = `${crypto.randomBytes(4).toString('hex')}${'h'.repeat(92)}`;
    expect(await createType(name)).toBe(name);
    expect(await typeNames()).toContain(name);
  });

  it("copies the source type's tags (label, colour, priority) as new tags; the source keeps its own", async () => {
    const source = await createType(unique('Quelle'));
    const originals = [
      await createTag(source, 'Notfall', { color: 'red', priority: 4 }),
      await createTag(source, 'Angebot', { color: 'sky', priority: 0 }),
      await createTag(source, 'Material', { color: 'amber', priority: 2 }),
    ];
    const copy = unique('Kopie');
    const response = await api<{ name: string }>('POST', '/api/customer-types', leaderToken, {
      name: copy,
      copyTagsFrom: ` ${source.toUpperCase()} `,
    });
    expect([response.status, response.body]).toEqual([201, { name: copy }]);
    const expected = [
      { label: 'Notfall', color: 'red', priority: 4 },
      { label: 'Material', color: 'amber', priority: 2 },
      { label: 'Angebot', color: 'sky', priority: 0 },
    ];
    expect(await tagsOf(copy)).toEqual(expected.map((tag) => ({ customerType: copy, ...tag })));
    expect(await tagsOf(source)).toEqual(expected.map((tag) => ({ customerType: source, ...tag })));
    const copiedIds = (await allTags()).filter((tag) => tag.customerType === copy).map((tag) => tag.id);
    expect(copiedIds).toHaveLength(3);
    for (const original of originals) expect(copiedIds).not.toContain(original.id);

    // The copies are independent: changing one leaves the source's tag alone.
    const [copiedUrgent] = (await allTags()).filter((tag) => tag.customerType === copy && tag.label === 'Notfall');
    await api('PUT', `/api/tags/${copiedUrgent!.id}`, adminToken, { label: 'Eilt' });
    expect((await allTags()).find((tag) => tag.id === originals[0]!.id)!.label).toBe('Notfall');
  });

  it('creates the type without tags when the copy source is empty', async () => {
    const name = unique('Leer');
    const response = await api('POST', '/api/customer-types', adminToken, { name, copyTagsFrom: '' });
    expect(response.status).toBe(201);
    expect(await tagsOf(name)).toEqual([]);
  });

  it('refuses an unknown copy source with copySourceUnknown, creating neither type nor tags', async () => {
    const name = unique('Ohne Quelle');
    const tagsBefore = await storedTagCount();
    const response = await api('POST', '/api/customer-types', adminToken, {
      name,
      copyTagsFrom: unique('Gibt es nicht'),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: types.copySourceUnknown,
      code: 'validation',
      fields: { copyTagsFrom: types.copySourceUnknown },
    });
    expect(await typeNames()).not.toContain(name);
    expect(await storedTagCount()).toBe(tagsBefore);
  });
});

describe('PUT /api/customer-types/{name}', () => {
  it('renames the type; its tags, projects and templates follow, those of other types do not', async () => {
    const old = unique('Heizung');
    await createType(old);
    const other = await createType();
    const tag = await createTag(old, 'Wartung', { color: 'green', priority: 3 });
    const otherTag = await createTag(other, 'Wartung');
    const owner = await signedIn(t, 'Monteur');
    const project = await buildProject(t, owner.token, { customerType: old.toLowerCase() });
    expect(project.customerType).toBe(old);
    const untouched = await buildProject(t, owner.token, { customerType: other });
    const template = await buildTemplate(t, leaderToken, { customerType: old });
    expect(template.customerType).toBe(old);

    const renamed = `${old} neu`;
    const response = await api<{ name: string }>('PUT', typePath(old), leaderToken, { name: ` ${renamed} ` });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ name: renamed });

    const names = await typeNames();
    expect(names).toContain(renamed);
    expect(names).not.toContain(old);
    const tags = await allTags();
    expect(tags.find((entry) => entry.id === tag.id)).toEqual({ ...tag, customerType: renamed });
    expect(tags.find((entry) => entry.id === otherTag.id)).toEqual(otherTag);
    expect((await readProject(project.id)).customerType).toBe(renamed);
    expect((await readProject(untouched.id)).customerType).toBe(other);
    expect((await readTemplate(template.id)).customerType).toBe(renamed);
    // New tags and projects find the type by its new name only.
    expect((await createTag(renamed, 'Neu')).customerType).toBe(renamed);
    const byOldName = await api('POST', '/api/tags', adminToken, { customerType: old, label: 'Alt' });
    expect([byOldName.status, byOldName.body.message]).toEqual([400, de.projects.customerTypeUnknown]);
  });

  it('lets a copy read before the rename or the deletion still save, without bringing the old name back', async () => {
    const old = unique('Sanitär');
    await createType(old);
    const owner = await signedIn(t, 'Monteur');
    const project = await buildProject(t, owner.token, { customerType: old });
    const renamed = `${old} neu`;
    expect((await api('PUT', typePath(old), leaderToken, { name: renamed })).status).toBe(200);

    const staleRename = await api<ProjectDocument>('PUT', `/api/projects/${project.id}`, owner.token, {
      ...project,
      description: 'nach der Umbenennung',
    });
    expect(staleRename.status).toBe(200);
    expect(staleRename.body.customerType).toBe(renamed);
    expect(staleRename.body.description).toBe('nach der Umbenennung');

    const beforeDelete = staleRename.body;
    expect((await api('DELETE', typePath(renamed), leaderToken)).status).toBe(200);
    const staleDelete = await api<ProjectDocument>('PUT', `/api/projects/${project.id}`, owner.token, {
      ...beforeDelete,
      name: `${beforeDelete.name} 2`,
    });
    expect(staleDelete.status).toBe(200);
    expect(staleDelete.body.customerType).toBe('Allgemein');
    expect(staleDelete.body.name).toBe(`${beforeDelete.name} 2`);
  });

  it('finds the type by its name in any case and allows changing only the case', async () => {
    const name = unique('gebäudetechnik');
    await createType(name);
    const upper = name.toUpperCase();
    const response = await api<{ name: string }>('PUT', typePath(name.toUpperCase()), adminToken, { name: upper });
    expect([response.status, response.body]).toEqual([200, { name: upper }]);
    const names = await typeNames();
    expect(names).toContain(upper);
    expect(names).not.toContain(name);
  });

  it.each(['Sanitär & Heizung', 'Bad/WC', '50% Rabatt', 'Was? #1'])(
    'renames and deletes a type named like %s through its URL-encoded path',
    async (spelled) => {
      const name = unique(spelled);
      await createType(name);
      const response = await api<{ name: string }>('PUT', typePath(name), adminToken, { name: `${name}!` });
      expect([response.status, response.body]).toEqual([200, { name: `${name}!` }]);
      const deleted = await api('DELETE', typePath(`${name}!`), adminToken);
      expect([deleted.status, deleted.body.message]).toEqual([200, types.deleted]);
      expect(await typeNames()).not.toContain(`${name}!`);
    },
  );

  it('refuses renaming to the name of another type or to Allgemein, in any case, changing nothing', async () => {
    const name = await createType(unique('Dach'));
    const other = await createType(unique('Fassade'));
    const tag = await createTag(name, 'Ziegel');
    for (const target of [other, other.toLowerCase(), DEFAULT_CUSTOMER_TYPE, 'allgemein']) {
      const response = await api('PUT', typePath(name), adminToken, { name: target });
      expect([target, response.status]).toEqual([target, 400]);
      expect(response.body).toEqual({
        message: types.nameTaken,
        code: 'validation',
        fields: { name: types.nameTaken },
      });
    }
    const names = await typeNames();
    expect(names).toContain(name);
    expect(names).toContain(other);
    expect((await allTags()).find((entry) => entry.id === tag.id)!.customerType).toBe(name);
  });

  it('never renames Allgemein (defaultLocked), however it is spelled', async () => {
    const owner = await signedIn(t, 'Monteur');
    const project = await buildProject(t, owner.token, { customerType: DEFAULT_CUSTOMER_TYPE });
    for (const spelled of [DEFAULT_CUSTOMER_TYPE, 'allgemein', ' ALLGEMEIN ']) {
      const response = await api('PUT', typePath(spelled), adminToken, { name: unique('Standard') });
      expect([spelled, response.status]).toEqual([spelled, 400]);
      expect(response.body).toEqual({ message: types.defaultLocked, code: 'validation' });
    }
    expect((await typeNames())[0]).toBe(DEFAULT_CUSTOMER_TYPE);
    expect((await readProject(project.id)).customerType).toBe(DEFAULT_CUSTOMER_TYPE);
  });

  it.each([
    ['an empty name', { name: '' }, types.nameRequired],
    ['a name of blanks', { name: '   ' }, types.nameRequired],
    ['no name', {}, types.nameRequired],
    ['a name of 101 characters', { name: 'r'.repeat(101) }, types.nameTooLong],
  ])('refuses %s with 400 and its message, keeping the old name', async (_label, body, message) => {
    const name = await createType();
    const response = await api('PUT', typePath(name), adminToken, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message, code: 'validation', fields: { name: message } });
    expect(await typeNames()).toContain(name);
  });

  it('answers 404 with the message for an unknown type and for a name of more than 100 characters', async () => {
    for (const path of [typePath(unique('Unbekannt')), typePath('u'.repeat(101)), typePath('   ')]) {
      const response = await api('PUT', path, adminToken, { name: unique('Neu') });
      expect([path, response.status, response.body]).toEqual([
        path,
        404,
        { message: types.notFound, code: 'not_found' },
      ]);
    }
  });

  it('refuses a Monteur with 403 and the message, keeping the name', async () => {
    const name = await createType();
    const { token } = await signedIn(t, 'Monteur');
    const response = await api('PUT', typePath(name), token, { name: unique('Umbenannt') });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: types.forbidden, code: 'forbidden' });
    expect(await typeNames()).toContain(name);
  });
});

describe('DELETE /api/customer-types/{name}', () => {
  it('deletes the type and its tags; its projects and templates fall back to Allgemein', async () => {
    const name = await createType(unique('Solar'));
    const other = await createType();
    const tags = [await createTag(name, 'Modul'), await createTag(name, 'Wechselrichter')];
    const otherTag = await createTag(other, 'Modul');
    const owner = await signedIn(t, 'Monteur');
    const project = await buildProject(t, owner.token, { customerType: name });
    const untouched = await buildProject(t, owner.token, { customerType: other });
    const template = await buildTemplate(t, leaderToken, { customerType: name });

    const response = await api<MessageResponse>('DELETE', typePath(name.toLowerCase()), leaderToken);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: types.deleted });

    expect(await typeNames()).not.toContain(name);
    const remaining = (await allTags()).map((tag) => tag.id);
    for (const tag of tags) expect(remaining).not.toContain(tag.id);
    expect(remaining).toContain(otherTag.id);
    const [{ count }] = (await User.sequelize!.query('SELECT count(*)::int AS count FROM tags WHERE id IN (:ids)', {
      type: QueryTypes.SELECT,
      replacements: { ids: tags.map((tag) => tag.id) },
    })) as [{ count: number }];
    expect(count).toBe(0);
    expect((await readProject(project.id)).customerType).toBe(DEFAULT_CUSTOMER_TYPE);
    expect((await readProject(untouched.id)).customerType).toBe(other);
    expect((await readTemplate(template.id)).customerType).toBe(DEFAULT_CUSTOMER_TYPE);

    const again = await api('DELETE', typePath(name), adminToken);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: types.notFound, code: 'not_found' });
  });

  it('never deletes Allgemein (defaultLocked) and keeps its tags', async () => {
    const tag = await createTag(DEFAULT_CUSTOMER_TYPE, unique('Allgemeiner Tag'));
    for (const spelled of [DEFAULT_CUSTOMER_TYPE, 'ALLGEMEIN']) {
      const response = await api('DELETE', typePath(spelled), adminToken);
      expect([spelled, response.status]).toEqual([spelled, 400]);
      expect(response.body).toEqual({ message: types.defaultLocked, code: 'validation' });
    }
    expect(await typeNames()).toContain(DEFAULT_CUSTOMER_TYPE);
    expect((await allTags()).find((entry) => entry.id === tag.id)).toEqual(tag);
  });

  it('answers 404 for an unknown type', async () => {
    const response = await api('DELETE', typePath(unique('Nie angelegt')), adminToken);
    expect([response.status, response.body.message]).toEqual([404, types.notFound]);
  });

  it('refuses a Helfer with 403 and the message, keeping the type and its tags', async () => {
    const name = await createType();
    const tag = await createTag(name, 'Bleibt');
    const { token } = await signedIn(t, 'Helfer');
    const response = await api('DELETE', typePath(name), token);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: types.forbidden, code: 'forbidden' });
    expect(await typeNames()).toContain(name);
    expect((await allTags()).find((entry) => entry.id === tag.id)).toEqual(tag);
  });
});

describe('POST /api/tags', () => {
  it('creates a tag (201) with label, colour and priority under the canonical type name', async () => {
    const name = await createType(unique('Elektro'));
    const response = await api<TagDto>('POST', '/api/tags', leaderToken, {
      customerType: name.toUpperCase(),
      label: '  Dringend ',
      color: 'rose',
      priority: 4,
    });
    expect(response.status).toBe(201);
    expect(response.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(response.body).toEqual({
      id: response.body.id,
      customerType: name,
      label: 'Dringend',
      color: 'rose',
      priority: 4,
    });
    expect((await allTags()).find((tag) => tag.id === response.body.id)).toEqual(response.body);
  });

  it('uses colour slate and priority 1 (Normal) when they are left out or null', async () => {
    const name = await createType();
    expect(await createTag(name, 'Ohne Angaben')).toMatchObject({ color: 'slate', priority: 1 });
    expect(await createTag(name, 'Mit null', { color: null, priority: null })).toMatchObject({
      color: 'slate',
      priority: 1,
    });
  });

  it('accepts the priorities 0 and 4 at the edges', async () => {
    const name = await createType();
    expect((await createTag(name, 'Unwichtig', { priority: 0 })).priority).toBe(0);
    expect((await createTag(name, 'Höchste', { priority: 4 })).priority).toBe(4);
  });

  it('refuses a label the type already has, in any case; the same label in another type is fine', async () => {
    const name = await createType();
    const other = await createType();
    const first = await createTag(name, 'Dringend', { color: 'red' });
    for (const label of ['Dringend', 'DRINGEND', ' dringend ']) {
      const response = await api('POST', '/api/tags', adminToken, { customerType: name, label });
      expect([label, response.status]).toEqual([label, 400]);
      expect(response.body).toEqual({
        message: tagTexts.labelTaken,
        code: 'validation',
        fields: { label: tagTexts.labelTaken },
      });
    }
    expect(await tagsOf(name)).toEqual([{ customerType: name, label: 'Dringend', color: 'red', priority: 1 }]);
    const elsewhere = await createTag(other, 'dringend');
    expect(elsewhere).toMatchObject({ customerType: other, label: 'dringend' });
    expect(elsewhere.id).not.toBe(first.id);
  });

  it('refuses an unknown customer type with the message of the project form', async () => {
    const before = await storedTagCount();
    const response = await api('POST', '/api/tags', adminToken, { customerType: unique('Unbekannt'), label: 'X' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: de.projects.customerTypeUnknown,
      code: 'validation',
      fields: { customerType: de.projects.customerTypeUnknown },
    });
    expect(await storedTagCount()).toBe(before);
  });

  it.each([
    ['an empty label', { label: '' }, tagTexts.labelRequired, 'label'],
    ['a label of blanks', { label: '   ' }, tagTexts.labelRequired, 'label'],
    ['no label', { label: undefined }, tagTexts.labelRequired, 'label'],
    ['a label of 101 characters', { label: 'l'.repeat(101) }, tagTexts.labelTooLong, 'label'],
    ['an unknown colour', { color: 'magenta' }, tagTexts.colorInvalid, 'color'],
    ['a hex colour', { color: '#ff0000' }, tagTexts.colorInvalid, 'color'],
    ['priority 5', { priority: 5 }, tagTexts.priorityInvalid, 'priority'],
    ['priority -1', { priority: -1 }, tagTexts.priorityInvalid, 'priority'],
    ['priority 1.5', { priority: 1.5 }, tagTexts.priorityInvalid, 'priority'],
    ['priority as text', { priority: '2' }, tagTexts.priorityInvalid, 'priority'],
    ['an empty customer type', { customerType: '' }, types.nameRequired, 'customerType'],
    ['a customer type of 101 characters', { customerType: 'c'.repeat(101) }, types.nameTooLong, 'customerType'],
  ])('refuses %s with 400 and its message, creating no tag', async (_label, spoil, message, field) => {
    const name = await createType();
    const before = await storedTagCount();
    const response = await api('POST', '/api/tags', adminToken, { customerType: name, label: 'Gültig', ...spoil });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message, code: 'validation', fields: { [field]: message } });
    expect(await storedTagCount()).toBe(before);
    expect(await tagsOf(name)).toEqual([]);
  });

  it('refuses a Monteur with 403 and the message, creating no tag', async () => {
    const name = await createType();
    const { token } = await signedIn(t, 'Monteur');
    const response = await api('POST', '/api/tags', token, { customerType: name, label: 'Verboten' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: types.forbidden, code: 'forbidden' });
    expect(await tagsOf(name)).toEqual([]);
  });
});

describe('PUT /api/tags/{id}', () => {
  it('changes label, colour and priority; what is left out stays', async () => {
    const name = await createType();
    const tag = await createTag(name, 'Angebot', { color: 'sky', priority: 0 });
    const priority = await api<TagDto>('PUT', `/api/tags/${tag.id}`, leaderToken, { priority: 3 });
    expect(priority.status).toBe(200);
    expect(priority.body).toEqual({ ...tag, priority: 3 });
    const rest = await api<TagDto>('PUT', `/api/tags/${tag.id}`, adminToken, { label: ' Auftrag ', color: 'green' });
    expect(rest.body).toEqual({ ...tag, label: 'Auftrag', color: 'green', priority: 3 });
    expect((await allTags()).find((entry) => entry.id === tag.id)).toEqual(rest.body);
    const nothing = await api<TagDto>('PUT', `/api/tags/${tag.id}`, adminToken, {});
    expect([nothing.status, nothing.body]).toEqual([200, rest.body]);
  });

  it("allows changing only the case of its own label, but refuses another tag's label of the same type", async () => {
    const name = await createType();
    const other = await createType();
    const tag = await createTag(name, 'Klein');
    await createTag(name, 'Groß');
    await createTag(other, 'Mittel');
    const recased = await api<TagDto>('PUT', `/api/tags/${tag.id}`, adminToken, { label: 'KLEIN' });
    expect([recased.status, recased.body.label]).toEqual([200, 'KLEIN']);
    const taken = await api('PUT', `/api/tags/${tag.id}`, adminToken, { label: 'groß' });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({
      message: tagTexts.labelTaken,
      code: 'validation',
      fields: { label: tagTexts.labelTaken },
    });
    expect((await allTags()).find((entry) => entry.id === tag.id)!.label).toBe('KLEIN');
    // A label another type uses is free here.
    const fromOther = await api<TagDto>('PUT', `/api/tags/${tag.id}`, adminToken, { label: 'Mittel' });
    expect([fromOther.status, fromOther.body.label]).toEqual([200, 'Mittel']);
  });

  it.each([
    ['an empty label', { label: '' }, tagTexts.labelRequired, 'label'],
    ['a label of 101 characters', { label: 'l'.repeat(101) }, tagTexts.labelTooLong, 'label'],
    ['an unknown colour', { color: 'gold' }, tagTexts.colorInvalid, 'color'],
    ['priority 7', { priority: 7 }, tagTexts.priorityInvalid, 'priority'],
    ['a priority of null', { priority: null }, tagTexts.priorityInvalid, 'priority'],
  ])('refuses %s with 400 and its message, leaving the tag as it was', async (_label, patch, message, field) => {
    const tag = await createTag(await createType(), 'Unverändert', { color: 'teal', priority: 2 });
    const response = await api('PUT', `/api/tags/${tag.id}`, adminToken, patch);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message, code: 'validation', fields: { [field]: message } });
    expect((await allTags()).find((entry) => entry.id === tag.id)).toEqual(tag);
  });

  it('answers 404 with the message for an unknown id and for an id that is no UUID', async () => {
    for (const id of [newId(), 'kein-tag']) {
      const response = await api('PUT', `/api/tags/${id}`, adminToken, { label: 'Neu' });
      expect([id, response.status, response.body]).toEqual([
        id,
        404,
        { message: tagTexts.notFound, code: 'not_found' },
      ]);
    }
  });

  it('refuses an Auszubildender with 403 and the message, leaving the tag as it was', async () => {
    const tag = await createTag(await createType(), 'Fest');
    const { token } = await signedIn(t, 'Auszubildender');
    const response = await api('PUT', `/api/tags/${tag.id}`, token, { label: 'Geändert' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: types.forbidden, code: 'forbidden' });
    expect((await allTags()).find((entry) => entry.id === tag.id)).toEqual(tag);
  });
});

describe('DELETE /api/tags/{id}', () => {
  it('deletes the tag with the message; the second DELETE answers 404', async () => {
    const name = await createType();
    const tag = await createTag(name, 'Weg');
    const kept = await createTag(name, 'Bleibt');
    const response = await api<MessageResponse>('DELETE', `/api/tags/${tag.id}`, leaderToken);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: tagTexts.deleted });
    const ids = (await allTags()).map((entry) => entry.id);
    expect(ids).not.toContain(tag.id);
    expect(ids).toContain(kept.id);
    const again = await api('DELETE', `/api/tags/${tag.id}`, leaderToken);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: tagTexts.notFound, code: 'not_found' });
    // The label is free again in its type.
    expect((await createTag(name, 'weg')).label).toBe('weg');
  });

  it('answers 404 for an id that is no UUID', async () => {
    const response = await api('DELETE', '/api/tags/42', adminToken);
    expect([response.status, response.body.message]).toEqual([404, tagTexts.notFound]);
  });

  it('refuses a Monteur with 403 and the message, keeping the tag', async () => {
    const tag = await createTag(await createType(), 'Geschützt');
    const { token } = await signedIn(t, 'Monteur');
    const response = await api('DELETE', `/api/tags/${tag.id}`, token);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: types.forbidden, code: 'forbidden' });
    expect((await allTags()).find((entry) => entry.id === tag.id)).toEqual(tag);
  });
});
