import {
  blankCard,
  type CardDto,
  type ChangeLogEntryDto,
  de,
  keyBetween,
  newId,
  type NoteDto,
  type ProjectDocument,
  type ProjectSummaryDto,
} from '@werkboard/common';
import { User } from '../models';
import { deleteAllProjects, signedIn } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer, type ErrorBody, type ApiArgs } from '../test/testServer';

let t: TestServer;
let adminToken: string;

beforeAll(async () => {
  t = await testServer();
  adminToken = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
});
afterAll(() => t.close());
beforeEach(async () => {
  await deleteAllProjects();
});

const api = <T = ErrorBody>(...args: ApiArgs) => t.api<T>(...args);

async function create(token: string, name = 'Neubau Müller', extra: object = {}) {
  const response = await api<ProjectDocument>('POST', '/api/projects', token, { name, projectNumber: 'P-1', ...extra });
  expect(response.status).toBe(201);
  return response.body;
}

function newCard(title: string, after: CardDto | undefined): CardDto {
  return blankCard({ id: newId(), rev: 0, position: keyBetween(after?.position ?? null, null), title });
}

const allCards = (document: ProjectDocument) => document.columns.flatMap((column) => column.cards);

const put = (token: string, document: unknown) =>
  api<ProjectDocument & ErrorBody>('PUT', `/api/projects/${(document as ProjectDocument).id}`, token, document);
const read = async (token: string, id: string) =>
  (await api<ProjectDocument>('GET', `/api/projects/${id}`, token)).body;

async function addMember(projectId: string, userId: string) {
  await User.sequelize!.query('INSERT INTO project_members (project_id, user_id) VALUES (:projectId, :userId)', {
    replacements: { projectId, userId },
  });
}

function newNote(title: string, content: string): NoteDto {
  return { id: newId(), rev: 0, title, content, authorId: null, authorUsername: '', timestamp: '' };
}

function logEntry(action: string, extra: Partial<ChangeLogEntryDto> = {}): ChangeLogEntryDto {
  return { id: newId(), timestamp: new Date().toISOString(), userId: null, username: '', action, ...extra };
}

/** `count` active projects of a fresh Projektleiter, to reach the Free limit of 10. */
async function fillActiveProjects(count: number) {
  const { token } = await signedIn(t, 'Projektleiter');
  for (let index = 0; index < count; index++) await create(token, `Füllprojekt ${index}`);
}

