import { produce } from 'immer';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { AppointmentDto, CardDto, CurrentUserDto, NoteDto, ProjectDocument } from '@werkboard/common';
import type { FakeRoute } from './fakeFetch';
import { createFakeFetch } from './fakeFetch';
import { buildUser } from './fixtures';
import { renderWithProviders } from './renderApp';
import type { ProjectBoardContextValue, ProjectRecipe, ProjectStatusAction } from '../entities/project/projectContext';
import { ProjectBoardContext } from '../entities/project/projectContext';

/** Test fixtures and a board provider for the panels: `update` applies recipes with immer. */

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
  return {
    id: testId(),
    rev: 1,
    position: 'i',
    title,
    description: '',
    tagIds: [],
    group: null,
    assignedTo: null,
    timeEntries: [],
    materialEntries: [],
    ...overrides,
  };
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
    changeLog: [],
    lastModified: '2026-03-01T09:00:00.000Z',
    createdAt: '2026-01-01T09:00:00.000Z',
    ...overrides,
  };
}

export interface BoardOptions {
  document?: ProjectDocument;
  user?: CurrentUserDto;
  readOnly?: boolean;
  routes?: Record<string, FakeRoute>;
  changeStatus?: (action: ProjectStatusAction) => Promise<void>;
}

/** Renders `ui` inside a ProjectBoardContext whose update applies the recipe to a local copy. */
export function renderWithBoard(ui: ReactNode, options: BoardOptions = {}) {
  const state = { document: options.document ?? buildDocument(), logs: [] as string[] };
  const update = jest.fn<void, [ProjectRecipe, (string | readonly string[])?]>();
  const changeStatus = jest.fn<Promise<void>, [ProjectStatusAction]>(options.changeStatus ?? (() => Promise.resolve()));
  const reload = jest.fn<void, []>();

  function Harness({ children }: { children: ReactNode }) {
    const [document, setDocument] = useState(state.document);
    update.mockImplementation((recipe, logActions) => {
      state.document = produce(state.document, recipe);
      if (logActions !== undefined) state.logs.push(...(typeof logActions === 'string' ? [logActions] : logActions));
      setDocument(state.document);
    });
    const value: ProjectBoardContextValue = {
      document,
      readOnly: options.readOnly ?? false,
      update,
      reload,
      changeStatus,
    };
    return <ProjectBoardContext.Provider value={value}>{children}</ProjectBoardContext.Provider>;
  }

  const fake = createFakeFetch({
    'GET /api/customer-types': { body: ['Allgemein'] },
    'GET /api/tags': { body: [] },
    'GET /api/project-groups': { body: [] },
    'GET /api/external-users': { body: [] },
    ...options.routes,
  });
  const view = renderWithProviders(<Harness>{ui}</Harness>, { user: options.user ?? owner, fake });
  return {
    ...view,
    update,
    changeStatus,
    /** The document after every update so far. */
    current: () => state.document,
    /** The change-log actions passed to update, in order. */
    logs: state.logs,
  };
}
