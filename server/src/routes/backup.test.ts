import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  BACKUP_TYPE,
  type BackupFile,
  de,
  type ImportResult,
  newId,
  type ProjectDocument,
  type TagDto,
} from '@werkboard/common';
import { User } from '../models';
import { buildProject, signedIn, withCard } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer } from '../test/testServer';

/**
 * The import routes (spec sections 5, 7 and 8) and the exports: permissions, every malformed
 * file refused with its message and nothing changed (every table counted), the Free limits,
 * and a merge and a replace on one installation. The round trip to a fresh installation and
 * the existing product's file: backupRoundTrip.test.ts.
 */

const m = de.transfer;
let t: TestServer;
let admin: string;

beforeAll(async () => {
  t = await testServer();
  admin = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
}, 60_000);
afterAll(() => t.close());

/** Every table's row count: what an import that fails must leave as it was. */
async function tableCounts(): Promise<Record<string, number>> {
  const sequelize = User.sequelize!;
  const [tables] = (await sequelize.query(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('SequelizeMeta', 'idempotency_keys') ORDER BY tablename",
  )) as [{ tablename: string }[], unknown];
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [[row]] = (await sequelize.query(`SELECT count(*)::int AS count FROM "${tablename}"`)) as [
      { count: number }[],
      unknown,
    ];
    counts[tablename] = row!.count;
  }
  return counts;
}