describe('projects', () => {
  it('creates a project from the global template with its three columns and a change-log entry', async () => {
    const { token, user } = await signedIn(t, 'Monteur');
    const project = await create(token, '  Neubau Müller  ');
    expect(project).toMatchObject({
      name: 'Neubau Müller',
      projectNumber: 'P-1',
      customerType: 'Allgemein',
      status: 'active',
      ownerId: user.id,
      ownerUsername: user.username,
      revision: 1,
      isTemplate: false,
    });
    expect(project.columns.map((column) => column.title)).toEqual(['To Do', 'In Bearbeitung', 'Erledigt']);
    expect(project.changeLog[0]).toMatchObject({ userId: user.id, username: user.username });
    expect(project.team).toEqual([expect.objectContaining({ id: user.id, teamRole: 'owner' })]);

    const list = await api<ProjectSummaryDto[]>('GET', '/api/projects', token);
    expect(list.body.map((entry) => entry.name)).toEqual(['Neubau Müller']);
  });

  it('refuses a missing name and a duplicate name of the same user, case-insensitively and trimmed', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const missing = await api('POST', '/api/projects', token, { name: '   ' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(de.projects.nameRequired);
    await create(token, 'Bad Sanierung');
    const duplicate = await api('POST', '/api/projects', token, { name: ' bad sanierung ' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.message).toBe(de.projects.nameTaken);
    // Another user may use the same name.
    const other = await signedIn(t, 'Monteur');
    await create(other.token, 'Bad Sanierung');
  });

  it('stops at 10 active projects on the Free license', async () => {
    const { token } = await signedIn(t, 'Projektleiter');
    for (let index = 0; index < 10; index++) await create(token, `Projekt ${index}`);
    const over = await api('POST', '/api/projects', token, { name: 'Projekt 11' });
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ code: 'limit_reached', message: de.limits.activeProjects });
    const counts = await api<{ activeProjectCount: number }>('GET', '/api/stats/counts', adminToken);
    expect(counts.body.activeProjectCount).toBe(10);
  });

  it('shows a project only to its team, Admin and Firmenleiter', async () => {
    const owner = await signedIn(t, 'Monteur');
    const stranger = await signedIn(t, 'Monteur');
    const chief = await signedIn(t, 'Firmenleiter');
    const project = await create(owner.token);
    expect((await api('GET', `/api/projects/${project.id}`, stranger.token)).status).toBe(403);
    expect((await api<ProjectSummaryDto[]>('GET', '/api/projects', stranger.token)).body).toEqual([]);
    expect((await api('GET', `/api/projects/${project.id}`, chief.token)).status).toBe(200);
    expect((await api<ProjectSummaryDto[]>('GET', '/api/projects', chief.token)).body).toHaveLength(1);
    expect((await api('GET', `/api/projects/${newId()}`, owner.token)).status).toBe(404);
    expect((await api('GET', '/api/projects/kein-projekt', owner.token)).status).toBe(404);
  });

  it('saves a board: cards, time and material entries; progress counts the last column', async () => {
    const { token, user } = await signedIn(t, 'Monteur');
    const project = await create(token);
    const [todo, , done] = project.columns;
    const first = newCard('Kabel ziehen', undefined);
    const second = newCard('Dose setzen', first);
    first.timeEntries.push({
      id: newId(),
      rev: 0,
      userId: null,
      username: '',
      date: '2026-11-20',
      hours: '1,5' as never,
    });
    first.materialEntries.push({ id: newId(), rev: 0, quantity: 2.5, unit: ' m ', name: 'NYM-J 3x1,5' });
    todo!.cards.push(first, second);
    done!.cards.push(newCard('Abnahme', undefined));
    const saved = await api<ProjectDocument>('PUT', `/api/projects/${project.id}`, token, project);
    expect(saved.status).toBe(200);
    expect(saved.body.revision).toBe(2);
    const card = allCards(saved.body).find((item) => item.title === 'Kabel ziehen')!;
    expect(card.timeEntries[0]).toMatchObject({ hours: 1.5, userId: user.id, username: user.username, rev: 2 });
    expect(card.materialEntries[0]).toMatchObject({ quantity: 2.5, unit: 'm', name: 'NYM-J 3x1,5' });
    const [summary] = (await api<ProjectSummaryDto[]>('GET', '/api/projects', token)).body;
    expect(summary).toMatchObject({ cardCount: 3, doneCount: 1 });

    // The same PUT again changes nothing.
    const again = await api<ProjectDocument>('PUT', `/api/projects/${project.id}`, token, project);
    expect(again.body.revision).toBe(2);
  });

  it.each([
    [
      'hours 0',
      (card: CardDto): unknown =>
        card.timeEntries.push({ id: newId(), rev: 0, userId: null, username: '', date: '2026-11-20', hours: 0 }),
      de.projects.hoursInvalid,
    ],
    [
      'hours text',
      (card: CardDto): unknown =>
        card.timeEntries.push({
          id: newId(),
          rev: 0,
          userId: null,
          username: '',
          date: '2026-11-20',
          hours: 'viel' as never,
        }),
      de.projects.hoursInvalid,
    ],
    [
      'material without name',
      (card: CardDto): unknown => card.materialEntries.push({ id: newId(), rev: 0, quantity: 1, unit: '', name: ' ' }),
      de.projects.materialInvalid,
    ],
    [
      'material quantity 0',
      (card: CardDto): unknown =>
        card.materialEntries.push({ id: newId(), rev: 0, quantity: 0, unit: '', name: 'Dübel' }),
      de.projects.materialInvalid,
    ],
    ['blank title', (card: CardDto): unknown => (card.title = '  '), de.projects.cardTitleRequired],
  ])('refuses an invalid document (%s) and changes nothing', async (_label, spoil, message) => {
    const { token } = await signedIn(t, 'Monteur');
    const project = await create(token);
    const card = newCard('Aufgabe', undefined);
    spoil(card);
    project.columns[0]!.cards.push(card);
    const response = await api('PUT', `/api/projects/${project.id}`, token, project);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    const stored = await api<ProjectDocument>('GET', `/api/projects/${project.id}`, token);
    expect(stored.body.revision).toBe(1);
    expect(allCards(stored.body)).toHaveLength(0);
  });

  it('refuses appointments and notes without their required fields', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const project = await create(token);
    const appointment = await api('PUT', `/api/projects/${project.id}`, token, {
      ...project,
      appointments: [{ id: newId(), rev: 0, title: 'Abnahme', date: '' }],
    });
    expect(appointment.body.message).toBe(de.projects.appointmentInvalid);
    const note = await api('PUT', `/api/projects/${project.id}`, token, {
      ...project,
      notes: [{ id: newId(), rev: 0, title: 'Notiz', content: ' ' }],
    });
    expect(note.body.message).toBe(de.projects.noteInvalid);
    const ok = await api<ProjectDocument>('PUT', `/api/projects/${project.id}`, token, {
      ...project,
      appointments: [{ id: newId(), rev: 0, title: 'Abnahme', date: '2026-12-01' }],
    });
    expect(ok.body.appointments[0]).toMatchObject({ date: '2026-12-01T00:00', status: 'active' });
  });

  it('merges two writers who started from the same revision', async () => {
    const owner = await signedIn(t, 'Monteur');
    const project = await create(owner.token);
    project.columns[0]!.cards.push(newCard('A', undefined));
    project.columns[0]!.cards.push(newCard('B', project.columns[0]!.cards[0]));
    const base = (await api<ProjectDocument>('PUT', `/api/projects/${project.id}`, owner.token, project)).body;
    const chief = await signedIn(t, 'Firmenleiter');

    const mine = structuredClone(base);
    const theirs = structuredClone(base);
    mine.columns[0]!.cards[0]!.title = 'A von Owner';
    const moved = theirs.columns[0]!.cards.pop()!;
    moved.position = keyBetween(null, null);
    theirs.columns[2]!.cards.push(moved);
    theirs.columns[0]!.cards[0]!.title = 'A von Chefin';

    await api('PUT', `/api/projects/${project.id}`, owner.token, mine);
    const merged = (await api<ProjectDocument>('PUT', `/api/projects/${project.id}`, chief.token, theirs)).body;
    expect(merged.columns[2]!.cards.map((card) => card.title)).toEqual(['B']);
    expect(merged.columns[0]!.cards.map((card) => card.title)).toEqual(['A von Chefin']);
    expect(
      merged.changeLog.some((entry) => entry.username === chief.user.username && entry.action.includes('A von Owner')),
    ).toBe(true);
  });

  it('keeps owner, team and status out of reach of a PUT, and project fields need can_edit_projects', async () => {
    const owner = await signedIn(t, 'Monteur');
    const project = await create(owner.token);
    const other = await signedIn(t, 'Monteur');
    const saved = await api<ProjectDocument>('PUT', `/api/projects/${project.id}`, owner.token, {
      ...project,
      ownerId: other.user.id,
      memberIds: [other.user.id],
      status: 'completed',
      revision: project.revision,
    });
    expect(saved.body).toMatchObject({ ownerId: owner.user.id, memberIds: [], status: 'active' });

    const helper = await signedIn(t, 'Auszubildender');
    await User.sequelize!.query('INSERT INTO project_members (project_id, user_id) VALUES (:p, :u)', {
      replacements: { p: project.id, u: helper.user.id },
    });
    const renamed = await api('PUT', `/api/projects/${project.id}`, helper.token, { ...saved.body, name: 'Neu' });
    expect(renamed.status).toBe(403);
    expect(renamed.body.message).toBe(de.projects.editForbidden);
    const card = await api<ProjectDocument>('PUT', `/api/projects/${project.id}`, helper.token, {
      ...saved.body,
      columns: saved.body.columns.map((column, index) =>
        index === 0 ? { ...column, cards: [newCard('Vom Azubi', undefined)] } : column,
      ),
    });
    expect(card.status).toBe(200);
  });

  it('makes completed projects read-only until reopened, with change-log entries', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const project = await create(token);
    const completed = await api<ProjectDocument>('POST', `/api/projects/${project.id}/complete`, token);
    expect(completed.body.status).toBe('completed');
    expect(completed.body.changeLog[0]!.action).toBe(de.projects.log.completed);
    project.columns[0]!.cards.push(newCard('Zu spät', undefined));
    const refused = await api('PUT', `/api/projects/${project.id}`, token, project);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(de.projects.readOnlyCompleted);
    expect((await api('POST', `/api/projects/${project.id}/complete`, token)).status).toBe(400);
    const reopened = await api<ProjectDocument>('POST', `/api/projects/${project.id}/reopen`, token);
    expect(reopened.body.status).toBe('active');
    expect((await api('PUT', `/api/projects/${project.id}`, token, project)).status).toBe(200);
  });

  it('archives on DELETE; Admin restores or deletes permanently', async () => {
    const owner = await signedIn(t, 'Monteur');
    const project = await create(owner.token);
    const stranger = await signedIn(t, 'Monteur');
    expect((await api('DELETE', `/api/projects/${project.id}`, stranger.token)).status).toBe(403);
    const archived = await api('DELETE', `/api/projects/${project.id}`, owner.token);
    expect(archived.body.message).toBe(de.projects.archived);
    expect((await api<ProjectSummaryDto[]>('GET', '/api/projects', owner.token)).body).toEqual([]);
    expect((await api('GET', '/api/projects/archived', owner.token)).status).toBe(403);
    const list = await api<ProjectSummaryDto[]>('GET', '/api/projects/archived', adminToken);
    expect(list.body.map((entry) => entry.id)).toEqual([project.id]);
    expect((await api('PUT', `/api/projects/${project.id}`, owner.token, { ...project, name: 'x' })).status).toBe(403);
    expect((await api('POST', `/api/projects/${project.id}/restore`, owner.token)).status).toBe(403);
    const restored = await api<ProjectDocument>('POST', `/api/projects/${project.id}/restore`, adminToken);
    expect(restored.body.status).toBe('active');
    await api('DELETE', `/api/projects/${project.id}`, owner.token);
    expect((await api('DELETE', `/api/projects/${project.id}/permanent`, adminToken)).status).toBe(200);
    expect((await api('GET', `/api/projects/${project.id}`, adminToken)).status).toBe(404);
  });

  it('deletes time entries only for their author', async () => {
    const owner = await signedIn(t, 'Monteur');
    const project = await create(owner.token);
    const card = newCard('Aufgabe', undefined);
    card.timeEntries.push({ id: newId(), rev: 0, userId: null, username: '', date: '2026-11-20', hours: 2 });
    project.columns[0]!.cards.push(card);
    const saved = (await api<ProjectDocument>('PUT', `/api/projects/${project.id}`, owner.token, project)).body;
    const chief = await signedIn(t, 'Firmenleiter');
    const without = structuredClone(saved);
    without.columns[0]!.cards[0]!.timeEntries = [];
    const refused = await api('PUT', `/api/projects/${project.id}`, chief.token, without);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(de.projects.timeEntryDeleteForbidden);
    expect((await api('PUT', `/api/projects/${project.id}`, owner.token, without)).status).toBe(200);
  });

  it('answers 401 without a token on every project route', async () => {
    const id = newId();
    for (const [method, path] of [
      ['GET', '/api/projects'],
      ['POST', '/api/projects'],
      ['GET', '/api/projects/archived'],
      ['GET', `/api/projects/${id}`],
      ['PUT', `/api/projects/${id}`],
      ['DELETE', `/api/projects/${id}`],
      ['POST', `/api/projects/${id}/restore`],
      ['DELETE', `/api/projects/${id}/permanent`],
      ['POST', `/api/projects/${id}/complete`],
      ['POST', `/api/projects/${id}/reopen`],
    ] as const)
      expect([method, path, (await api(method, path)).status]).toEqual([method, path, 401]);
  });
});

