import sharp from 'sharp';
import {
  type BackupFile,
  de,
  type ExternalUserDto,
  type ImageDto,
  type ImportResult,
  keysAfter,
  newId,
  type ProjectDocument,
  type ProjectGroupDto,
  type TagDto,
} from '@werkboard/common';
import { derivedUuid } from '../commands/importFile';
import { LEGACY_BACKUP } from '../test/legacyBackup';
import { createTestLicenseKeys, grantLifetimeLicense } from '../test/licenseKeys';
import { buildProject, signedIn, unique, withCard } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer } from '../test/testServer';

/**
 * The backup round trip of issue 15: a company's data made through the API on one
 * installation, exported, and restored on a fresh one, where every project, template, type,
 * tag, group, worker and photo reads back identical through the API. Then the existing
 * product's file (test/legacyBackup.ts) on that installation. The two servers run one after
 * the other (the models are bound to one database at a time).
 */

const c = de.transfer.changes;

interface Company {
  projects: ProjectDocument[];
  templates: ProjectDocument[];
  customerTypes: string[];
  tags: TagDto[];
  groups: ProjectGroupDto[];
  externalUsers: ExternalUserDto[];
  images: (ImageDto & { bytes: string })[];
}

async function readCompany(
  t: TestServer,
  token: string,
  projectIds: string[],
  templateIds: string[],
): Promise<Company> {
  const get = async <T>(path: string) => {
    const response = await t.request<T>('GET', path, { token });
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return response.body;
  };
  const projects = await Promise.all(projectIds.map((id) => get<ProjectDocument>(`/api/projects/${id}`)));
  const templates = await Promise.all(templateIds.map((id) => get<ProjectDocument>(`/api/templates/${id}`)));
  const images: Company['images'] = [];
  for (const id of projectIds)
    for (const image of await get<ImageDto[]>(`/api/images/${id}`)) {
      const file = await fetch(`${t.url}/api/image-files/${image.id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      images.push({ ...image, bytes: Buffer.from(await file.arrayBuffer()).toString('base64') });
    }
  return {
    projects,
    templates,
    customerTypes: await get<string[]>('/api/customer-types'),
    tags: await get<TagDto[]>('/api/tags'),
    groups: await get<ProjectGroupDto[]>('/api/project-groups'),
    externalUsers: await get<ExternalUserDto[]>('/api/external-users'),
    images,
  };
}

/** What a restore may change: revision and times, and the import's own line on top of the change log. */
function comparable(document: ProjectDocument, restored: boolean) {
  const { revision: _revision, lastModified: _lastModified, changeLog, team, ...rest } = document;
  return {
    ...rest,
    team: team.map(({ id, username, teamRole }) => ({ id, username, teamRole })),
    changeLog: restored ? changeLog.slice(1) : changeLog,
    columns: rest.columns.map((column) => ({
      ...column,
      rev: 0,
      cards: column.cards.map((card) => ({
        ...card,
        rev: 0,
        timeEntries: card.timeEntries.map((entry) => ({ ...entry, rev: 0 })),
        materialEntries: card.materialEntries.map((entry) => ({ ...entry, rev: 0 })),
      })),
    })),
    appointments: rest.appointments.map((entry) => ({ ...entry, rev: 0 })),
    notes: rest.notes.map((entry) => ({ ...entry, rev: 0 })),
  };
}

let backup: BackupFile;
let original: Company;
let projectIds: string[];
let templateIds: string[];
let foremanName: string;
let foremanPassword: string;

beforeAll(async () => {
  const keys = createTestLicenseKeys();
  const t = await testServer({ licensePublicKey: keys.publicKeyPem });
  try {
    await grantLifetimeLicense();
    const admin = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
    const foreman = await signedIn(t, 'Projektleiter');
    foremanName = foreman.user.username;
    foremanPassword = foreman.password;
    const fitter = await signedIn(t, 'Monteur');
    const api = async <T>(method: string, path: string, body: unknown, token = admin) => {
      const response = await t.request<T>(method, path, { token, body });
      if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}`);
      return response.body;
    };
    // The foreman wants the daily digest of unread messages: a setting the backup must carry.
    await api('PUT', '/api/message-digest', { enabled: true }, foreman.token);
    await api('POST', '/api/customer-types', { name: 'Großkunde' });
    const tag = await api<TagDto>('POST', '/api/tags', {
      customerType: 'Großkunde',
      label: 'Dringend',
      color: 'red',
      priority: 3,
    });
    const external = await api<ExternalUserDto>('POST', '/api/external-users', { name: 'Elektro Schmidt' });
    const groupId = newId();
    await api('PUT', `/api/project-groups/${groupId}`, { name: 'Neubau Süd', color: '#22aa44' });

    const created = await buildProject(t, foreman.token, {
      name: 'Halle Nord',
      customerType: 'Großkunde',
      projectNumber: 'P-77',
      memberIds: [fitter.user.id],
    });
    let document = withCard(created, {
      title: 'Unterverteilung setzen',
      description: 'Zeile 1\nZeile 2 mit Ümläuten ß',
      tagIds: [tag.id],
      assignedTo: `ext-${external.id}`,
      timeEntries: [{ id: newId(), rev: 0, userId: null, username: '', date: '2026-11-02', hours: 2.25 }],
      materialEntries: [{ id: newId(), rev: 0, quantity: 12.5, unit: 'm', name: 'NYM-J 3x1,5' }],
    });
    document = withCard(document, { title: 'Zweite Aufgabe', group: 'Elektro' });
    const [position] = keysAfter(null, 1);
    document = {
      ...document,
      groupId,
      tagIds: [tag.id],
      cardGroups: ['Elektro'],
      columns: [...document.columns, { id: newId(), rev: 0, position: `0${position!}`, title: 'Vorab', cards: [] }],
      appointments: [
        {
          id: newId(),
          rev: 0,
          title: 'Begehung',
          date: '2026-12-01T09:30',
          status: 'attended',
          contactName: 'Herr Kurz',
          contactPhone: '0711 555',
          tagIds: [],
          notes: 'Tor 3',
        },
      ],
      notes: [
        {
          id: newId(),
          rev: 0,
          title: 'Informationen',
          content: 'Schlüssel im Büro',
          authorId: null,
          authorUsername: '',
          timestamp: '',
        },
      ],
    };
    const saved = await api<ProjectDocument>('PUT', `/api/projects/${created.id}`, document, foreman.token);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer();
    const image = await api<ImageDto>(
      'POST',
      '/api/images',
      { projectId: saved.id, name: 'baustelle.jpg', dataUrl: `data:image/jpeg;base64,${photo.toString('base64')}` },
      foreman.token,
    );
    await api('PUT', `/api/projects/${saved.id}`, { ...saved, thumbnailImageId: image.id }, foreman.token);
    const archived = await api<ProjectDocument>('POST', '/api/projects', { name: 'Alt und fertig' }, foreman.token);
    await api('DELETE', `/api/projects/${archived.id}`, undefined, foreman.token);

    const templateId = newId();
    await api(
      'PUT',
      `/api/templates/${templateId}`,
      {
        revision: 0,
        name: unique('Vorlage Elektro'),
        icon: 'zap',
        customerType: 'Großkunde',
        cardGroups: [],
        columns: [{ id: newId(), rev: 0, position: position!, title: 'Planung', cards: [] }],
      },
      foreman.token,
    );

    projectIds = [saved.id, archived.id];
    const templates = await api<{ id: string }[]>('GET', '/api/templates', undefined, admin);
    // The seeded global template and the foreman's own.
    templateIds = [...templates.map((template) => template.id), templateId];
    original = await readCompany(t, admin, projectIds, templateIds);
    // Uncompressed, so the answer's framing is the route's own (compression always streams).
    const exported = await t.request<BackupFile>('GET', '/api/backup/export', {
      token: admin,
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(exported.headers.get('content-disposition')).toMatch(/Werkboard-backup-\d{4}-\d{2}-\d{2}\.json/);
    // Streamed as it is written (no length known beforehand), as JSON.
    expect(exported.headers.get('content-type')).toMatch(/^application\/json/);
    expect(exported.headers.get('content-length')).toBeNull();
    expect(exported.headers.get('transfer-encoding')).toBe('chunked');
    backup = exported.body;
  } finally {
    await t.close();
  }
}, 120_000);