async function png(color: string): Promise<string> {
  const bytes = await sharp({ create: { width: 6, height: 4, channels: 3, background: color } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

const post = (path: string, body: unknown, token = admin) =>
  t.request<ImportResult & { message?: string }>('POST', path, { token, body });

describe('refused imports change nothing', () => {
  const cases: [string, string, unknown, string][] = [
    ['/api/projects/import', 'data is no array', { name: 'x' }, m.projectsInvalid],
    ['/api/projects/import', 'an item without columns', [{ id: 'p1', name: 'Bad' }], m.projectsInvalid],
    ['/api/templates/import', 'an item without a name', [{ id: 't1', columns: [] }], m.templatesInvalid],
    ['/api/customer-types/import', 'an item that is no string', ['Privatkunde', 7], m.customerTypesInvalid],
    ['/api/tags/import', 'an array', [{ label: 'x' }], m.tagsInvalid],
    ['/api/backup/import', 'the wrong type marker', { type: 'Other-backup', data: {} }, m.backupInvalid],
    ['/api/backup/import', 'no data field', { type: BACKUP_TYPE, version: 2 }, m.backupInvalid],
  ];
  it.each(cases)('%s: %s', async (path, _case, data, message) => {
    const before = await tableCounts();
    const response = await post(path, { data, mode: 'merge' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await tableCounts()).toEqual(before);
  });

  it('a backup user without a name, or with settings the settings route refuses', async () => {
    const before = await tableCounts();
    const file = (user: object) => ({ type: BACKUP_TYPE, version: 2, data: { users: [user] } });
    const nameless = await post('/api/backup/import', { data: file({ id: newId(), username: ' ' }) });
    expect([nameless.status, nameless.body.message]).toEqual([
      400,
      m.itemInvalid(m.backupInvalid, m.userAt(0), de.users.usernameRequired),
    ]);
    const badSettings = await post('/api/backup/import', {
      data: file({ id: newId(), username: 'neu', settings: { colors: { appBg: 'javascript:alert(1)' } } }),
    });
    expect(badSettings.status).toBe(400);
    expect(badSettings.body.message).toMatch(/^Ungültiges Backup-Format oder falscher Typ\. Benutzer 1: /);
    expect(await tableCounts()).toEqual(before);
  });

  it('an unknown mode', async () => {
    const response = await post('/api/customer-types/import', { data: ['Neu'], mode: 'overwrite' });
    expect([response.status, response.body.message]).toEqual([400, m.modeInvalid]);
  });

  it('a project whose card breaks a rule: the format message, where, and the rule', async () => {
    const before = await tableCounts();
    const data = [
      { id: 'p-good', name: 'Gut', columns: [{ id: 'c1', title: 'To Do', cards: [] }] },
      {
        id: 'p-bad',
        name: 'Schlecht',
        columns: [
          {
            id: 'c1',
            title: 'To Do',
            cards: [{ id: 'k1', title: 'A', timeEntries: [{ id: 'z1', date: '2026-01-05', hours: -2 }] }],
          },
        ],
      },
    ];
    const response = await post('/api/projects/import', { data });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      m.itemInvalid(m.projectsInvalid, m.projectAt(1, 'Schlecht'), de.projects.hoursInvalid),
    );
    expect(await tableCounts()).toEqual(before);
  });

  it('a backup that breaks in the middle (an image that is none, after its projects were written)', async () => {
    const before = await tableCounts();
    const projectId = newId();
    const file = {
      type: BACKUP_TYPE,
      version: 2,
      data: {
        customerTypes: ['Mittendrin'],
        projects: [{ id: projectId, name: 'Halb', icon: 'home', columns: [{ id: newId(), title: 'A', cards: [] }] }],
        images: [{ id: newId(), projectId, name: 'kaputt.png', dataUrl: 'data:image/png;base64,AAAA' }],
      },
    };
    const response = await post('/api/backup/import', { data: file });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Ungültiges Backup-Format oder falscher Typ\. Bild 1: /);
    expect(await tableCounts()).toEqual(before);
  });

  it('more active projects than the Free license allows: 403, nothing written', async () => {
    const before = await tableCounts();
    const data = Array.from({ length: 11 }, (_, index) => ({
      id: newId(),
      name: `Viele ${index}`,
      columns: [{ id: newId(), title: 'A', cards: [] }],
    }));
    const response = await post('/api/projects/import', { data });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(de.limits.activeProjects);
    expect(await tableCounts()).toEqual(before);
  });
});

describe('the upload read as a stream', () => {
  const spooled = () => {
    const dir = path.join(t.server.services.config.dataDir, 'tmp');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it('takes the body in either order of mode and data, and leaves no upload file behind, refused or not', async () => {
    const data = [{ id: newId(), name: 'Reihenfolge', columns: [] }];
    const modeLast = await t.request<ImportResult>('POST', '/api/projects/import', {
      token: admin,
      rawBody: `{"data":${JSON.stringify(data)},"mode":"merge"}`,
    });
    expect([modeLast.status, modeLast.body.imported]).toEqual([200, { projects: 1 }]);
    const badModeLast = await t.request<{ message: string }>('POST', '/api/projects/import', {
      token: admin,
      rawBody: `{"data":${JSON.stringify(data)},"mode":"overwrite"}`,
    });
    expect([badModeLast.status, badModeLast.body.message]).toEqual([400, m.modeInvalid]);
    const broken = await t.request<{ message: string }>('POST', '/api/projects/import', {
      token: admin,
      rawBody: '{"mode":"merge","data":[{"id":"p1","name":"Halb",',
    });
    expect([broken.status, broken.body.message]).toEqual([400, de.api.validationFailed]);
    expect(spooled()).toEqual([]);
    // Archived: the Free limit of active projects is shared by the whole file.
    expect((await t.request('DELETE', `/api/projects/${data[0]!.id}`, { token: admin })).status).toBe(200);
  });

  it('refuses the first broken project even when a later one has no columns: the shape first, as before', async () => {
    const data = [
      { id: 'p-1', name: 'Kaputt', columns: [{ id: 'c1', title: '', cards: 'keine' }] },
      { id: 'p-2', name: 'Ohne Spalten' },
    ];
    const response = await post('/api/projects/import', { data });
    expect([response.status, response.body.message]).toEqual([400, m.projectsInvalid]);
  });

  it('refuses a photo of a project missing from the file before a later photo that is no image, by its place', async () => {
    const projectId = newId();
    const file = {
      type: BACKUP_TYPE,
      version: 2,
      // The photos before the projects: the file's order is free.
      data: {
        images: [
          { id: newId(), projectId, name: 'gut.png', dataUrl: await png('#336699') },
          { id: newId(), projectId: newId(), name: 'fremd.png', dataUrl: await png('#336699') },
          { id: newId(), projectId, name: 'kaputt.png', dataUrl: 7 },
        ],
        projects: [{ id: projectId, name: 'Fotos', icon: 'home', columns: [] }],
      },
    };
    const response = await post('/api/backup/import', { data: file });
    expect([response.status, response.body.message]).toEqual([
      400,
      m.itemInvalid(m.backupInvalid, m.imageAt(1), m.imageProjectMissing),
    ]);
    file.data.images.splice(1, 2);
    const restored = await post('/api/backup/import', { data: file });
    expect([restored.status, restored.body.imported]).toEqual([200, { projects: 1, images: 1 }]);
    const project = await t.request<ProjectDocument>('GET', `/api/projects/${projectId}`, { token: admin });
    expect(project.body.name).toBe('Fotos');
    expect((await t.request('DELETE', `/api/projects/${projectId}`, { token: admin })).status).toBe(200);
  });
});

describe('who may import and export', () => {
  it('refuses without a session', async () => {
    for (const path of ['/api/projects/import', '/api/backup/import'])
      expect((await t.request('POST', path, { body: { data: [] } })).status).toBe(401);
    expect((await t.request('GET', '/api/backup/export')).status).toBe(401);
  });

  it('lets only Admin import projects, templates and backups, and replace anything', async () => {
    const boss = await signedIn(t, 'Firmenleiter');
    const before = await tableCounts();
    const project = [{ id: newId(), name: 'Fremd', columns: [] }];
    expect((await post('/api/projects/import', { data: project }, boss.token)).body.message).toBe(m.forbiddenAdminOnly);
    expect((await post('/api/templates/import', { data: project }, boss.token)).status).toBe(403);
    const replace = await post('/api/customer-types/import', { data: ['X'], mode: 'replace' }, boss.token);
    expect([replace.status, replace.body.message]).toEqual([403, m.forbiddenReplace]);
    expect(await tableCounts()).toEqual(before);
  });

  it('lets who manages customer types merge types and tags; a Monteur may not', async () => {
    const boss = await signedIn(t, 'Firmenleiter');
    const fitter = await signedIn(t, 'Monteur');
    const refused = await post('/api/customer-types/import', { data: ['Monteurtyp'] }, fitter.token);
    expect([refused.status, refused.body.message]).toEqual([403, m.forbiddenCustomerTypes]);
    const merged = await post('/api/customer-types/import', { data: ['Chefsache'] }, boss.token);
    expect(merged.status).toBe(200);
    expect(merged.body.imported).toEqual({ customerTypes: 1 });
    expect((await t.request<string[]>('GET', '/api/customer-types', { token: fitter.token })).body).toContain(
      'Chefsache',
    );
  });

  it('refuses a caller who may not import before reading the file: 403 even for a body that is no JSON', async () => {
    const fitter = await signedIn(t, 'Monteur');
    for (const [path, message] of [
      ['/api/backup/import', m.forbiddenAdminOnly],
      ['/api/projects/import', m.forbiddenAdminOnly],
      ['/api/tags/import', m.forbiddenCustomerTypes],
    ] as const) {
      // A body the parser would refuse with 400: a 403 shows it was never read.
      const response = await fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${fitter.token}`, 'Content-Type': 'application/json' },
        body: '{"data": [' + 'x'.repeat(200_000),
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    const broken = await fetch(`${t.url}/api/backup/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      body: '{"data": [',
    });
    expect(broken.status).toBe(400);
    // The Free license counts users: the imports below need the room.
    await fitter.user.destroy();
  });

  it('exports to everyone only what they may read; the backup only to Admin', async () => {
    const owner = await signedIn(t, 'Projektleiter');
    const other = await signedIn(t, 'Projektleiter');
    const project = await buildProject(t, owner.token, { name: 'Nur meins' });
    const own = await t.request<ProjectDocument[]>('GET', '/api/projects/export', { token: owner.token });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toMatch(/filename="Werkboard-projects-\d{4}-\d{2}-\d{2}\.json"/);
    expect(own.body.map((document) => document.id)).toContain(project.id);
    const foreign = await t.request<ProjectDocument[]>('GET', '/api/projects/export', { token: other.token });
    expect(foreign.body.map((document) => document.id)).not.toContain(project.id);
    const backup = await t.request<{ message: string }>('GET', '/api/backup/export', { token: owner.token });
    expect([backup.status, backup.body.message]).toEqual([403, m.forbiddenBackupExport]);
  });
});

describe('merge and replace', () => {
  it('merge updates the project of the same id and keeps the others; the change log says who imported', async () => {
    const kept = await buildProject(t, admin, { name: 'Bleibt' });
    const project = await buildProject(t, admin, { name: 'Wird ersetzt' });
    const exported = (await t.request<ProjectDocument[]>('GET', '/api/projects/export', { token: admin })).body;
    const file = exported
      .filter((document) => document.id === project.id)
      .map((document) => withCard({ ...document, name: 'Ersetzt' }, { title: 'Neue Aufgabe' }));
    const response = await post('/api/projects/import', { data: file, mode: 'merge' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ mode: 'merge', imported: { projects: 1 }, changes: [] });
    const after = (await t.request<ProjectDocument>('GET', `/api/projects/${project.id}`, { token: admin })).body;
    expect(after.name).toBe('Ersetzt');
    expect(after.revision).toBeGreaterThan(project.revision);
    expect(after.columns[0]!.cards.map((card) => card.title)).toContain('Neue Aufgabe');
    expect(after.changeLog[0]!.action).toBe(m.logImported);
    expect((await t.request('GET', `/api/projects/${kept.id}`, { token: admin })).status).toBe(200);

    // The imported document saves again through the merging PUT (its revision and entities fit).
    const saved = await t.request<ProjectDocument>('PUT', `/api/projects/${project.id}`, {
      token: admin,
      body: withCard(after, { title: 'Danach' }),
    });
    expect(saved.status).toBe(200);
  });

  it('replace deletes the tags that are not in the file', async () => {
    await post('/api/customer-types/import', { data: ['Ersatztyp'] });
    const tag = await t.request<TagDto>('POST', '/api/tags', {
      token: admin,
      body: { customerType: 'Ersatztyp', label: 'Alt' },
    });
    expect(tag.status).toBe(201);
    const response = await post('/api/tags/import', {
      data: { Ersatztyp: [{ id: newId(), label: 'Neu', color: 'red', priority: 3 }] },
      mode: 'replace',
    });
    expect(response.status).toBe(200);
    const tags = (await t.request<TagDto[]>('GET', '/api/tags', { token: admin })).body;
    expect(tags.map((each) => each.label)).toEqual(['Neu']);
  });

  it('a backup restores photos by id and its project shows them', async () => {
    const projectId = newId();
    const imageId = newId();
    const dataUrl = await png('#2e86de');
    const file = {
      type: BACKUP_TYPE,
      version: 2,
      timestamp: new Date().toISOString(),
      data: {
        projects: [
          {
            id: projectId,
            name: 'Mit Foto',
            icon: 'camera',
            thumbnailImageId: imageId,
            columns: [{ id: newId(), title: 'A', cards: [] }],
          },
        ],
        images: [{ id: imageId, projectId, name: 'baustelle.png', dataUrl }],
      },
    } satisfies { type: string; version: number; timestamp: string; data: Partial<BackupFile['data']> | object };
    const response = await post('/api/backup/import', { data: file });
    expect(response.status).toBe(200);
    const project = (await t.request<ProjectDocument>('GET', `/api/projects/${projectId}`, { token: admin })).body;
    expect(project.thumbnailImageId).toBe(imageId);
    const bytes = await t.request<string>('GET', `/api/image-files/${imageId}`, { token: admin });
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/png');
  });
});

describe('many projects in one file', () => {
  it("keeps each project's newest 1,000 change-log entries, the import's line first", async () => {
    const log = (project: number) =>
      Array.from({ length: 1000 }, (_, index) => ({
        id: newId(),
        timestamp: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
        userId: null,
        username: 'paula',
        action: `Eintrag ${project}.${index}`,
      }));
    const projects = [1, 2, 3].map((n) => ({
      id: newId(),
      name: `Langes Protokoll ${n}`,
      columns: [{ id: newId(), title: 'A', cards: [{ id: newId(), title: `Karte ${n}` }] }],
      changeLog: n === 3 ? log(n).slice(0, 2) : log(n),
    }));
    const response = await post('/api/projects/import', { data: projects, mode: 'merge' });
    expect(response.status).toBe(200);
    for (const [index, project] of projects.entries()) {
      const after = (await t.request<ProjectDocument>('GET', `/api/projects/${project.id}`, { token: admin })).body;
      const actions = after.changeLog.map((entry) => entry.action);
      expect(actions[0]).toBe(m.logImported);
      expect(after.columns[0]!.cards.map((card) => card.title)).toEqual([`Karte ${index + 1}`]);
      if (index < 2) {
        expect(actions).toHaveLength(1000);
        expect(actions[1]).toBe(`Eintrag ${index + 1}.999`);
        expect(actions).not.toContain(`Eintrag ${index + 1}.0`);
        expect(actions.at(-1)).toBe(`Eintrag ${index + 1}.1`);
      } else expect(actions).toEqual([m.logImported, 'Eintrag 3.1', 'Eintrag 3.0']);
    }
  });
});

describe('photos of a backup', () => {
  /** A backup of one project with these photos. */
  const importPhotos = (projectId: string, name: string, images: object[]) =>
    post('/api/backup/import', {
      data: {
        type: BACKUP_TYPE,
        version: 2,
        timestamp: new Date().toISOString(),
        data: { projects: [{ id: projectId, name, columns: [{ id: newId(), title: 'A', cards: [] }] }], images },
      },
    });
  const imageBytes = async (id: string) => {
    const response = await fetch(`${t.url}/api/image-files/${id}`, {
      headers: { Authorization: `Bearer ${admin}`, 'X-Device-Id': 'test-device' },
    });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  it('keep the bytes of a photo already in stored form; one with EXIF is re-encoded without it', async () => {
    const projectId = newId();
    const clean = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c8373b' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const withExif = await sharp(clean)
      .withExif({ IFD0: { Artist: 'Monteur Müller', ImageDescription: 'GPS am Einsatzort' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const ids = { clean: newId(), exif: newId() };
    const dataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString('base64')}`;
    const response = await importPhotos(projectId, 'Fotos im Backup', [
      { id: ids.clean, projectId, name: 'sauber.jpg', dataUrl: dataUrl(clean) },
      { id: ids.exif, projectId, name: 'exif.jpg', dataUrl: dataUrl(withExif) },
    ]);
    expect(response.status).toBe(200);
    expect((await imageBytes(ids.clean)).equals(clean)).toBe(true);
    const reencoded = await imageBytes(ids.exif);
    expect(reencoded.equals(withExif)).toBe(false);
    const meta = await sharp(reencoded).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([40, 30]);
    for (const id of [ids.clean, ids.exif]) {
      const thumbnail = await fetch(`${t.url}/api/image-files/${id}/thumbnail`, {
        headers: { Authorization: `Bearer ${admin}`, 'X-Device-Id': 'test-device' },
      });
      expect(thumbnail.status).toBe(200);
    }
  });

  it('refuse a photo in stored form that does not decode (cut off), and nothing changes', async () => {
    const projectId = newId();
    const whole = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3569b5' } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    const before = await tableCounts();
    const response = await importPhotos(projectId, 'Abgeschnitten', [
      { id: newId(), projectId, name: 'halb.jpg', dataUrl: `data:image/jpeg;base64,${cut.toString('base64')}` },
    ]);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(m.backupInvalid);
    expect(await tableCounts()).toEqual(before);
  });
});

describe('the same leniency on a whole-project PUT', () => {
  it('places cards without a sort key by their order in the array, between the cards that have one', async () => {
    const project = await buildProject(t, admin, { name: 'Ohne Reihenfolge' });
    const first = withCard(withCard(project, { title: 'Erste' }), { title: 'Letzte' });
    const saved = (
      await t.request<ProjectDocument>('PUT', `/api/projects/${project.id}`, { token: admin, body: first })
    ).body;
    const [column, ...rest] = saved.columns;
    const [one, last] = column!.cards;
    const withoutKeys = (title: string) => ({ id: newId(), rev: 0, title, timeEntries: [], materialEntries: [] });
    const body = {
      ...saved,
      columns: [
        { ...column!, cards: [withoutKeys('Davor'), one!, withoutKeys('Mitte'), last!, withoutKeys('Danach')] },
        ...rest,
      ],
    };
    const response = await t.request<ProjectDocument>('PUT', `/api/projects/${project.id}`, { token: admin, body });
    expect(response.status).toBe(200);
    const after = (await t.request<ProjectDocument>('GET', `/api/projects/${project.id}`, { token: admin })).body;
    expect(after.columns[0]!.cards.map((card) => card.title)).toEqual(['Davor', 'Erste', 'Mitte', 'Letzte', 'Danach']);
    expect(after.columns[0]!.cards[1]!.position).toBe(one!.position);
  });
});