describe('creating projects', () => {
  it('walks 400, 403 and success: unknown customer type or template, a role without can_create_projects', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const unknownType = await api('POST', '/api/projects', token, { name: 'Neu', customerType: 'Raumfahrt' });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body).toMatchObject({
      message: de.projects.customerTypeUnknown,
      fields: { customerType: de.projects.customerTypeUnknown },
    });
    const unknownTemplate = await api('POST', '/api/projects', token, { name: 'Neu', templateId: newId() });
    expect(unknownTemplate.status).toBe(400);
    expect(unknownTemplate.body.message).toBe(de.projects.templateNotFound);
    const tooLong = await api('POST', '/api/projects', token, { name: 'x'.repeat(201) });
    expect(tooLong.body.message).toBe(de.projects.nameTooLong);
    const notObject = await api('POST', '/api/projects', token, ['Neu']);
    expect(notObject.status).toBe(400);

    const helper = await signedIn(t, 'Helfer');
    const refused = await api('POST', '/api/projects', helper.token, { name: 'Neu' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden', message: de.projects.createForbidden });

    // The customer type is stored in its own spelling.
    const created = await create(token, 'Neu', { customerType: ' allgemein ' });
    expect(created.customerType).toBe('Allgemein');
    const listed = (await api<ProjectSummaryDto[]>('GET', '/api/projects', token)).body;
    expect(listed).toEqual([
      expect.objectContaining({ id: created.id, cardCount: 0, doneCount: 0, status: 'active', revision: 1 }),
    ]);
  });
});

