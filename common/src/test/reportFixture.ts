import type { CardDto, ColumnDto, ProjectDocument } from '../dto/projects';
import type { ReportNames } from '../domain/reportNames';
import { blankCard } from '../domain/boardOperations';

/**
 * Test data of the report tests (common and renderer): a small electrician's project with
 * three columns, task groups, times, material, appointments and notes. Not part of the
 * package's index.
 */

export const REPORT_PROJECT_ID = '6f1d2c3b-0000-4000-8000-000000000001';
export const USER = { paula: '6f1d2c3b-0000-4000-8000-0000000000a1', max: '6f1d2c3b-0000-4000-8000-0000000000a2' };
export const EXTERNAL_ID = '6f1d2c3b-0000-4000-8000-0000000000e1';
export const TAG_URGENT = '6f1d2c3b-0000-4000-8000-0000000000t1';

let nextId = 0;
const id = () => `6f1d2c3b-0000-4000-8000-${String(++nextId).padStart(12, '0')}`;

export function reportCard(title: string, overrides: Partial<CardDto> = {}): CardDto {
  return { ...blankCard({ id: id(), rev: 1, position: 'a0', title }), ...overrides };
}

export function reportColumn(title: string, position: string, cards: CardDto[]): ColumnDto {
  return { id: id(), rev: 1, position, title, cards: cards.map((card, index) => ({ ...card, position: `a${index}` })) };
}

export const time = (userId: string | null, username: string, date: string, hours: number) => ({
  id: id(),
  rev: 1,
  userId,
  username,
  date,
  hours,
});

export const material = (quantity: number, unit: string, name: string) => ({ id: id(), rev: 1, quantity, unit, name });

export function reportProject(overrides: Partial<ProjectDocument> = {}): ProjectDocument {
  return {
    id: REPORT_PROJECT_ID,
    revision: 12,
    isTemplate: false,
    status: 'active',
    name: 'Neubau Müller',
    description: 'Elektroinstallation im Einfamilienhaus, Erdgeschoss und Obergeschoss.',
    icon: 'home',
    projectNumber: 'P-2026-014',
    customerType: 'Privatkunde',
    groupId: null,
    groupAssignments: {},
    thumbnailImageId: null,
    tagIds: [],
    cardGroups: ['Küche', 'Bad'],
    ownerId: USER.paula,
    ownerUsername: 'paula',
    deputyOwnerId: USER.max,
    memberIds: [USER.max],
    team: [
      { id: USER.paula, username: 'paula', usernameColor: '#ffffff', role: 'Projektleiter', teamRole: 'owner' },
      { id: USER.max, username: 'max', usernameColor: '#ffffff', role: 'Monteur', teamRole: 'deputy' },
    ],
    columns: [
      reportColumn('To Do', 'a0', [
        reportCard('Kabel ziehen', {
          group: 'Küche',
          assignedTo: USER.max,
          tagIds: [TAG_URGENT],
          description: 'NYM-J 3x1,5 vom Verteiler zur Küche; Schlitze sind gefräst.',
          timeEntries: [time(USER.max, 'max', '2026-03-02', 2.5), time(USER.paula, 'paula', '2026-03-03', 1.25)],
          materialEntries: [material(25, 'm', 'NYM-J 3x1,5'), material(4, 'Stk', 'Abzweigdose')],
        }),
        reportCard('Zählerschrank prüfen', { assignedTo: `ext-${EXTERNAL_ID}` }),
      ]),
      reportColumn('In Bearbeitung', 'a1', [
        reportCard('Steckdosen setzen', {
          group: 'Bad',
          timeEntries: [time(USER.max, 'max', '2026-03-02', 3)],
          materialEntries: [material(12.5, 'm', 'nym-j 3x1,5 '), material(6, 'Stk', 'Steckdose Busch-Jaeger')],
        }),
      ]),
      reportColumn('Erledigt', 'a2', [reportCard('Baustelle einrichten')]),
    ],
    appointments: [
      {
        id: id(),
        rev: 1,
        title: 'Abnahme mit Bauherrn',
        date: '2026-03-20T09:30',
        status: 'active',
        contactName: 'Herr Müller',
        contactPhone: '0171 2345678',
        tagIds: [],
        notes: '',
      },
      {
        id: id(),
        rev: 1,
        title: 'Material anliefern',
        date: '2026-03-01T07:00',
        status: 'attended',
        contactName: '',
        contactPhone: '',
        tagIds: [],
        notes: '',
      },
    ],
    notes: [
      {
        id: id(),
        rev: 1,
        title: 'Informationen',
        content: 'Schlüssel liegt beim Nachbarn (Hausnummer 12).',
        authorId: USER.paula,
        authorUsername: 'paula',
        timestamp: '2026-03-01T08:15:00.000Z',
      },
    ],
    signoffs: [],
    changeLog: [],
    lastModified: '2026-03-03T16:00:00.000Z',
    createdAt: '2026-02-20T10:00:00.000Z',
    ...overrides,
  };
}

export const reportNames: ReportNames = {
  assignees: new Map([
    [USER.paula, 'paula'],
    [USER.max, 'max'],
    [`ext-${EXTERNAL_ID}`, 'Elektro Schulz GmbH'],
  ]),
  tags: new Map([[TAG_URGENT, { label: 'Dringend' }]]),
};
