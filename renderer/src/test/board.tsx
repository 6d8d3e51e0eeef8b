import type { ReactNode } from 'react';
import type { AppointmentDto, CardDto, CurrentUserDto, NoteDto, ProjectDocument } from '@werkboard/common';
import { blankCard } from '@werkboard/common';
import type { ProjectStatusAction } from '../api/endpoints/projects';
import { projectReceived } from '../entities/project/projectSlice';
import { openProject } from '../entities/project/projectThunks';
import type { FakeAnswer, FakeRequest, FakeRoute } from './fakeFetch';
import { createFakeFetch } from './fakeFetch';
import { buildUser } from './fixtures';
import { createProjectServer } from './projectServer';
import { createTestStore, renderWithProviders } from './renderApp';

/**
 * Test fixtures and the open project for the board's panels: the real store with the project
 * opened in the entity (entities/project) and a server that takes its saves (test/projectServer.ts).
 * `update` is called with each saved document (the writer's whole copy, also for a delta save),
 * `changeStatus` with each status action the panels send.
 */

export const OWNER_ID = '11111111-1111-4111-8111-111111111111';
export const MEMBER_ID = '22222222-2222-4222-8222-222222222222';

export const owner = buildUser('Projektleiter', { id: OWNER_ID, username: 'paula' });
export const member = buildUser('Monteur', { id: MEMBER_ID, username: 'max' });

let ids = 0;
export function testId(): string {
  ids += 1;
  return `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`;
}

export function buildCard(title: string, overrides: Partial<CardDto> = {}): CardDto {
  return { ...blankCard({ id: testId(), rev: 1, position: 'i', title }), ...overrides };
}

export function buildAppointment(title: string, date: string, overrides: Partial<AppointmentDto> = {}): AppointmentDto {
  return {
    id: testId(),
    rev: 1,
    title,
    date,
    status: 'active',
    contactName: '',
    contactPhone: '',
    tagIds: [],
    notes: '',
    ...overrides,
  };
}

export function buildNote(title: string, content: string, overrides: Partial<NoteDto> = {}): NoteDto {
  return {
    id: testId(),
    rev: 1,
    title,
    content,
    authorId: OWNER_ID,
    authorUsername: 'paula',
    timestamp: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function buildDocument(overrides: Partial<ProjectDocument> = {}): ProjectDocument {
  return {
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    revision: 3,
    isTemplate: false,
    status: 'active',
    name: 'Bad Müller',
    description: '',
    icon: 'briefcase',
    projectNumber: 'P-1',
    customerType: 'Allgemein',
    groupId: null,
    groupAssignments: {},
    thumbnailImageId: null,
    tagIds: [],
    cardGroups: [],
    ownerId: OWNER_ID,
    ownerUsername: 'paula',
    deputyOwnerId: null,
    memberIds: [MEMBER_ID],
    team: [
      { id: OWNER_ID, username: 'paula', usernameColor: '#FFFFFF', role: 'Projektleiter', teamRole: 'owner' },
      { id: MEMBER_ID, username: 'max', usernameColor: '#FFFFFF', role: 'Monteur', teamRole: 'member' },
    ],
    columns: [
      { id: testId(), rev: 1, position: 'a', title: 'To Do', cards: [] },
      { id: testId(), rev: 1, position: 'b', title: 'Erledigt', cards: [] },
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

export interface BoardOptions {
  document?: ProjectDocument;
  user?: CurrentUserDto;
  /** Opens the project read-only (as from the archive), whatever its status. */
  readOnly?: boolean;
  routes?: Record<string, FakeRoute>;
  /** How the server answers a status action (complete, reopen, archive); a rejection is a 500. */
  changeStatus?: (action: ProjectStatusAction) => Promise<void>;
}

/** Renders `ui` with the project of `options.document` open; saves go to a fake server that keeps them. */
export function renderWithBoard(ui: ReactNode, options: BoardOptions = {}) {
  const initial = options.document ?? buildDocument();
  const base = `/api/${initial.isTemplate ? 'templates' : 'projects'}/${initial.id}`;
  const server = createProjectServer(initial, base);
  const update = jest.fn<void, [ProjectDocument]>();
  const changeStatus = jest.fn<Promise<void>, [ProjectStatusAction]>(options.changeStatus ?? (() => Promise.resolve()));

  const statusRoute =
    (action: ProjectStatusAction): FakeRoute =>
    () =>
      changeStatus(action).then(
        () => {
          if (action !== 'archive')
            server.write((draft) => {
              draft.status = action === 'complete' ? 'completed' : 'active';
            });
          return { body: action === 'archive' ? { message: 'ok' } : server.document };
        },
        () => ({ status: 500, body: { message: 'kaputt' } }),
      );
  /** A save (PUT or PATCH) through the server; `update` hears the writer's document of each one it took. */
  const save =
    (route: (request: FakeRequest) => FakeAnswer): FakeRoute =>
    (request: FakeRequest) => {
      const before = server.saved.length;
      const answer = route(request);
      if (server.saved.length > before) update(server.saved.at(-1)!);
      return answer;
    };

  const fake = createFakeFetch({
    'GET /api/customer-types': { body: ['Allgemein'] },
    'GET /api/tags': { body: [] },
    'GET /api/project-groups': { body: [] },
    'GET /api/external-users': { body: [] },
    [`GET ${base}`]: server.routes[`GET ${base}`]!,
    [`PUT ${base}`]: save(server.routes[`PUT ${base}`]!),
    [`PATCH ${base}`]: save(server.routes[`PATCH ${base}`]!),
    [`POST ${base}/complete`]: statusRoute('complete'),
    [`POST ${base}/reopen`]: statusRoute('reopen'),
    [`DELETE ${base}`]: statusRoute('archive'),
    ...options.routes,
  });
  const context = createTestStore({ fake, user: options.user ?? owner });
  context.store.dispatch(
    openProject(initial.id, options.readOnly ?? false, initial.isTemplate ? 'template' : 'project'),
  );
  context.store.dispatch(projectReceived(initial));
  // As loadProject does: the copy shown is the server's, the base of the saves' deltas.
  context.extra.projectSavers.current!.confirm(initial);
  const view = renderWithProviders(ui, {}, context);
  const document = () => context.store.getState().project.document ?? server.document;
  // The change-log actions the edits wrote, oldest first: one array, kept current as edits come
  // (an edit puts its entries, in order, in front of the older ones).
  const logs: string[] = [];
  const seen = new Set(initial.changeLog.map((entry) => entry.id));
  context.store.subscribe(() => {
    for (const entry of document().changeLog.filter((candidate) => !seen.has(candidate.id))) {
      seen.add(entry.id);
      logs.push(entry.action);
    }
  });
  return {
    ...view,
    update,
    changeStatus,
    server,
    /** The open project's document as shown now (the edits applied). */
    current: document,
    logs,
  };
}