describe('validation of the document (spec section 5)', () => {
  it.each([
    [
      'revision missing',
      (doc: ProjectDocument): unknown => ({ ...doc, revision: undefined }),
      de.projects.revisionInvalid,
    ],
    ['project name blank', (doc: ProjectDocument): unknown => ({ ...doc, name: '  ' }), de.projects.nameRequired],
    [
      'task groups differing only in case',
      (doc: ProjectDocument): unknown => ({ ...doc, cardGroups: ['Elektro', 'elektro'] }),
      de.projects.groupNameTaken,
    ],
    [
      'column title blank',
      (doc: ProjectDocument): unknown => ({
        ...doc,
        columns: doc.columns.map((column, index) => (index === 0 ? { ...column, title: ' ' } : column)),
      }),
      de.projects.columnTitleRequired,
    ],
    [
      'appointment without title',
      (doc: ProjectDocument): unknown => ({
        ...doc,
        appointments: [{ id: newId(), rev: 0, title: ' ', date: '2026-12-01T08:00' }],
      }),
      de.projects.appointmentInvalid,
    ],
    [
      'appointment with an impossible date',
      (doc: ProjectDocument): unknown => ({
        ...doc,
        appointments: [{ id: newId(), rev: 0, title: 'Abnahme', date: '2026-02-30T08:00' }],
      }),
      de.projects.appointmentInvalid,
    ],
    [
      'note without heading',
      (doc: ProjectDocument): unknown => ({ ...doc, notes: [newNote('', 'Inhalt')] }),
      de.projects.noteInvalid,
    ],
    [
      'negative hours',
      (doc: ProjectDocument): unknown => {
        const card = newCard('Aufgabe', undefined);
        card.timeEntries.push({ id: newId(), rev: 0, userId: null, username: '', date: '2026-11-20', hours: -1 });
        return { ...doc, columns: [{ ...doc.columns[0]!, cards: [card] }, ...doc.columns.slice(1)] };
      },
      de.projects.hoursInvalid,
    ],
    [
      'negative quantity',
      (doc: ProjectDocument): unknown => {
        const card = newCard('Aufgabe', undefined);
        card.materialEntries.push({ id: newId(), rev: 0, quantity: '-2,5' as never, unit: 'm', name: 'Kabel' });
        return { ...doc, columns: [{ ...doc.columns[0]!, cards: [card] }, ...doc.columns.slice(1)] };
      },
      de.projects.materialInvalid,
    ],
    [
      'an id used twice',
      (doc: ProjectDocument): unknown => ({
        ...doc,
        notes: [newNote('Notiz', 'a'), { ...newNote('Notiz', 'b'), id: doc.columns[0]!.id }],
      }),
      de.projects.duplicateId,
    ],
    [
      'unknown customer type',
      (doc: ProjectDocument): unknown => ({ ...doc, customerType: 'Raumfahrt' }),
      de.projects.customerTypeUnknown,
    ],
  ])('refuses %s with its German message and changes nothing', async (_label, spoil, message) => {
    const { token } = await signedIn(t, 'Monteur');
    const project = await create(token);
    const response = await put(token, spoil(project));
    expect([response.status, response.body.message]).toEqual([400, message]);
    const stored = await read(token, project.id);
    expect(stored.revision).toBe(1);
    expect(stored).toMatchObject({ name: project.name, notes: [], appointments: [], cardGroups: [] });
  });

  it('refuses to change a time entry, and an id that belongs to another project', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const project = await create(token);
    const card = newCard('Aufgabe', undefined);
    card.timeEntries.push({ id: newId(), rev: 0, userId: null, username: '', date: '2026-11-20', hours: 2 });
    project.columns[0]!.cards.push(card);
    const saved = (await put(token, project)).body;
    const changed = structuredClone(saved);
    changed.columns[0]!.cards[0]!.timeEntries[0]!.hours = 3;
    const immutable = await put(token, changed);
    expect([immutable.status, immutable.body.message]).toEqual([400, de.projects.timeEntryImmutable]);

    const other = await create(token, 'Anderes Projekt');
    const foreign = structuredClone(other);
    foreign.columns[0]!.cards.push({ ...saved.columns[0]!.cards[0]!, rev: 0, timeEntries: [] });
    const taken = await put(token, foreign);
    expect([taken.status, taken.body.message]).toEqual([400, de.projects.idTaken]);
    expect(allCards(await read(token, other.id))).toEqual([]);
  });

  it('saves a column of 1,001 cards each added at the end (the way the board appends)', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const project = await create(token);
    let last: CardDto | undefined;
    for (let index = 1; index <= 1001; index++) {
      last = newCard(`Aufgabe ${index}`, last);
      project.columns[0]!.cards.push(last);
    }
    const saved = await put(token, project);
    expect([saved.status, saved.body.message]).toEqual([200, undefined]);
    expect(saved.body.columns[0]!.cards).toHaveLength(1001);
  });

  it('ignores a change-log entry the client sends, also one of another project', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const first = await create(token, 'Erstes');
    const second = await create(token, 'Zweites');
    const copied = await put(token, { ...second, changeLog: [...second.changeLog, first.changeLog[0]!] });
    expect([copied.status, copied.body.changeLog]).toEqual([200, second.changeLog]);
    expect((await read(token, second.id)).revision).toBe(1);
  });

  it('answers 404 for an unknown or malformed id and 403 for a project outside the team', async () => {
    const owner = await signedIn(t, 'Monteur');
    const project = await create(owner.token);
    const stranger = await signedIn(t, 'Monteur');
    const missing = await api('PUT', `/api/projects/${newId()}`, owner.token, { ...project, id: undefined });
    expect([missing.status, missing.body.message]).toEqual([404, de.projects.notFound]);
    expect((await api('PUT', '/api/projects/123', owner.token, project)).status).toBe(404);
    const refused = await put(stranger.token, withCard(project, 'Fremd'));
    expect([refused.status, refused.body.message]).toEqual([403, de.projects.accessForbidden]);
    expect((await read(owner.token, project.id)).revision).toBe(1);
  });
});

