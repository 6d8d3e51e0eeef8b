import sharp from 'sharp';
import { de, DEFAULT_ROLE_PERMISSIONS, newId, type ProjectDocument } from '@werkboard/common';
import { grantLifetimeLicense } from '../test/licenseKeys';
import { buildProject, withCard } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer, type ErrorBody } from '../test/testServer';

/**
 * Issue 13, finding 15: a NUL byte in a card title or a note gave 500 (PostgreSQL refuses it).
 * Every text of every request body is checked now: control characters nowhere, tabs and line
 * breaks only in multi-line fields, bidi overrides in no name. A refused request changes nothing.
 */
let t: TestServer;
let token: string;
let adminId: string;
let pngDataUrl: string;

beforeAll(async () => {
  t = await testServer();
  await grantLifetimeLicense();
  const admin = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
  token = admin.token;
  adminId = admin.user.id;
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  pngDataUrl = `data:image/png;base64,${png.toString('base64')}`;
});
afterAll(() => t.close());

const api = <T = ErrorBody>(method: string, path: string, body?: unknown) =>
  t.request<T>(method, path, { token, ...(body !== undefined ? { body } : {}) });

const newProject = () => buildProject(t, token);

type ServerOwned =
  | 'id'
  | 'isTemplate'
  | 'status'
  | 'ownerId'
  | 'ownerUsername'
  | 'deputyOwnerId'
  | 'memberIds'
  | 'team'
  | 'lastModified'
  | 'createdAt';
const SERVER_OWNED: ReadonlySet<string> = new Set<ServerOwned>([
  'id',
  'isTemplate',
  'status',
  'ownerId',
  'ownerUsername',
  'deputyOwnerId',
  'memberIds',
  'team',
  'lastModified',
  'createdAt',
]);

/**
 * A document with one of everything that holds text (card, time and material entry,
 * appointment, note), without the fields the server owns and never reads from a PUT.
 */
function fullDocument(project: ProjectDocument) {
  const sent = Object.fromEntries(Object.entries(project).filter(([key]) => !SERVER_OWNED.has(key))) as Omit<
    ProjectDocument,
    ServerOwned
  >;
  const withBoard = withCard(sent, {
    title: 'Kabel verlegen',
    description: 'Erdgeschoss\nund Keller',
    tagIds: [newId()],
    group: 'Elektro',
    timeEntries: [{ id: newId(), rev: 0, userId: null, username: '', date: '2026-03-02', hours: 2 }],
    materialEntries: [{ id: newId(), rev: 0, quantity: 3, unit: 'm', name: 'NYM-J 3x1,5' }],
  });
  const [first, ...rest] = withBoard.columns;
  return {
    ...sent,
    description: 'Neubau',
    projectNumber: 'P-7',
    cardGroups: ['Elektro'],
    groupAssignments: { Elektro: adminId },
    columns: [{ ...first!, title: 'Offen' }, ...rest],
    appointments: [
      {
        id: newId(),
        rev: 0,
        title: 'Abnahme',
        date: '2026-03-04T09:00',
        status: 'active',
        contactName: 'Frau Berg',
        contactPhone: '0171 123',
        tagIds: [],
        notes: 'Schlüssel\nbeim Nachbarn',
      },
    ],
    notes: [
      {
        id: newId(),
        rev: 0,
        title: 'Materialbedarf',
        content: 'Zwei Rollen',
        authorId: null,
        authorUsername: '',
        timestamp: '',
      },
    ],
  };
}

type Path = (string | number)[];

/** Every string in a body and every key of a record in it, as paths ('key:' marks a key). */
function textPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => textPaths(item, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => [
      ...(path.at(-1) === 'groupAssignments' ? [[...path, `key:${key}`]] : []),
      ...textPaths(item, [...path, key]),
    ]);
  return [];
}

/** A copy of the body with `insert` put into the middle of the text at `path`. */
function withInsert(body: unknown, path: Path, insert: string): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  const spoil = (text: string) => `${text.slice(0, 1)}${insert}${text.slice(1)}`;
  if (typeof last === 'string' && last.startsWith('key:')) {
    const key = last.slice(4);
    parent[spoil(key)] = parent[key];
    delete parent[key];
  } else parent[last] = spoil(parent[last] as string);
  return copy;
}

