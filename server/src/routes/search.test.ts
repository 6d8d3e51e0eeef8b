import crypto from 'node:crypto';
import {
  type AppointmentDto,
  type AppointmentStatus,
  type CardDto,
  type DashboardAppointmentDto,
  de,
  keysAfter,
  newId,
  type ProjectDocument,
  SEARCH_LIMITS,
  type SearchResponse,
  type TagDto,
} from '@werkboard/common';
import { User } from '../models';
import { buildProject, signedIn } from '../test/factories';
import type { ApiArgs, ErrorBody } from '../test/testServer';
import { testServerPerFile } from '../test/testServerPerFile';

// Many projects are created here; the Free limits have their own tests.
const t = testServerPerFile({ licensed: true, admin: true });

const api = <T = ErrorBody>(...args: ApiArgs) => t.api<T>(...args);

/** A word no other test uses: every test searches for its own. */
const word = () => `w${crypto.randomBytes(5).toString('hex')}`;

interface CardSpec {
  title: string;
  description?: string;
  tagIds?: string[];
  /** Index of the column (0 'To Do', 1 'In Bearbeitung', 2 'Erledigt'). */
  column?: number;
}

interface AppointmentSpec {
  title: string;
  date: string;
  status?: AppointmentStatus;
  contactName?: string;
  contactPhone?: string;
  notes?: string;
  tagIds?: string[];
}

function appointment(spec: AppointmentSpec): AppointmentDto {
  return {
    id: newId(),
    rev: 0,
    status: 'active',
    contactName: '',
    contactPhone: '',
    notes: '',
    tagIds: [],
    ...spec,
  };
}

/**
 * A project created through the API (POST from the default template), then its cards,
 * project tags and appointments written with the project PUT, as the board does.
 */
async function projectWithBoard(
  token: string,
  options: {
    name: string;
    projectNumber?: string;
    cards?: CardSpec[];
    tagIds?: string[];
    appointments?: AppointmentSpec[];
  },
): Promise<ProjectDocument> {
  const created = await buildProject(t, token, { name: options.name, projectNumber: options.projectNumber ?? '' });
  const { cards = [], tagIds = [], appointments = [] } = options;
  if (cards.length === 0 && tagIds.length === 0 && appointments.length === 0) return created;
  const document = structuredClone(created);
  document.columns.forEach((column, index) => {
    const specs = cards.filter((card) => (card.column ?? 0) === index);
    const positions = keysAfter(null, specs.length);
    column.cards = specs.map((spec, position): CardDto => ({
      id: newId(),
      rev: 0,
      position: positions[position]!,
      title: spec.title,
      description: spec.description ?? '',
      tagIds: spec.tagIds ?? [],
      group: null,
      assignedTo: null,
      timeEntries: [],
      materialEntries: [],
    }));
  });
  document.tagIds = tagIds;
  document.appointments = appointments.map(appointment);
  const saved = await api<ProjectDocument>('PUT', `/api/projects/${document.id}`, token, document);
  expect(saved.status).toBe(200);
  return saved.body;
}

const cardsOf = (document: ProjectDocument) => document.columns.flatMap((column) => column.cards);
const cardNamed = (document: ProjectDocument, title: string) => cardsOf(document).find((card) => card.title === title)!;

async function search(token: string, query: string): Promise<SearchResponse> {
  const response = await api<SearchResponse>('GET', `/api/search?${query}`, token);
  expect(response.status).toBe(200);
  return response.body;
}

const q = (text: string) => `q=${encodeURIComponent(text)}`;
const tags = (...labels: string[]) => labels.map((label) => `tag=${encodeURIComponent(label)}`).join('&');
const foundIds = (response: SearchResponse) => response.projects.map((project) => project.id);

async function addMember(projectId: string, userId: string) {
  await User.sequelize!.query('INSERT INTO project_members (project_id, user_id) VALUES (:projectId, :userId)', {
    replacements: { projectId, userId },
  });
}

async function createType(name: string) {
  const response = await api('POST', '/api/customer-types', t.adminToken, { name });
  expect(response.status).toBe(201);
}