function withCard(document: ProjectDocument, title: string): ProjectDocument {
  const copy = structuredClone(document);
  copy.columns[0]!.cards.push(newCard(title, copy.columns[0]!.cards.at(-1)));
  return copy;
}

describe('project fields in a PUT', () => {
  it('refuses a rename to a name the owner already uses (also when someone else renames)', async () => {
    const owner = await signedIn(t, 'Monteur');
    const project = await create(owner.token, 'Altbau');
    await create(owner.token, 'Neubau');
    const taken = await put(owner.token, { ...project, name: ' neubau ' });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ message: de.projects.nameTaken, fields: { name: de.projects.nameTaken } });
    const chief = await signedIn(t, 'Firmenleiter');
    expect((await put(chief.token, { ...project, name: 'NEUBAU' })).body.message).toBe(de.projects.nameTaken);
    expect((await read(owner.token, project.id)).name).toBe('Altbau');
    // The name of an archived project is free again.
    const archivedName = await create(owner.token, 'Lager');
    await api('DELETE', `/api/projects/${archivedName.id}`, owner.token);
    expect((await put(owner.token, { ...project, name: 'Lager' })).body.name).toBe('Lager');
  });

  it('keeps fields someone else changed when a member without can_edit_projects writes a stale copy', async () => {
    const owner = await signedIn(t, 'Monteur');
    const apprentice = await signedIn(t, 'Auszubildender');
    const project = await create(owner.token);
    await addMember(project.id, apprentice.user.id);
    const stale = await read(apprentice.token, project.id);
    const renamed = await put(owner.token, {
      ...project,
      name: 'Neubau Müller, 2. BA',
      description: 'Zweiter Bauabschnitt',
    });
    expect(renamed.status).toBe(200);
    const saved = await put(apprentice.token, withCard(stale, 'Vom Azubi'));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Neubau Müller, 2. BA', description: 'Zweiter Bauabschnitt' });
    expect(allCards(saved.body).map((card) => card.title)).toEqual(['Vom Azubi']);
  });
});