interface WriteCase {
  name: string;
  method: string;
  path: string;
  body: unknown;
}

async function writeCases(): Promise<WriteCase[]> {
  const project = await newProject();
  return [
    {
      name: 'new project',
      method: 'POST',
      path: '/api/projects',
      body: { name: 'Bad', projectNumber: 'P-1', customerType: 'Allgemein' },
    },
    { name: 'project document', method: 'PUT', path: `/api/projects/${project.id}`, body: fullDocument(project) },
    {
      name: 'new template',
      method: 'PUT',
      path: `/api/templates/${newId()}`,
      body: { ...fullDocument(project), revision: 0, appointments: [], notes: [] },
    },
    {
      name: 'save from project',
      method: 'POST',
      path: '/api/templates/save-from-project',
      body: { project: project.id, name: 'Vorlage', description: 'Text', customerType: 'Allgemein', ownerId: adminId },
    },
    {
      name: 'new user',
      method: 'POST',
      path: '/api/users',
      body: {
        username: 'monteur',
        password: 'geheim-im-Lager-7',
        email: 'a@b.de',
        phone: '0171',
        privatePhone: '0172',
        address: 'Hauptstr. 1\n12345 Stadt',
        website: 'https://firma.de',
        otherInfo: 'Schicht',
      },
    },
    {
      name: 'profile',
      method: 'PUT',
      path: '/api/users/profile',
      body: { phone: '0171', address: 'Hauptstr. 1', otherInfo: 'x' },
    },
    {
      name: 'password change',
      method: 'POST',
      path: '/api/users/change-password',
      body: { currentPassword: 'falsch', newPassword: 'neu-neu-Werk' },
    },
    { name: 'external worker', method: 'POST', path: '/api/external-users', body: { name: 'Zimmerei' } },
    {
      name: 'SMTP settings',
      method: 'PUT',
      path: '/api/settings',
      body: {
        smtp: {
          host: 'mail.firma.de',
          username: 'werkboard',
          password: 'pw-Werkbank-7',
          fromEmail: 'a@b.de',
          fromName: 'Werkboard',
        },
      },
    },
    {
      name: 'customer type',
      method: 'POST',
      path: '/api/customer-types',
      body: { name: 'Gewerbe', copyTagsFrom: 'Allgemein' },
    },
    { name: 'tag', method: 'POST', path: '/api/tags', body: { customerType: 'Allgemein', label: 'Dringend' } },
    {
      name: 'project group',
      method: 'PUT',
      path: `/api/project-groups/${newId()}`,
      body: { name: 'Neubauten', description: 'Alle\nNeubauten' },
    },
    {
      name: 'image',
      method: 'POST',
      path: '/api/images',
      body: { projectId: project.id, name: 'foto.png', dataUrl: pngDataUrl },
    },
    {
      name: 'license',
      method: 'POST',
      path: '/api/license/activate',
      body: { email: 'a@b.de', licenseKey: 'kein.schluessel', deviceId: 'geraet' },
    },
    {
      name: 'role permissions',
      method: 'PUT',
      path: '/api/permissions/roles',
      body: { Helfer: DEFAULT_ROLE_PERMISSIONS.Helfer },
    },
  ];
}

