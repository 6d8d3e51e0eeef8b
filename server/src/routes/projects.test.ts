import { type CardDto, de, keyBetween, newId, type ProjectDocument, type ProjectSummaryDto } from '@werkboard/common';
import { User } from '../models';
import { signedIn, TEST_ADMIN, testServer, type TestServer } from '../test/testServer';

interface ErrorBody {
  message: string;
  code?: string;
  fields?: Record<string, string>;
}

let t: TestServer;
let adminToken: string;

beforeAll(async () => {
  t = await testServer();
  adminToken = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
});
afterAll(() => t.close());
beforeEach(async () => {
  await User.sequelize!.query('DELETE FROM projects WHERE NOT is_template');
});

const api = <T = ErrorBody>(method: string, path: string, token?: string, body?: unknown) =>
  t.request<T>(method, path, { ...(token ? { token } : {}), ...(body !== undefined ? { body } : {}) });

async function create(token: string, name = 'Neubau Müller', extra: object = {}) {
  const response = await api<ProjectDocument>('POST', '/api/projects', token, { name, projectNumber: 'P-1', ...extra });
  expect(response.status).toBe(201);
  return response.body;
}

function newCard(title: string, after: CardDto | undefined): CardDto {
  return {
    id: newId(),
    rev: 0,
    position: keyBetween(after?.position ?? null, null),
    title,
    description: '',
    tagIds: [],
    group: null,
    assignedTo: null,
    timeEntries: [],
    materialEntries: [],
  };
}

const allCards = (document: ProjectDocument) => document.columns.flatMap((column) => column.cards);

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