async function createTag(customerType: string, label: string) {
  const response = await api<TagDto>('POST', '/api/tags', t.adminToken, { customerType, label });
  expect(response.status).toBe(201);
  return response.body.id;
}

describe('authentication', () => {
  it('answers 401 without a token', async () => {
    for (const path of ['/api/search?q=Kabel', '/api/appointments']) {
      const response = await api('GET', path);
      expect([path, response.status, response.body.message]).toEqual([path, 401, de.api.unauthorized]);
    }
  });
});

describe('GET /api/search: text', () => {
  it('answers an empty result for no text and no tags, even though projects exist', async () => {
    await projectWithBoard(t.adminToken, { name: `Vorhanden ${word()}`, cards: [{ title: 'Irgendwas' }] });
    for (const query of ['', 'q=', 'q=%20%20%20', 'tag=', 'tag=%20']) {
      const response = await api<SearchResponse>('GET', `/api/search?${query}`, t.adminToken);
      expect([query, response.status, response.body]).toEqual([query, 200, { projects: [], truncated: false }]);
    }
  });

  it('finds a project by its name, case-insensitively and as a part, with the full answer shape', async () => {
    const key = word();
    const project = await projectWithBoard(t.adminToken, { name: `Neubau ${key}straße`, projectNumber: 'P-1' });
    for (const text of [key, key.toUpperCase(), ` ${key.slice(2, 9)} `]) {
      const response = await search(t.adminToken, q(text));
      expect([text, response]).toEqual([
        text,
        {
          projects: [
            {
              id: project.id,
              name: project.name,
              projectNumber: 'P-1',
              icon: project.icon,
              status: 'active',
              customerType: 'Allgemein',
              tagIds: [],
              projectMatches: true,
              tasks: [],
              taskCount: 0,
            },
          ],
          truncated: false,
        },
      ]);
    }
  });

  it('finds a project by its project number', async () => {
    const key = word();
    const project = await projectWithBoard(t.adminToken, { name: 'Nummernsuche', projectNumber: `AB-${key}-7` });
    await projectWithBoard(t.adminToken, { name: `Nummernsuche ${word()}`, projectNumber: `AB-${key}-8` });
    const response = await search(t.adminToken, q(`${key.toUpperCase()}-7`));
    expect(response.projects).toEqual([
      expect.objectContaining({ id: project.id, projectNumber: `AB-${key}-7`, projectMatches: true }),
    ]);
  });

  it('finds tasks by title and by description, in board order, with their column titles', async () => {
    const key = word();
    const project = await projectWithBoard(t.adminToken, {
      name: `Baustelle ${word()}`,
      cards: [
        { title: 'Abnahme', description: `Protokoll ${key.toUpperCase()} mitbringen`, column: 2 },
        { title: `Kabel ${key} ziehen`, tagIds: ['fremde-tag-id'] },
        { title: 'Dosen setzen', description: 'nichts Besonderes' },
        { title: `Zweite ${key}`, column: 1 },
      ],
    });
    const response = await search(t.adminToken, q(key));
    expect(response).toEqual({
      projects: [
        {
          id: project.id,
          name: project.name,
          projectNumber: '',
          icon: project.icon,
          status: 'active',
          customerType: 'Allgemein',
          tagIds: [],
          projectMatches: false,
          tasks: [
            {
              id: cardNamed(project, `Kabel ${key} ziehen`).id,
              title: `Kabel ${key} ziehen`,
              columnTitle: 'To Do',
              tagIds: ['fremde-tag-id'],
            },
            {
              id: cardNamed(project, `Zweite ${key}`).id,
              title: `Zweite ${key}`,
              columnTitle: 'In Bearbeitung',
              tagIds: [],
            },
            { id: cardNamed(project, 'Abnahme').id, title: 'Abnahme', columnTitle: 'Erledigt', tagIds: [] },
          ],
          taskCount: 3,
        },
      ],
      truncated: false,
    });
  });

  it('lists projects that match themselves before those that only hold a matching task', async () => {
    const key = word();
    const byName = await projectWithBoard(t.adminToken, { name: `Halle ${key}` });
    const byTask = await projectWithBoard(t.adminToken, {
      name: `Lager ${word()}`,
      cards: [{ title: `Regal ${key}` }],
    });
    const both = await projectWithBoard(t.adminToken, { name: `Büro ${key}`, cards: [{ title: `Tisch ${key}` }] });
    const response = await search(t.adminToken, q(key));
    // Among those matching themselves, the newest change comes first.
    expect(foundIds(response)).toEqual([both.id, byName.id, byTask.id]);
    expect(response.projects.map((project) => [project.projectMatches, project.taskCount])).toEqual([
      [true, 1],
      [true, 0],
      [false, 1],
    ]);
  });

  it('takes % and _ in the query literally', async () => {
    const key = word();
    const fiveHundred = await projectWithBoard(t.adminToken, { name: `${key} Rabatt 500 Euro` });
    const fiftyPercent = await projectWithBoard(t.adminToken, { name: `${key} Rabatt 50% Euro` });
    const letters = await projectWithBoard(t.adminToken, { name: `${key} axb` });
    const underscore = await projectWithBoard(t.adminToken, { name: `${key} a_b` });
    const inTask = await projectWithBoard(t.adminToken, {
      name: `Andere ${word()}`,
      cards: [{ title: `${key} 100%` }],
    });
    expect(foundIds(await search(t.adminToken, q(`${key} Rabatt 50%`)))).toEqual([fiftyPercent.id]);
    expect(foundIds(await search(t.adminToken, q(`${key} Rabatt 50`))).sort()).toEqual(
      [fiveHundred.id, fiftyPercent.id].sort(),
    );
    expect(foundIds(await search(t.adminToken, q(`${key} a_b`)))).toEqual([underscore.id]);
    expect(foundIds(await search(t.adminToken, q(`${key} a`))).sort()).toEqual([letters.id, underscore.id].sort());
    expect(foundIds(await search(t.adminToken, q(`${key} 100%`)))).toEqual([inTask.id]);
    expect(await search(t.adminToken, q(`${key}%Euro`))).toEqual({ projects: [], truncated: false });
  });

  it('takes a backslash in the query literally', async () => {
    const key = word();
    const withBackslash = await projectWithBoard(t.adminToken, { name: `${key} C:\\daten` });
    await projectWithBoard(t.adminToken, { name: `${key} C:daten` });
    expect(foundIds(await search(t.adminToken, q(`${key} C:\\d`)))).toEqual([withBackslash.id]);
  });

  it('shows only projects of his team to a Monteur, all projects to Admin and Firmenleiter', async () => {
    const key = word();
    const owner = await signedIn(t, 'Monteur');
    const stranger = await signedIn(t, 'Monteur');
    const member = await signedIn(t, 'Monteur');
    const deputy = await signedIn(t, 'Auszubildender');
    const leader = await signedIn(t, 'Projektleiter');
    const chief = await signedIn(t, 'Firmenleiter');
    const byName = await projectWithBoard(owner.token, { name: `Privat ${key}` });
    const byTask = await projectWithBoard(owner.token, {
      name: `Geheim ${word()}`,
      cards: [{ title: `Karte ${key}` }],
    });
    await addMember(byName.id, member.user.id);
    await User.sequelize!.query('UPDATE projects SET deputy_owner_id = :deputy WHERE id = :id', {
      replacements: { deputy: deputy.user.id, id: byTask.id },
    });

    const all = [byName.id, byTask.id];
    expect(foundIds(await search(owner.token, q(key)))).toEqual(all);
    expect(foundIds(await search(t.adminToken, q(key)))).toEqual(all);
    expect(foundIds(await search(chief.token, q(key)))).toEqual(all);
    expect(await search(stranger.token, q(key))).toEqual({ projects: [], truncated: false });
    expect(await search(leader.token, q(key))).toEqual({ projects: [], truncated: false });
    expect(foundIds(await search(member.token, q(key)))).toEqual([byName.id]);
    const forDeputy = await search(deputy.token, q(key));
    expect(foundIds(forDeputy)).toEqual([byTask.id]);
    expect(forDeputy.projects[0]!.tasks.map((task) => task.title)).toEqual([`Karte ${key}`]);
  });

  it('never finds templates, even for their owner or Admin', async () => {
    const key = word();
    const leader = await signedIn(t, 'Projektleiter');
    const id = newId();
    const [position] = keysAfter(null, 1);
    const template = await api<ProjectDocument>('PUT', `/api/templates/${id}`, leader.token, {
      revision: 0,
      name: `Vorlage ${key}`,
      description: '',
      icon: 'clipboard',
      projectNumber: key,
      customerType: 'Allgemein',
      groupId: null,
      tagIds: [],
      cardGroups: [],
      columns: [
        {
          id: newId(),
          rev: 0,
          position: position!,
          title: 'To Do',
          cards: [{ id: newId(), rev: 0, position: position!, title: `Vorlagenkarte ${key}`, description: '' }],
        },
      ],
    });
    expect(template.status).toBe(200);
    expect(cardsOf(template.body).map((card) => card.title)).toEqual([`Vorlagenkarte ${key}`]);
    const project = await projectWithBoard(leader.token, { name: `Projekt ${key}` });
    expect(foundIds(await search(leader.token, q(key)))).toEqual([project.id]);
    expect(foundIds(await search(t.adminToken, q(key)))).toEqual([project.id]);
    expect(foundIds(await search(t.adminToken, q(`Vorlagenkarte ${key}`)))).toEqual([]);
  });

  it('never finds archived projects, but finds completed ones', async () => {
    const key = word();
    const owner = await signedIn(t, 'Monteur');
    const archived = await projectWithBoard(owner.token, {
      name: `Alt ${key}`,
      cards: [{ title: `Alte Karte ${key}` }],
    });
    const completed = await projectWithBoard(owner.token, { name: `Fertig ${key}` });
    expect(foundIds(await search(owner.token, q(key))).sort()).toEqual([archived.id, completed.id].sort());

    expect((await api('DELETE', `/api/projects/${archived.id}`, owner.token)).status).toBe(200);
    expect((await api('POST', `/api/projects/${completed.id}/complete`, owner.token)).status).toBe(200);
    for (const token of [owner.token, t.adminToken]) {
      const response = await search(token, q(key));
      expect(response.projects).toEqual([expect.objectContaining({ id: completed.id, status: 'completed' })]);
      expect(await search(token, q(`Alte Karte ${key}`))).toEqual({ projects: [], truncated: false });
    }
  });

  it('lists at most 20 tasks per project in board order and counts all of them', async () => {
    const key = word();
    const titles = Array.from({ length: 22 }, (_, index) => `Punkt ${String(index).padStart(2, '0')} ${key}`);
    await projectWithBoard(t.adminToken, {
      name: `Viele Aufgaben ${word()}`,
      cards: titles.map((title, index) => ({ title, column: index < 11 ? 0 : 1 })),
    });
    const [project] = (await search(t.adminToken, q(key))).projects;
    expect(project!.taskCount).toBe(22);
    expect(project!.tasks.map((task) => task.title)).toEqual(titles.slice(0, SEARCH_LIMITS.tasksPerProject));
  });

  it('answers at most 50 projects and says when there were more', async () => {
    const key = word();
    const owner = await signedIn(t, 'Projektleiter');
    for (let index = 0; index < SEARCH_LIMITS.projects; index++)
      await projectWithBoard(owner.token, { name: `Massen ${key} ${index}` });
    const full = await search(owner.token, q(key));
    expect([full.projects.length, full.truncated]).toEqual([SEARCH_LIMITS.projects, false]);
    await projectWithBoard(owner.token, { name: `Massen ${key} extra` });
    const over = await search(owner.token, q(key));
    expect([over.projects.length, over.truncated]).toEqual([SEARCH_LIMITS.projects, true]);
    // 51 projects made through the API: generous under a loaded machine (setup, not speed).
  }, 60_000);

  it('refuses a query of more than 200 characters with 400 and the message', async () => {
    const response = await api('GET', `/api/search?${q('x'.repeat(201))}`, t.adminToken);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: de.organisation.search.queryTooLong, code: 'validation' });
    // 200 characters are fine, also with blanks around them.
    expect((await api('GET', `/api/search?${q(` ${'x'.repeat(200)} `)}`, t.adminToken)).status).toBe(200);
  });

  it('refuses more than 20 different tags with 400 and the message; repeated labels count once', async () => {
    const labels = Array.from({ length: 21 }, (_, index) => `Tag ${index} ${word()}`);
    const response = await api('GET', `/api/search?q=x&${tags(...labels)}`, t.adminToken);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: de.organisation.search.tooManyTags, code: 'validation' });
    expect(await search(t.adminToken, tags(...labels.slice(0, 20)))).toEqual({ projects: [], truncated: false });
    expect(
      (await api('GET', `/api/search?${tags(...Array.from({ length: 25 }, () => 'Gleich'))}`, t.adminToken)).status,
    ).toBe(200);
  });

  it('refuses a tag label longer than 100 characters with its own message', async () => {
    const response = await api('GET', `/api/search?${tags('t'.repeat(101))}`, t.adminToken);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: de.organisation.search.tagTooLong, code: 'validation' });
  });
});