describe('a backup restored on a fresh installation', () => {
  let t: TestServer;
  let admin: string;
  let restoredAnswer: ImportResult;

  beforeAll(async () => {
    t = await testServer();
    admin = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
  }, 60_000);
  afterAll(() => t.close());

  it('carries no password hash and the photos as data URLs', () => {
    const text = JSON.stringify(backup);
    expect(text).not.toMatch(/password|\$argon2/i);
    expect(backup).toMatchObject({ type: 'Werkboard-backup', version: 2 });
    expect(backup.data.images).toHaveLength(1);
    expect(backup.data.images[0]!.dataUrl).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('reads back identical through the API: projects, templates, types, tags, groups, workers, photos', async () => {
    const response = await t.request<ImportResult>('POST', '/api/backup/import', {
      token: admin,
      body: { data: backup, mode: 'replace' },
    });
    expect(response.status).toBe(200);
    restoredAnswer = response.body;
    const restored = await readCompany(t, admin, projectIds, templateIds);
    const adminHere = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).user.id;
    const adminThere = backup.data.users.find((user) => user.username === TEST_ADMIN.username)!.id;
    const here = (id: string | null) => (id === adminThere ? adminHere : id);

    expect(restored.projects.map((document) => comparable(document, true))).toEqual(
      original.projects.map((document) => comparable(document, false)),
    );
    expect(restored.templates.map((document) => comparable(document, true))).toEqual(
      original.templates.map((document) => ({ ...comparable(document, false), ownerId: here(document.ownerId) })),
    );
    expect(restored.customerTypes).toEqual(original.customerTypes);
    expect(restored.tags).toEqual(original.tags);
    expect(restored.groups).toEqual(original.groups);
    expect(restored.externalUsers).toEqual(original.externalUsers);
    expect(restored.images).toEqual(original.images);
    expect(restored.projects[0]!.thumbnailImageId).toBe(original.images[0]!.id);
    expect(restored.projects[1]!.status).toBe('archived');
  });

  it('restores users without a usable password until the Admin sets one', async () => {
    expect(restoredAnswer.changes).toContain(c.usersCreated(backup.data.users.length - 1));
    expect(restoredAnswer.changes).toContain(c.usersMatched(1));
    const login = await t.request('POST', '/api/auth/login', {
      body: { username: foremanName, password: foremanPassword },
    });
    expect(login.status).toBe(401);
    const foreman = backup.data.users.find((user) => user.username === foremanName)!;
    const set = await t.request('PUT', `/api/users/${foreman.id}`, {
      token: admin,
      body: { username: foremanName, password: 'neues-passwort' },
    });
    expect(set.status).toBe(200);
    const token = (await t.login(foremanName, 'neues-passwort')).token;
    const own = await t.request<ProjectDocument>('GET', `/api/projects/${projectIds[0]!}`, { token });
    expect(own.body.ownerId).toBe(foreman.id);
    // Settings that live outside `settings` come back too; a user who never chose keeps the default.
    expect(foreman.messageDigest).toBe(true);
    expect((await t.request('GET', '/api/message-digest', { token })).body).toMatchObject({ enabled: true });
    expect(backup.data.users.filter((user) => user.messageDigest)).toHaveLength(1);
  });

  it('imports the existing product’s file: re-keyed ids, array order, Berlin dates, tags by type, ext- assignees', async () => {
    const response = await t.request<ImportResult>('POST', '/api/backup/import', {
      token: admin,
      body: { data: LEGACY_BACKUP },
    });
    expect(response.status).toBe(200);
    expect(response.body.imported).toEqual({ projects: 1, templates: 1, customerTypes: 3, tags: 3 });
    expect(response.body.changes).toEqual(
      expect.arrayContaining([c.positionsDerived(9), c.datesNormalised(3), c.ownersDefaulted(1)]),
    );
    expect(response.body.changes.some((change) => /Kennungen waren keine UUIDs/.test(change))).toBe(true);

    const id = derivedUuid('project-1710425100000');
    const project = (await t.request<ProjectDocument>('GET', `/api/projects/${id}`, { token: admin })).body;
    expect(project.name).toBe('Bad Müller, Hauptstraße 5');
    expect(project.columns.map((column) => column.title)).toEqual(['To Do', 'In Bearbeitung', 'Erledigt']);
    const [first, second] = project.columns[0]!.cards;
    expect([first!.title, second!.title]).toEqual(['Vorwandinstallation setzen', 'Steckdosen und Spiegelleuchte']);
    expect(first!.timeEntries[0]).toMatchObject({ date: '2025-03-13', hours: 3.5, username: 'mario' });
    expect(project.columns[1]!.cards[0]!.timeEntries[0]!.date).toBe('2025-03-10');
    expect(project.appointments[0]!.date).toBe('2025-03-20T09:30');
    expect(second!.assignedTo).toBe(`ext-${derivedUuid('3')}`);
    expect(project.groupAssignments).toEqual({ Elektro: `ext-${derivedUuid('3')}` });

    const tags = (await t.request<TagDto[]>('GET', '/api/tags', { token: admin })).body;
    const idOf = (label: string) => tags.find((tag) => tag.label === label && tag.customerType === 'Privatkunde')?.id;
    expect(first!.tagIds).toEqual([idOf('Dringend'), idOf('Material fehlt')]);
    expect(project.ownerId).toBe((await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).user.id);
    expect(project.changeLog.map((entry) => entry.action)).toEqual([
      de.transfer.logImported,
      'hat das Projekt erstellt.',
    ]);

    const template = (
      await t.request<ProjectDocument>('GET', `/api/templates/${derivedUuid('template-1710420000000')}`, {
        token: admin,
      })
    ).body;
    expect(template.columns[0]!.cards.map((card) => card.title)).toEqual(['Aufmaß nehmen']);

    // The same file again updates the same project (the ids derive the same way).
    const again = await t.request<ImportResult>('POST', '/api/backup/import', {
      token: admin,
      body: { data: LEGACY_BACKUP },
    });
    expect(again.status).toBe(200);
    const list = (await t.request<{ id: string; name: string }[]>('GET', '/api/projects', { token: admin })).body;
    expect(list.filter((each) => each.name === 'Bad Müller, Hauptstraße 5').map((each) => each.id)).toEqual([id]);
  });
});