describe('notes', () => {
  it('are changed and deleted only by their author, Admin and Firmenleiter', async () => {
    const owner = await signedIn(t, 'Monteur');
    const member = await signedIn(t, 'Monteur');
    const project = await create(owner.token);
    await addMember(project.id, member.user.id);
    project.notes.push(newNote('Materialbedarf', '20 m Kabel'));
    const saved = (await put(owner.token, project)).body;
    expect(saved.notes[0]).toMatchObject({ authorId: owner.user.id, authorUsername: owner.user.username });

    // A member may neither change nor delete the owner's note, not even by claiming to be its author.
    const edited = structuredClone(saved);
    Object.assign(edited.notes[0]!, { content: '30 m Kabel', authorId: member.user.id });
    const editRefused = await put(member.token, edited);
    expect([editRefused.status, editRefused.body.message]).toEqual([403, de.projects.noteForbidden]);
    const deleteRefused = await put(member.token, { ...saved, notes: [] });
    expect([deleteRefused.status, deleteRefused.body.message]).toEqual([403, de.projects.noteForbidden]);

    // The member's own note is theirs to change and delete; the owner (not an Admin) may not.
    const withOwn = await put(member.token, {
      ...saved,
      notes: [...saved.notes, newNote('Notiz', 'Schlüssel beim Nachbarn')],
    });
    expect(withOwn.status).toBe(200);
    const memberNote = withOwn.body.notes.find((note) => note.authorId === member.user.id)!;
    const ownerEdits = structuredClone(withOwn.body);
    ownerEdits.notes.find((note) => note.id === memberNote.id)!.content = 'Geändert vom Owner';
    expect((await put(owner.token, ownerEdits)).status).toBe(403);
    const memberEdits = structuredClone(withOwn.body);
    memberEdits.notes.find((note) => note.id === memberNote.id)!.content = 'Schlüssel im Briefkasten';
    const ownEdit = await put(member.token, memberEdits);
    expect(ownEdit.status).toBe(200);
    expect(ownEdit.body.notes.find((note) => note.id === memberNote.id)).toMatchObject({
      content: 'Schlüssel im Briefkasten',
      authorId: member.user.id,
    });

    // Firmenleiter (not in the team) changes the owner's note, Admin deletes the member's note.
    const chief = await signedIn(t, 'Firmenleiter');
    const current = await read(chief.token, project.id);
    current.notes.find((note) => note.authorId === owner.user.id)!.content = 'Von der Chefin';
    const chiefEdit = await put(chief.token, current);
    expect(chiefEdit.status).toBe(200);
    const adminDelete = await put(adminToken, {
      ...chiefEdit.body,
      notes: chiefEdit.body.notes.filter((note) => note.id !== memberNote.id),
    });
    expect(adminDelete.status).toBe(200);
    expect(adminDelete.body.notes).toEqual([
      expect.objectContaining({
        content: 'Von der Chefin',
        authorId: owner.user.id,
        authorUsername: owner.user.username,
      }),
    ]);
  });
});