describe('GET /api/search: tag filter', () => {
  /** Types A and B both with a tag 'Dringend …' (same label), A also with 'Klein …'; one project with four cards. */
  async function taggedBoard() {
    const key = word();
    const typeA = `Typ A ${key}`;
    const typeB = `Typ B ${key}`;
    await createType(typeA);
    await createType(typeB);
    const urgent = `Dringend ${key}`;
    const small = `Klein ${key}`;
    const urgentA = await createTag(typeA, urgent);
    const urgentB = await createTag(typeB, urgent);
    const smallA = await createTag(typeA, small);
    const owner = await signedIn(t, 'Monteur');
    const project = await projectWithBoard(owner.token, {
      name: `Tagprojekt ${key}`,
      cards: [
        { title: 'Kabel A', tagIds: [urgentA] },
        { title: 'Kabel B', tagIds: [urgentB] },
        { title: 'Beides', tagIds: [smallA, urgentA] },
        { title: 'Kabel ohne Tag' },
        { title: 'Nur klein', tagIds: [smallA] },
      ],
    });
    return { key, urgent, small, urgentA, urgentB, smallA, owner, project };
  }

  it('merges the tags of all customer types with the same label, case-insensitively', async () => {
    const { urgent, urgentA, urgentB, smallA, owner, project } = await taggedBoard();
    for (const label of [urgent, urgent.toUpperCase()]) {
      const response = await search(owner.token, tags(label));
      expect(response.projects).toHaveLength(1);
      expect(response.projects[0]).toMatchObject({ id: project.id, projectMatches: false, taskCount: 3 });
      expect(response.projects[0]!.tasks).toEqual([
        { id: cardNamed(project, 'Kabel A').id, title: 'Kabel A', columnTitle: 'To Do', tagIds: [urgentA] },
        { id: cardNamed(project, 'Kabel B').id, title: 'Kabel B', columnTitle: 'To Do', tagIds: [urgentB] },
        { id: cardNamed(project, 'Beides').id, title: 'Beides', columnTitle: 'To Do', tagIds: [smallA, urgentA] },
      ]);
    }
  });

  it('requires every chosen tag when tag= is given several times', async () => {
    const { urgent, small, owner } = await taggedBoard();
    const response = await search(owner.token, tags(urgent, small));
    expect(response.projects.flatMap((project) => project.tasks.map((task) => task.title))).toEqual(['Beides']);
    expect(response.projects[0]!.taskCount).toBe(1);
  });

  it('combines text and tags: the task must carry the tags and contain the text', async () => {
    const { urgent, owner } = await taggedBoard();
    const response = await search(owner.token, `${q('kabel')}&${tags(urgent)}`);
    expect(response.projects.flatMap((project) => project.tasks.map((task) => task.title))).toEqual([
      'Kabel A',
      'Kabel B',
    ]);
  });

  it('answers an empty result when one of the labels belongs to no tag', async () => {
    const { urgent, owner } = await taggedBoard();
    expect(await search(owner.token, tags(`Gibt es nicht ${word()}`))).toEqual({ projects: [], truncated: false });
    expect(await search(owner.token, tags(urgent, `Gibt es nicht ${word()}`))).toEqual({
      projects: [],
      truncated: false,
    });
  });

  it('finds a project that carries the tags itself, even without matching tasks', async () => {
    const { urgent, urgentB, small, smallA, owner } = await taggedBoard();
    const tagged = await projectWithBoard(owner.token, {
      name: `Projekt mit Tags ${word()}`,
      tagIds: [urgentB, smallA],
    });
    const response = await search(owner.token, tags(urgent, small));
    const found = response.projects.find((project) => project.id === tagged.id);
    expect(found).toMatchObject({ projectMatches: true, tasks: [], taskCount: 0 });
    expect([...found!.tagIds].sort()).toEqual([urgentB, smallA].sort());
    // The project matches itself, so it comes before the one that only holds a matching task.
    expect(response.projects[0]!.id).toBe(tagged.id);
  });

  it('keeps the tag filter within the projects the caller may see', async () => {
    const { urgent, project } = await taggedBoard();
    const stranger = await signedIn(t, 'Monteur');
    expect(await search(stranger.token, tags(urgent))).toEqual({ projects: [], truncated: false });
    expect(foundIds(await search(t.adminToken, tags(urgent)))).toContain(project.id);
  });
});

