import {
  applyProjectDelta,
  de,
  documentDelta,
  keysAfter,
  type ManagedUserDto,
  newId,
  type ProjectChangesDto,
  type ProjectDocument,
  type SearchResponse,
  type SettingsResponse,
  type TagDto,
} from '@werkboard/common';
import { buildProject, signedIn } from '../test/factories';
import { TEST_ADMIN, type ErrorBody, type ApiArgs } from '../test/testServer';
import { testServerPerFile } from '../test/testServerPerFile';

/**
 * Input an attacker would try against the database and the object model (ASVS 1.2.4, 1.5.2,
 * 15.3.6). Issue 13's attack found both sound; these tests keep them so. The server runs in
 * this process, so a polluted Object.prototype would show here.
 */
const t = testServerPerFile({ licensed: true, admin: true });

const api = <T = ErrorBody>(...args: ApiArgs) => t.api<T>(...args);

/** SQL metacharacters: quotes, a statement end, a comment, a LIKE wildcard, a cast. */
const SQL = `O'Brien"; DROP TABLE projects; -- %_ \\ ::text`;

describe('SQL metacharacters are data (ASVS 1.2.4)', () => {
  it('stores them verbatim in a project, a card, a customer type and a tag, and finds them by search', async () => {
    const typeName = `Kunde ${SQL}`;
    const type = await api<{ name: string }>('POST', '/api/customer-types', t.adminToken, { name: typeName });
    expect([type.status, type.body.name]).toEqual([201, typeName]);
    const tag = await api<TagDto>('POST', '/api/tags', t.adminToken, { customerType: typeName, label: `Tag ${SQL}` });
    expect([tag.status, tag.body.label]).toEqual([201, `Tag ${SQL}`]);

    const project = await buildProject(t, t.adminToken, { name: `Projekt ${SQL}`, customerType: typeName });
    expect(project.name).toBe(`Projekt ${SQL}`);
    const document = structuredClone(project);
    document.columns[0]!.cards = [
      {
        id: newId(),
        rev: 0,
        position: keysAfter(null, 1)[0]!,
        title: `Karte ${SQL}`,
        description: `'); DELETE FROM users; --`,
        tagIds: [tag.body.id],
        group: null,
        assignedTo: null,
        timeEntries: [],
        materialEntries: [],
      },
    ];
    document.tagIds = [tag.body.id];
    const saved = await api<ProjectDocument>('PUT', `/api/projects/${project.id}`, t.adminToken, document);
    expect(saved.status).toBe(200);

    const read = await api<ProjectDocument>('GET', `/api/projects/${project.id}`, t.adminToken);
    expect(read.body.name).toBe(`Projekt ${SQL}`);
    expect(read.body.customerType).toBe(typeName);
    expect(read.body.columns[0]!.cards.map((card) => [card.title, card.description])).toEqual([
      [`Karte ${SQL}`, `'); DELETE FROM users; --`],
    ]);

    // The search takes the quote as a character: it finds exactly this project, by name, card and tag.
    for (const query of [`q=${encodeURIComponent('O\'Brien"; DROP')}`, `tag=${encodeURIComponent(`Tag ${SQL}`)}`]) {
      const found = await api<SearchResponse>('GET', `/api/search?${query}`, t.adminToken);
      expect([query, found.status, found.body.projects.map((hit) => hit.id)]).toEqual([query, 200, [project.id]]);
    }
    const injected = await api<SearchResponse>(
      'GET',
      `/api/search?q=${encodeURIComponent("' OR '1'='1")}`,
      t.adminToken,
    );
    expect([injected.status, injected.body.projects]).toEqual([200, []]);
    // Nothing was dropped or deleted.
    expect((await api('GET', '/api/projects', t.adminToken)).status).toBe(200);
    expect((await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token).toBeTruthy();
  });
});

/**
 * A save's writes go to PostgreSQL as one query of several statements, their values as escaped
 * literals in its text (issue 17, branch save17f): every value of every table a delta save
 * writes comes back verbatim, and a NUL is refused before anything is written.
 */
describe('SQL metacharacters in a save written as one query of several statements', () => {
  const HOSTILE = `${SQL} $1 $$ :projectId ?; E'\\' \\' '' x E'y' /* :id, — Grüße 𝄞 😀`;
  /** A unit holds at most 50 characters. */
  const UNIT = `m'\\ $1;:id 😀`;

  it('are stored verbatim in the fields, a card, its entries, a note and an appointment of a keyed PATCH', async () => {
    const { token, user } = await signedIn(t, 'Projektleiter');
    const project = await buildProject(t, token);
    const next = structuredClone(project);
    next.name = `Projekt ${HOSTILE}`;
    next.description = HOSTILE;
    next.cardGroups = [HOSTILE];
    next.columns[0]!.title = HOSTILE;
    next.columns[0]!.cards.push({
      ...{ id: newId(), rev: 0, position: keysAfter(null, 1)[0]!, title: HOSTILE, description: HOSTILE },
      ...{ tagIds: [], group: HOSTILE, assignedTo: null },
      timeEntries: [{ id: newId(), rev: 0, userId: user.id, username: user.username, date: '2026-11-25', hours: 1.5 }],
      materialEntries: [{ id: newId(), rev: 0, quantity: 2, unit: UNIT, name: HOSTILE }],
    });
    next.notes.push({
      ...{ id: newId(), rev: 0, title: HOSTILE, content: HOSTILE, authorId: user.id },
      ...{ authorUsername: user.username, timestamp: '2026-11-25T07:00:00.000Z' },
    });
    next.appointments.push({
      ...{ id: newId(), rev: 0, title: HOSTILE, date: '2026-12-01T09:30', status: 'active' as const },
      ...{ contactName: HOSTILE, contactPhone: '0171 234', tagIds: [], notes: HOSTILE },
    });
    const saved = await t.request<ProjectChangesDto>('PATCH', `/api/projects/${project.id}`, {
      token,
      body: documentDelta(project, next),
      headers: { 'Idempotency-Key': newId() },
    });
    expect(saved.status).toBe(200);
    const read = (await api<ProjectDocument>('GET', `/api/projects/${project.id}`, token)).body;
    expect(applyProjectDelta(project, saved.body as ProjectChangesDto & { kind: 'delta' })).toEqual(read);
    const card = read.columns[0]!.cards.at(-1)!;
    expect([read.name, read.description, read.cardGroups, read.columns[0]!.title]).toEqual([
      `Projekt ${HOSTILE}`,
      HOSTILE,
      [HOSTILE],
      HOSTILE,
    ]);
    expect([card.title, card.description, card.group]).toEqual([HOSTILE, HOSTILE, HOSTILE]);
    expect(card.materialEntries.map((entry) => [entry.unit, entry.name])).toEqual([[UNIT, HOSTILE]]);
    expect(card.timeEntries.map((entry) => entry.hours)).toEqual([1.5]);
    // The note's time is the server's (its `timestamp` is not the writer's to set), to the millisecond.
    const noted = Date.parse(saved.headers.get('date')!);
    expect(read.notes.map((note) => [note.title, note.content])).toEqual([[HOSTILE, HOSTILE]]);
    expect(Math.abs(Date.parse(read.notes[0]!.timestamp) - noted)).toBeLessThan(2000);
    expect(read.appointments.map((at) => [at.title, at.contactName, at.notes])).toEqual([[HOSTILE, HOSTILE, HOSTILE]]);

    const withNul = structuredClone(read);
    withNul.columns[0]!.cards.at(-1)!.title = 'Karte\u0000 mit NUL';
    const refused = await api('PATCH', `/api/projects/${project.id}`, token, documentDelta(read, withNul));
    expect([refused.status, refused.body.message]).toEqual([400, de.validation.controlCharacters]);
    expect((await api<ProjectDocument>('GET', `/api/projects/${project.id}`, token)).body).toEqual(read);
    // Nothing was dropped or deleted.
    expect((await api('GET', '/api/projects', token)).status).toBe(200);
  });
});

describe('__proto__ and constructor keys change no prototype (ASVS 1.5.2, 15.3.6)', () => {
  const POLLUTION = `{"polluted": "ja", "role": "Admin", "isAdmin": true}`;
  const refused = { message: de.api.validationFailed, code: 'validation' };

  afterEach(() => {
    const probe: Record<string, unknown> = {};
    expect([probe.polluted, probe.role, probe.isAdmin]).toEqual([undefined, undefined, undefined]);
  });

  it('in the settings merge: a __proto__ key anywhere is a 400, a constructor key is dropped', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const before = await api<SettingsResponse>('GET', '/api/settings', token);
    // The JSON parser refuses __proto__ keys (co-body with @hapi/bourne, protoAction 'error').
    for (const rawBody of [
      `{"__proto__": ${POLLUTION}, "colors": {"appBg": "#123456"}}`,
      `{"colors": {"\\u005f_proto__": ${POLLUTION}, "appBg": "#123456"}}`,
    ]) {
      const response = await t.request('PUT', '/api/settings', { token, rawBody });
      expect([rawBody, response.status, response.body]).toEqual([rawBody, 400, refused]);
    }
    expect((await api('GET', '/api/settings', token)).body).toEqual(before.body);
    const response = await t.request<SettingsResponse>('PUT', '/api/settings', {
      token,
      rawBody: `{"constructor": {"prototype": ${POLLUTION}}, "colors": {"constructor": {"prototype": ${POLLUTION}}, "appBg": "#123456"}}`,
    });
    expect(response.status).toBe(200);
    const after = await api<SettingsResponse>('GET', '/api/settings', token);
    expect(after.body).toEqual({ ...before.body, colors: { ...before.body.colors, appBg: '#123456' } });
    expect(JSON.stringify(after.body)).not.toMatch(/polluted|constructor/);
  });

  it('in a new user: the role comes from nowhere but the role field', async () => {
    const username = `proto-${newId().slice(0, 8)}`;
    const body = (extra: string) => `{"username": "${username}", "password": "Zaunpfahl-Morgenrot-71", ${extra}}`;
    const poisoned = await t.request('POST', '/api/users', {
      token: t.adminToken,
      rawBody: body(`"__proto__": ${POLLUTION}`),
    });
    expect([poisoned.status, poisoned.body]).toEqual([400, refused]);
    const response = await t.request<ManagedUserDto>('POST', '/api/users', {
      token: t.adminToken,
      rawBody: body(`"constructor": {"prototype": ${POLLUTION}}`),
    });
    expect([response.status, response.body.role]).toEqual([201, 'Monteur']);
    const { user } = await t.login(username, 'Zaunpfahl-Morgenrot-71');
    expect(user.role).toBe('Monteur');
  });

  it('in the project merge: __proto__ in a column is a 400 and saves nothing; constructor keys are dropped', async () => {
    const { token } = await signedIn(t, 'Projektleiter');
    const project = await buildProject(t, token);
    const changed = structuredClone(project);
    changed.description = 'sauber';
    const withKeys = (keys: string) =>
      JSON.stringify(changed).replace('{', `{${keys},`).replace('"columns":[{', `"columns":[{${keys},`);
    const poisoned = withKeys(`"__proto__": ${POLLUTION}`);
    expect(poisoned).toContain('"columns":[{"__proto__"');
    const refusedPut = await t.request('PUT', `/api/projects/${project.id}`, { token, rawBody: poisoned });
    expect([refusedPut.status, refusedPut.body]).toEqual([400, refused]);
    expect((await api<ProjectDocument>('GET', `/api/projects/${project.id}`, token)).body.description).toBe(
      project.description,
    );
    const saved = await t.request<ProjectDocument>('PUT', `/api/projects/${project.id}`, {
      token,
      rawBody: withKeys(`"constructor": {"prototype": ${POLLUTION}}`),
    });
    expect(saved.status).toBe(200);
    const read = await api<ProjectDocument>('GET', `/api/projects/${project.id}`, token);
    expect(read.body.description).toBe('sauber');
    expect(JSON.stringify(read.body)).not.toMatch(/polluted|constructor/);
    expect(read.body.columns.map((column) => column.id)).toEqual(project.columns.map((column) => column.id));
  });
});