describe('the change log', () => {
  it('is [] for a member who is not the owner, whose PUTs cannot remove entries', async () => {
    const owner = await signedIn(t, 'Monteur');
    const member = await signedIn(t, 'Monteur');
    const project = await create(owner.token);
    await addMember(project.id, member.user.id);
    const seen = await read(member.token, project.id);
    expect(seen.changeLog).toEqual([]);
    expect((await read(owner.token, project.id)).changeLog).toHaveLength(1);

    const written = withCard(seen, 'Vom Mitglied');
    written.changeLog.push(logEntry('hat die Aufgabe „Vom Mitglied“ erstellt.'));
    const saved = await put(member.token, written);
    expect(saved.status).toBe(200);
    expect(saved.body.changeLog).toEqual([]);
    const log = (await read(owner.token, project.id)).changeLog;
    // The server's entry for what the member did; the member's own text is not taken.
    expect(log.map((entry) => [entry.username, entry.action])).toEqual([
      [member.user.username, de.board.log.cardAdded('Vom Mitglied', 'To Do')],
      [owner.user.username, de.projects.log.created(de.projects.defaultTemplateName)],
    ]);
    // Admin sees it too (Admin and Firmenleiter see all project information).
    expect((await read(adminToken, project.id)).changeLog).toHaveLength(2);
  });

  it('takes no entry from the client: forged ones are ignored, stored ones never changed or dropped', async () => {
    const owner = await signedIn(t, 'Monteur');
    const other = await signedIn(t, 'Firmenleiter');
    const project = await create(owner.token);
    const forged = withCard(project, 'Neu');
    forged.changeLog[0]!.action = 'hat nichts erstellt.';
    forged.changeLog.push(
      logEntry('hat alles gelöscht.', {
        userId: other.user.id,
        username: other.user.username,
        timestamp: '2099-01-01T00:00:00.000Z',
      }),
    );
    const before = Date.now();
    const saved = await put(owner.token, forged);
    expect(saved.status).toBe(200);
    const log = saved.body.changeLog;
    expect(log.map((entry) => entry.action)).toEqual([
      de.board.log.cardAdded('Neu', 'To Do'),
      de.projects.log.created(de.projects.defaultTemplateName),
    ]);
    expect(log[0]).toMatchObject({ userId: owner.user.id, username: owner.user.username });
    expect(Date.parse(log[0]!.timestamp)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(log[0]!.timestamp)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(log[1]).toEqual(project.changeLog[0]);

    // An empty log in a later PUT removes nothing.
    const emptied = await put(owner.token, { ...withCard(saved.body, 'Noch eine'), changeLog: [] });
    expect(emptied.body.changeLog).toHaveLength(3);
  });
});

describe('completed and archived projects', () => {
  it('refuse changes to an archived project, but an unchanged PUT answers 200 without a new revision', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const project = await create(token);
    await api('DELETE', `/api/projects/${project.id}`, token);
    const archived = await read(token, project.id);
    expect(archived.status).toBe('archived');

    const refused = await put(token, withCard(archived, 'Zu spät'));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden', message: de.projects.readOnlyArchived });
    const renamed = await put(token, { ...archived, name: 'Umbenannt' });
    expect(renamed.body.message).toBe(de.projects.readOnlyArchived);

    const unchanged = await put(token, archived);
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.revision).toBe(archived.revision);
    expect(unchanged.body.status).toBe('archived');
    // An old write that is already applied, replayed, does not fail either.
    const replay = await put(token, project);
    expect([replay.status, replay.body.revision]).toEqual([200, archived.revision]);
  });

  it('answer an unchanged PUT of a completed project with 200 as well', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const project = await create(token);
    const completed = (await api<ProjectDocument>('POST', `/api/projects/${project.id}/complete`, token)).body;
    const unchanged = await put(token, completed);
    expect([unchanged.status, unchanged.body.revision]).toEqual([200, completed.revision]);
  });

  it('walk complete and reopen through 400, 403 and 404', async () => {
    const owner = await signedIn(t, 'Monteur');
    const project = await create(owner.token);
    const apprentice = await signedIn(t, 'Auszubildender');
    await addMember(project.id, apprentice.user.id);
    const stranger = await signedIn(t, 'Monteur');
    const path = (action: string) => `/api/projects/${project.id}/${action}`;

    const notMine = await api('POST', path('complete'), stranger.token);
    expect([notMine.status, notMine.body.message]).toEqual([403, de.projects.accessForbidden]);
    const noRight = await api('POST', path('complete'), apprentice.token);
    expect([noRight.status, noRight.body.message]).toEqual([403, de.projects.editForbidden]);
    const notCompleted = await api('POST', path('reopen'), owner.token);
    expect([notCompleted.status, notCompleted.body.message]).toEqual([400, de.projects.notCompleted]);
    expect((await api('POST', `/api/projects/${newId()}/complete`, owner.token)).status).toBe(404);
    expect((await api('POST', `/api/projects/${newId()}/reopen`, owner.token)).status).toBe(404);

    expect((await api('POST', path('complete'), owner.token)).status).toBe(200);
    expect((await api('POST', path('reopen'), apprentice.token)).status).toBe(403);
    const reopened = await api<ProjectDocument>('POST', path('reopen'), owner.token);
    expect(reopened.body.status).toBe('active');
    expect(reopened.body.changeLog.map((entry) => entry.action).slice(0, 2)).toEqual([
      de.projects.log.reopened,
      de.projects.log.completed,
    ]);
    // An archived project is neither completed nor reopened.
    await api('DELETE', `/api/projects/${project.id}`, owner.token);
    expect((await api('POST', path('complete'), owner.token)).body.message).toBe(de.projects.notActive);
    expect((await api('POST', path('reopen'), owner.token)).body.message).toBe(de.projects.notCompleted);
  });

  it('reopens only within the Free limit of 10 active projects', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const project = await create(token);
    await api('POST', `/api/projects/${project.id}/complete`, token);
    await fillActiveProjects(10);
    const over = await api('POST', `/api/projects/${project.id}/reopen`, token);
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ code: 'limit_reached', message: de.limits.activeProjects, max: 10 });
    expect((await read(token, project.id)).status).toBe('completed');
  });
});