describe('GET /api/appointments', () => {
  it("lists the active and 'client not present' appointments of the caller's projects by date", async () => {
    const owner = await signedIn(t, 'Monteur');
    const first = await projectWithBoard(owner.token, {
      name: `Termine ${word()}`,
      appointments: [
        {
          title: 'Abnahme',
          date: '2026-12-03T09:00',
          contactName: 'Frau Weber',
          contactPhone: '0171 123',
          notes: 'Schlüssel beim Nachbarn',
          tagIds: ['tag-1'],
        },
        { title: 'Nicht angetroffen', date: '2026-12-01T08:00', status: 'client_not_present' },
        { title: 'Erledigt', date: '2026-11-01T08:00', status: 'attended' },
        { title: 'Abgesagt', date: '2026-11-02T08:00', status: 'cancelled' },
        { title: 'Verpasst', date: '2026-11-03T08:00', status: 'not_attended' },
      ],
    });
    const second = await projectWithBoard(owner.token, {
      name: `Mehr Termine ${word()}`,
      appointments: [{ title: 'Ganztägig', date: '2026-12-02' }],
    });
    const appointmentOf = (project: ProjectDocument, title: string) =>
      project.appointments.find((entry) => entry.title === title)!;
    const response = await api<DashboardAppointmentDto[]>('GET', '/api/appointments', owner.token);
    expect(response.status).toBe(200);
    const notPresent = appointmentOf(first, 'Nicht angetroffen');
    const allDay = appointmentOf(second, 'Ganztägig');
    const acceptance = appointmentOf(first, 'Abnahme');
    expect(response.body).toEqual([
      {
        ...notPresent,
        date: '2026-12-01T08:00',
        status: 'client_not_present',
        projectId: first.id,
        projectName: first.name,
        projectStatus: 'active',
      },
      { ...allDay, date: '2026-12-02T00:00', projectId: second.id, projectName: second.name, projectStatus: 'active' },
      {
        id: acceptance.id,
        rev: acceptance.rev,
        title: 'Abnahme',
        date: '2026-12-03T09:00',
        status: 'active',
        contactName: 'Frau Weber',
        contactPhone: '0171 123',
        tagIds: ['tag-1'],
        notes: 'Schlüssel beim Nachbarn',
        projectId: first.id,
        projectName: first.name,
        projectStatus: 'active',
      },
    ]);
  });

  it('orders appointments at the same time by id', async () => {
    const owner = await signedIn(t, 'Monteur');
    const project = await projectWithBoard(owner.token, {
      name: `Gleichzeitig ${word()}`,
      appointments: [
        { title: 'Eins', date: '2026-12-05T10:00' },
        { title: 'Zwei', date: '2026-12-05T10:00' },
        { title: 'Drei', date: '2026-12-05T10:00' },
      ],
    });
    const response = await api<DashboardAppointmentDto[]>('GET', '/api/appointments', owner.token);
    expect(response.body.map((entry) => entry.id)).toEqual(project.appointments.map((entry) => entry.id).sort());
  });

  it("shows a Monteur only his team's appointments; Admin and Firmenleiter see everyone's", async () => {
    const owner = await signedIn(t, 'Monteur');
    const other = await signedIn(t, 'Monteur');
    const member = await signedIn(t, 'Helfer');
    const chief = await signedIn(t, 'Firmenleiter');
    const mine = await projectWithBoard(owner.token, {
      name: `Meins ${word()}`,
      appointments: [{ title: 'Mein Termin', date: '2026-12-10T07:00' }],
    });
    const theirs = await projectWithBoard(other.token, {
      name: `Fremd ${word()}`,
      appointments: [{ title: 'Fremder Termin', date: '2026-12-09T07:00' }],
    });
    const titlesFor = async (token: string) =>
      (await api<DashboardAppointmentDto[]>('GET', '/api/appointments', token)).body
        .filter((entry) => entry.projectId === mine.id || entry.projectId === theirs.id)
        .map((entry) => entry.title);

    expect(await titlesFor(owner.token)).toEqual(['Mein Termin']);
    expect((await api<DashboardAppointmentDto[]>('GET', '/api/appointments', owner.token)).body).toHaveLength(1);
    expect(await titlesFor(other.token)).toEqual(['Fremder Termin']);
    expect(await titlesFor(member.token)).toEqual([]);
    expect(await titlesFor(t.adminToken)).toEqual(['Fremder Termin', 'Mein Termin']);
    expect(await titlesFor(chief.token)).toEqual(['Fremder Termin', 'Mein Termin']);

    await addMember(mine.id, member.user.id);
    expect(await titlesFor(member.token)).toEqual(['Mein Termin']);
  });

  it('drops the appointments of archived projects and keeps those of completed ones', async () => {
    const owner = await signedIn(t, 'Monteur');
    const archived = await projectWithBoard(owner.token, {
      name: `Archiv ${word()}`,
      appointments: [{ title: 'Archiviert', date: '2026-12-11T07:00' }],
    });
    const completed = await projectWithBoard(owner.token, {
      name: `Abgeschlossen ${word()}`,
      appointments: [{ title: 'Abgeschlossen', date: '2026-12-12T07:00' }],
    });
    const titles = async (token: string) =>
      (await api<DashboardAppointmentDto[]>('GET', '/api/appointments', token)).body
        .filter((entry) => entry.projectId === archived.id || entry.projectId === completed.id)
        .map((entry) => [entry.title, entry.projectStatus]);
    expect(await titles(owner.token)).toEqual([
      ['Archiviert', 'active'],
      ['Abgeschlossen', 'active'],
    ]);

    expect((await api('DELETE', `/api/projects/${archived.id}`, owner.token)).status).toBe(200);
    expect((await api('POST', `/api/projects/${completed.id}/complete`, owner.token)).status).toBe(200);
    expect(await titles(owner.token)).toEqual([['Abgeschlossen', 'completed']]);
    expect(await titles(t.adminToken)).toEqual([['Abgeschlossen', 'completed']]);
  });

  it('never lists the appointments of templates', async () => {
    const leader = await signedIn(t, 'Projektleiter');
    const id = newId();
    const [position] = keysAfter(null, 1);
    const template = await api<ProjectDocument>('PUT', `/api/templates/${id}`, leader.token, {
      revision: 0,
      name: `Vorlage ${word()}`,
      description: '',
      icon: 'clipboard',
      projectNumber: '',
      customerType: 'Allgemein',
      groupId: null,
      tagIds: [],
      cardGroups: [],
      columns: [{ id: newId(), rev: 0, position: position!, title: 'To Do', cards: [] }],
      appointments: [appointment({ title: 'Vorlagentermin', date: '2026-12-13T07:00' })],
    });
    expect(template.status).toBe(200);
    expect(template.body.appointments.map((entry) => entry.title)).toEqual(['Vorlagentermin']);
    for (const token of [leader.token, t.adminToken]) {
      const response = await api<DashboardAppointmentDto[]>('GET', '/api/appointments', token);
      expect(response.status).toBe(200);
      expect(response.body.filter((entry) => entry.projectId === id)).toEqual([]);
    }
  });
});
