/// <reference types="node" />
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CardDto, ColumnDto, ProjectDocument, ReportNames } from '@werkboard/common';
import type { ReportFonts } from './pdf/pdfLayout';

/** Test data and tools of the report tests: projects of any size, the fonts, pdftotext. */

export const PROJECT_ID = '7a000000-0000-4000-8000-000000000001';
export const USERS = { paula: '7a000000-0000-4000-8000-0000000000a1', max: '7a000000-0000-4000-8000-0000000000a2' };
const EXTERNAL = '7a000000-0000-4000-8000-0000000000e1';
const TAG = '7a000000-0000-4000-8000-0000000000f1';

const uuid = (prefix: string, n: number) => `7a000000-0000-4000-${prefix}-${String(n).padStart(12, '0')}`;

export const names: ReportNames = {
  assignees: new Map([
    [USERS.paula, 'paula'],
    [USERS.max, 'Max Müller'],
    [`ext-${EXTERNAL}`, 'Elektro Schulz GmbH'],
  ]),
  tags: new Map([[TAG, { label: 'Dringend' }]]),
};

const COLUMN_TITLES = ['To Do', 'In Bearbeitung', 'Material bestellt', 'Erledigt'];

/** A card with two time entries and a material entry, like a fitter's day. */
function workCard(n: number): CardDto {
  return {
    id: uuid('8000', n),
    rev: 1,
    position: `a${String(n).padStart(5, '0')}`,
    title: `Aufgabe ${n}: Steckdosen im Raum ${n} setzen`,
    description: n % 3 === 0 ? 'Unterputzdosen, Höhe 30 cm über fertigem Fußboden; Maße im Plan prüfen.' : '',
    tagIds: n % 5 === 0 ? [TAG] : [],
    group: n % 2 === 0 ? 'Küche' : null,
    assignedTo: n % 4 === 0 ? `ext-${EXTERNAL}` : USERS.max,
    timeEntries: [
      { id: uuid('9000', n * 2), rev: 1, userId: USERS.max, username: 'Max Müller', date: '2026-03-02', hours: 1.5 },
      { id: uuid('9000', n * 2 + 1), rev: 1, userId: USERS.paula, username: 'paula', date: '2026-03-03', hours: 0.25 },
    ],
    materialEntries: [{ id: uuid('a000', n), rev: 1, quantity: 2.5, unit: 'm', name: 'NYM-J 3x1,5' }],
  };
}

/** A project with `cardCount` cards spread over four columns (To Do, In Bearbeitung, Material bestellt, Erledigt). */
export function reportTestProject(cardCount: number, overrides: Partial<ProjectDocument> = {}): ProjectDocument {
  const columns: ColumnDto[] = COLUMN_TITLES.map((title, index) => ({
    id: uuid('b000', index),
    rev: 1,
    position: `a${index}`,
    title,
    cards: [],
  }));
  for (let n = 1; n <= cardCount; n++) columns[n % columns.length]!.cards.push(workCard(n));
  return {
    id: PROJECT_ID,
    revision: 3,
    isTemplate: false,
    status: 'active',
    name: 'Neubau Familie Groß',
    description: 'Elektroinstallation im Einfamilienhaus.',
    icon: 'home',
    projectNumber: 'P-2026-031',
    customerType: 'Privatkunde',
    groupId: null,
    groupAssignments: {},
    thumbnailImageId: null,
    tagIds: [],
    cardGroups: ['Küche'],
    ownerId: USERS.paula,
    ownerUsername: 'paula',
    deputyOwnerId: USERS.max,
    memberIds: [USERS.max],
    team: [
      { id: USERS.paula, username: 'paula', usernameColor: '#ffffff', role: 'Projektleiter', teamRole: 'owner' },
      { id: USERS.max, username: 'Max Müller', usernameColor: '#ffffff', role: 'Monteur', teamRole: 'deputy' },
    ],
    columns,
    appointments: [
      {
        id: uuid('c000', 1),
        rev: 1,
        title: 'Abnahme mit Bauherrn',
        date: '2026-03-20T09:30',
        status: 'active',
        contactName: 'Herr Groß',
        contactPhone: '0171 2345678',
        tagIds: [],
        notes: '',
      },
    ],
    notes: [
      {
        id: uuid('d000', 1),
        rev: 1,
        title: 'Informationen',
        content: 'Schlüssel liegt beim Nachbarn.',
        authorId: USERS.paula,
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

/** The fonts the browser's report embeds (pdf/browserAssets.ts). */
export function testFonts(): ReportFonts {
  const font = (weight: string) =>
    new Uint8Array(readFileSync(join(__dirname, 'pdf', 'fonts', `Inter-Report-${weight}.ttf`)));
  return { regular: font('Regular'), bold: font('Bold') };
}

/** The PDF's text as poppler's pdftotext reads it (pages separated by form feeds). */
export function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'werkboard-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
