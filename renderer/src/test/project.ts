import type { ChangeLogEntryDto, CardDto, ColumnDto, ProjectDocument, TagDto, TimeEntryDto } from '@werkboard/common';
import { blankCard } from '@werkboard/common';
import type { FakeFetch, FakeRequest, FakeRoute } from './fakeFetch';
import { createFakeFetch } from './fakeFetch';
import type { FakeProjectServer } from './projectServer';
import { createProjectServer } from './projectServer';
import { buildUser } from './fixtures';
import type { createTestStore } from './renderApp';

type TestStore = ReturnType<typeof createTestStore>['store'];

/** Fixtures of the board tests: a project with three columns and four cards, and a fake server for it. */

export const PROJECT_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
export const OWNER_ID = 'bbbbbbbb-0000-4000-8000-000000000001';
export const MEMBER_ID = 'bbbbbbbb-0000-4000-8000-000000000002';
export const COLUMN = {
  todo: 'cccccccc-0000-4000-8000-000000000001',
  doing: 'cccccccc-0000-4000-8000-000000000002',
  done: 'cccccccc-0000-4000-8000-000000000003',
};
export const CARD = {
  cable: 'dddddddd-0000-4000-8000-000000000001',
  socket: 'dddddddd-0000-4000-8000-000000000002',
  lamp: 'dddddddd-0000-4000-8000-000000000003',
  finished: 'dddddddd-0000-4000-8000-000000000004',
};
export const TAG = { urgent: 'eeeeeeee-0000-4000-8000-000000000001', info: 'eeeeeeee-0000-4000-8000-000000000002' };

export const owner = buildUser('Projektleiter', { id: OWNER_ID, username: 'paula' });
export const member = buildUser('Monteur', { id: MEMBER_ID, username: 'max' });

export function buildCard(id: string, title: string, position: string, overrides: Partial<CardDto> = {}): CardDto {
  return { ...blankCard({ id, rev: 1, position, title }), ...overrides };
}

export function timeEntry(id: string, userId: string, username: string, hours: number): TimeEntryDto {
  return { id, rev: 1, userId, username, date: '2026-03-02', hours };
}

function column(id: string, position: string, title: string, cards: CardDto[]): ColumnDto {
  return { id, rev: 1, position, title, cards };
}

export function buildProject(overrides: Partial<ProjectDocument> = {}): ProjectDocument {
  return {
    id: PROJECT_ID,
    revision: 7,
    isTemplate: false,
    status: 'active',
    name: 'Bad Müller',
    description: '',
    icon: 'home',
    projectNumber: 'P-2026-01',
    customerType: 'Allgemein',
    groupId: null,
    groupAssignments: {},
    thumbnailImageId: null,
    tagIds: [TAG.info],
    cardGroups: [],
    ownerId: OWNER_ID,
    ownerUsername: 'paula',
    deputyOwnerId: null,
    memberIds: [MEMBER_ID],
    team: [
      { id: OWNER_ID, username: 'paula', usernameColor: '#FFFFFF', role: 'Projektleiter', teamRole: 'owner' },
      { id: MEMBER_ID, username: 'max', usernameColor: '#FFAA00', role: 'Monteur', teamRole: 'member' },
    ],
    columns: [
      column(COLUMN.todo, 'i', 'To Do', [
        buildCard(CARD.cable, 'Kabel ziehen', 'i', { assignedTo: MEMBER_ID, tagIds: [TAG.urgent] }),
        buildCard(CARD.socket, 'Steckdosen setzen', 'r'),
      ]),
      column(COLUMN.doing, 'r', 'In Bearbeitung', [buildCard(CARD.lamp, 'Lampen montieren', 'i')]),
      column(COLUMN.done, 'v', 'Erledigt', [buildCard(CARD.finished, 'Material bestellen', 'i')]),
    ],
    appointments: [],
    notes: [],
    signoffs: [],
    changeLog: [],
    lastModified: '2026-03-01T09:00:00.000Z',
    createdAt: '2026-01-01T09:00:00.000Z',
    ...overrides,
  };
}

export const TAGS: TagDto[] = [
  { id: TAG.urgent, customerType: 'Allgemein', label: 'Dringend', color: 'red', priority: 3 },
  { id: TAG.info, customerType: 'Allgemein', label: 'Info', color: 'blue', priority: 1 },
];

export const PROJECT_PATH = `/project/${PROJECT_ID}`;
export const API_PATH = `/api/projects/${PROJECT_ID}`;

/**
 * A PUT answered with the sent document at the next revision, for documents no server keeps
 * yet (a new template's first saves); the project's routes are createProjectServer's.
 */
export function echoPut(request: FakeRequest) {
  const body = request.body as ProjectDocument;
  return { body: { ...body, revision: body.revision + 1 } };
}

export type ProjectFakeFetch = FakeFetch & { server: FakeProjectServer };
/** Routes next to the project's; as a function of the server they can wrap or change it. */
export type MoreRoutes = Record<string, FakeRoute> | ((server: FakeProjectServer) => Record<string, FakeRoute>);

/**
 * A fake server with the project (createProjectServer: GET, PUT, PATCH), tags and external
 * workers; more routes override these (given as a function, they can wrap the server's own).
 */
export function projectServer(document: ProjectDocument = buildProject(), routes: MoreRoutes = {}): ProjectFakeFetch {
  const server = createProjectServer(document, API_PATH);
  const fake = createFakeFetch({
    'GET /api/tags': { body: TAGS },
    'GET /api/external-users': { body: [{ id: 'ffffffff-0000-4000-8000-000000000001', name: 'Elektro Schulz' }] },
    ...server.routes,
    ...(typeof routes === 'function' ? routes(server) : routes),
  });
  return { ...fake, server };
}

/**
 * The change-log entries the open project shows as they come, oldest first. A delta save does
 * not carry the client's entries (the server writes its own log): a test reads them here.
 */
export function watchLog(store: TestStore): ChangeLogEntryDto[] {
  const seen = new Set(store.getState().project.document?.changeLog.map((entry) => entry.id));
  const entries: ChangeLogEntryDto[] = [];
  store.subscribe(() => {
    const shown = store.getState().project.document?.changeLog ?? [];
    for (const entry of [...shown].reverse())
      if (!seen.has(entry.id)) {
        seen.add(entry.id);
        entries.push(entry);
      }
  });
  return entries;
}

export function cardIn(document: ProjectDocument, cardId: string) {
  for (const col of document.columns) {
    const card = col.cards.find((candidate) => candidate.id === cardId);
    if (card) return { column: col, card };
  }
  return null;
}