describe('control characters in request texts', () => {
  it('refuses a NUL byte in any text of any body with 400 on that field, never 500', async () => {
    let checked = 0;
    for (const write of await writeCases()) {
      for (const path of textPaths(write.body)) {
        const response = await api(write.method, write.path, withInsert(write.body, path, '\u0000'));
        // The refusal names the spoiled field (a record's key: the record's entry).
        const field = path.filter((step) => !String(step).startsWith('key:')).join('.');
        const named = Object.keys(response.body.fields ?? {}).some(
          (key) => key === field || key.startsWith(`${field}.`),
        );
        expect([write.name, field, response.status, response.body.code, named]).toEqual([
          write.name,
          field,
          400,
          'validation',
          true,
        ]);
        checked += 1;
      }
    }
    // The table reaches every kind of text: titles, notes, names, record keys, passwords.
    expect(checked).toBeGreaterThan(60);
  }, 180_000);

  it('refuses a NUL in the login, the search and a customer type in the path', async () => {
    const login = await t.request<ErrorBody>('POST', '/api/auth/login', {
      body: { username: 'ad\u0000min', password: TEST_ADMIN.password },
    });
    expect([login.status, login.body.message]).toEqual([400, de.validation.controlCharacters]);
    const search = await api('GET', `/api/search?q=${encodeURIComponent('Kabel\u0000')}`);
    expect([search.status, search.body.message]).toEqual([400, de.validation.controlCharacters]);
    const type = await api('DELETE', `/api/customer-types/${encodeURIComponent('Gew\u0000erbe')}`);
    expect(type.status).toBe(404);
  });

  it('refuses a NUL in a card title and a note, and saves nothing of that write', async () => {
    const project = await newProject();
    const document = fullDocument(project);
    const card = document.columns[0]!.cards[0]!;
    const titled = { ...document, columns: [{ ...document.columns[0]!, cards: [{ ...card, title: 'Kabel\u0000' }] }] };
    const refused = await api('PUT', `/api/projects/${project.id}`, titled);
    expect([refused.status, refused.body.message]).toEqual([400, de.validation.controlCharacters]);
    expect(refused.body.fields).toEqual({ 'columns.0.cards.0.title': de.validation.controlCharacters });
    const noted = { ...document, notes: [{ ...document.notes[0]!, content: 'Zwei\u0000Rollen' }] };
    expect((await api('PUT', `/api/projects/${project.id}`, noted)).status).toBe(400);
    const stored = await api<ProjectDocument>('GET', `/api/projects/${project.id}`);
    expect([stored.body.revision, stored.body.notes, stored.body.columns[0]!.cards]).toEqual([
      project.revision,
      [],
      [],
    ]);
  });

  it('keeps line breaks and tabs in multi-line texts and refuses them in one-line texts', async () => {
    const project = await newProject();
    const document = fullDocument(project);
    const card = document.columns[0]!.cards[0]!;
    const multiLine = {
      ...document,
      description: 'Erste Zeile\r\nZweite\tZeile',
      notes: [{ ...document.notes[0]!, content: 'Zeile 1\nZeile 2' }],
    };
    const saved = await api<ProjectDocument>('PUT', `/api/projects/${project.id}`, multiLine);
    expect(saved.status).toBe(200);
    expect([saved.body.description, saved.body.notes[0]!.content]).toEqual([
      'Erste Zeile\r\nZweite\tZeile',
      'Zeile 1\nZeile 2',
    ]);
    const title = {
      ...saved.body,
      columns: [{ ...saved.body.columns[0]!, cards: [{ ...card, title: 'Kabel\nverlegen' }] }],
    };
    const refused = await api('PUT', `/api/projects/${project.id}`, title);
    expect([refused.status, refused.body.message]).toEqual([400, de.validation.lineBreaks]);
  });

  it('refuses bidi overrides in names (users, projects, files) and keeps them out of the database', async () => {
    const spoofed = 'Rechnung\u202efdp.exe';
    const user = await api('POST', '/api/users', { username: spoofed, password: 'geheim-im-Lager-7' });
    expect([user.status, user.body.message]).toEqual([400, de.validation.bidiOverrides]);
    const project = await api('POST', '/api/projects', { name: spoofed });
    expect([project.status, project.body.message]).toEqual([400, de.validation.bidiOverrides]);
    const target = await newProject();
    const image = await api('POST', '/api/images', { projectId: target.id, name: spoofed, dataUrl: pngDataUrl });
    expect([image.status, image.body.message]).toEqual([400, de.validation.bidiOverrides]);
    // In a card's text an override is only text: a description may quote one.
    const document = fullDocument(target);
    const card = document.columns[0]!.cards[0]!;
    const quoted = {
      ...document,
      columns: [{ ...document.columns[0]!, cards: [{ ...card, description: `Datei ${spoofed}` }] }],
    };
    expect((await api('PUT', `/api/projects/${target.id}`, quoted)).status).toBe(200);
  });
});