describe('the archive', () => {
  it('walks DELETE through 403: a member who is not the owner, an already archived project', async () => {
    const owner = await signedIn(t, 'Monteur');
    const member = await signedIn(t, 'Monteur');
    const project = await create(owner.token);
    await addMember(project.id, member.user.id);
    const refused = await api('DELETE', `/api/projects/${project.id}`, member.token);
    expect([refused.status, refused.body.message]).toEqual([403, de.projects.deleteForbidden]);
    expect((await api('DELETE', `/api/projects/${newId()}`, owner.token)).status).toBe(404);
    // Firmenleiter holds can_delete_any_project.
    const chief = await signedIn(t, 'Firmenleiter');
    expect((await api('DELETE', `/api/projects/${project.id}`, chief.token)).status).toBe(200);
    const archived = await read(owner.token, project.id);
    expect(archived.changeLog[0]).toMatchObject({ username: chief.user.username, action: de.projects.log.archived });
    expect((await api('DELETE', `/api/projects/${project.id}`, chief.token)).status).toBe(403);
    // Firmenleiter see the archive but may not restore or delete from it.
    const list = await api<ProjectSummaryDto[]>('GET', '/api/projects/archived', chief.token);
    expect(list.body.map((entry) => entry.id)).toEqual([project.id]);
    for (const [method, action] of [
      ['POST', 'restore'],
      ['DELETE', 'permanent'],
    ] as const) {
      const response = await api(method, `/api/projects/${project.id}/${action}`, chief.token);
      expect([response.status, response.body.message]).toEqual([403, de.projects.archiveForbidden]);
    }
  });

  it('restores and deletes permanently only archived projects (400 otherwise, 404 when missing)', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const project = await create(token);
    const restore = await api('POST', `/api/projects/${project.id}/restore`, adminToken);
    expect([restore.status, restore.body.message]).toEqual([400, de.projects.restoreOnlyArchived]);
    const permanent = await api('DELETE', `/api/projects/${project.id}/permanent`, adminToken);
    expect([permanent.status, permanent.body.message]).toEqual([400, de.projects.permanentOnlyArchived]);
    expect((await api('POST', `/api/projects/${newId()}/restore`, adminToken)).status).toBe(404);
    expect((await api('DELETE', `/api/projects/${newId()}/permanent`, adminToken)).status).toBe(404);
    // Templates are not restored through the project routes.
    const [template] = (await api<{ id: string }[]>('GET', '/api/templates', adminToken)).body;
    expect((await api('POST', `/api/projects/${template!.id}/restore`, adminToken)).status).toBe(404);
    expect((await api('GET', `/api/projects/${template!.id}`, adminToken)).status).toBe(404);

    await api('DELETE', `/api/projects/${project.id}`, token);
    const restored = await api<ProjectDocument>('POST', `/api/projects/${project.id}/restore`, adminToken);
    expect(restored.status).toBe(200);
    expect(restored.body.changeLog[0]).toMatchObject({
      username: TEST_ADMIN.username,
      action: de.projects.log.restored,
    });
    expect((await api<ProjectSummaryDto[]>('GET', '/api/projects/archived', adminToken)).body).toEqual([]);
  });

  it('restores only within the Free limit of 10 active projects', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const project = await create(token);
    await api('DELETE', `/api/projects/${project.id}`, token);
    await fillActiveProjects(10);
    const over = await api('POST', `/api/projects/${project.id}/restore`, adminToken);
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({
      code: 'limit_reached',
      limit: 'activeProjects',
      message: de.limits.activeProjects,
    });
    expect((await read(token, project.id)).status).toBe('archived');
  });

  it('refuses to restore a project whose name the owner has used again meanwhile', async () => {
    const { token } = await signedIn(t, 'Monteur');
    const project = await create(token, 'Bad Sanierung');
    await api('DELETE', `/api/projects/${project.id}`, token);
    await create(token, ' bad sanierung ');
    const taken = await api('POST', `/api/projects/${project.id}/restore`, adminToken);
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ message: de.projects.nameTaken, fields: { name: de.projects.nameTaken } });
    expect((await read(token, project.id)).status).toBe('archived');
  });
});
