import {
  type ChangeLogEntryDto,
  de,
  keyBetween,
  newId,
  PROJECT_LIMITS,
  type ProjectDocument,
  type Role,
  randomSeeds,
  ROLES,
  seededRandom,
} from '@werkboard/common';
import { QueryTypes } from 'sequelize';
import { fieldsOf, flattenDocument } from '../commands/projectEntities';
import { newCard } from '../test/projectMergeHarness';
import { type BoardState, randomWrite, RuleLedger, type Writer, writersOfEveryRole } from '../test/projectMergeRandom';
import { User } from '../models';
import { type Person, signedIn, signedInPerson } from '../test/factories';
import { testServerPerFile } from '../test/testServerPerFile';

/**
 * Issue 13, findings 1, 3 and 4, over HTTP against the real database: every path through the
 * merge runs the entity rules (also what a stale copy brings back), the server writes the
 * change log itself, and members without can_edit_projects neither change the columns nor
 * delete other people's time entries with a card or a column.
 */

// Each test makes a project of a new owner; the Free limit counts all active ones.
const t = testServerPerFile({ emptyProjects: true });

interface Team {
  /** Monteur, the project's owner (can_edit_projects). */
  olga: Person;
  /** Monteur in the team (can_edit_projects). */
  ben: Person;
  /** Auszubildender in the team (no can_edit_projects). */
  azubi: Person;
  projectId: string;
}

const person = (role: Role) => signedInPerson(t, role);

async function put(who: Person, document: ProjectDocument) {
  return t.request<ProjectDocument & { message?: string }>('PUT', `/api/projects/${document.id}`, {
    token: who.token,
    body: document,
  });
}

async function saved(who: Person, document: ProjectDocument): Promise<ProjectDocument> {
  const response = await put(who, document);
  if (response.status !== 200) throw new Error(`PUT of ${who.username}: ${response.status} ${response.body.message}`);
  return response.body;
}

async function read(who: Person, id: string): Promise<ProjectDocument> {
  const response = await t.request<ProjectDocument>('GET', `/api/projects/${id}`, { token: who.token });
  expect(response.status).toBe(200);
  return response.body;
}

/** A copy of `document` changed by `change`. */
function edited(document: ProjectDocument, change: (copy: ProjectDocument) => void): ProjectDocument {
  const copy = structuredClone(document);
  change(copy);
  return copy;
}

const cards = (document: ProjectDocument) => document.columns.flatMap((column) => column.cards);
const card = (document: ProjectDocument, title: string) => cards(document).find((item) => item.title === title)!;
const column = (document: ProjectDocument, title: string) => document.columns.find((item) => item.title === title)!;
const removeCard = (document: ProjectDocument, id: string) => {
  for (const item of document.columns) item.cards = item.cards.filter((entry) => entry.id !== id);
};

function addTime(document: ProjectDocument, title: string, who: Person, hours: number, date = '2026-11-20') {
  const id = newId();
  card(document, title).timeEntries.push({ id, rev: 0, userId: who.id, username: who.username, date, hours });
  return id;
}

/** The entries a write added to the log (the owner reads the log). */
async function newLogEntries(team: Team, before: ProjectDocument): Promise<ChangeLogEntryDto[]> {
  const known = new Set(before.changeLog.map((entry) => entry.id));
  return (await read(team.olga, team.projectId)).changeLog.filter((entry) => !known.has(entry.id));
}

/**
 * Olga's project from the 'Standardvorlage' (To Do, In Bearbeitung, Erledigt) with the cards
 * 'Kabel ziehen' and 'Dosen setzen' in 'To Do'; Ben and the apprentice are members.
 */
async function setUp(): Promise<Team> {
  const [olga, ben, azubi] = [await person('Monteur'), await person('Monteur'), await person('Auszubildender')];
  const created = await t.request<ProjectDocument>('POST', '/api/projects', {
    token: olga.token,
    body: { name: `Regeln ${newId().slice(0, 8)}` },
  });
  expect(created.status).toBe(201);
  for (const member of [ben, azubi])
    await User.sequelize!.query('INSERT INTO project_members (project_id, user_id) VALUES (:p, :u)', {
      replacements: { p: created.body.id, u: member.id },
    });
  await saved(
    olga,
    edited(created.body, (copy) => {
      const todo = column(copy, 'To Do');
      todo.cards.push(newCard('Kabel ziehen', keyBetween(null, null)));
      todo.cards.push(newCard('Dosen setzen', keyBetween(todo.cards[0]!.position, null)));
    }),
  );
  return { olga, ben, azubi, projectId: created.body.id };
}

describe('finding 1: what a stale copy brings back runs the entity rules', () => {
  it('an apprentice cannot delete a card with a colleague’s hours and then bring them back changed', async () => {
    const team = await setUp();
    const { ben, azubi, projectId } = team;
    let entryId = '';
    await saved(
      ben,
      edited(await read(ben, projectId), (copy) => (entryId = addTime(copy, 'Kabel ziehen', ben, 2))),
    );
    const earlier = await read(azubi, projectId);
    const before = await read(team.olga, projectId);

    // The attack: delete the card (and with it Ben's entry), then write the earlier copy back changed.
    const deleting = await put(
      azubi,
      edited(earlier, (copy) => removeCard(copy, card(copy, 'Kabel ziehen').id)),
    );
    expect(deleting.status).toBe(403);
    expect(deleting.body.message).toBe(de.projects.othersTimeEntriesForbidden);
    const forging = await put(
      azubi,
      edited(earlier, (copy) =>
        Object.assign(card(copy, 'Kabel ziehen').timeEntries[0]!, { hours: 12, date: '2026-11-02' }),
      ),
    );
    expect(forging.status).toBe(400);
    expect(forging.body.message).toBe(de.projects.timeEntryImmutable);

    const after = await read(team.olga, projectId);
    expect(card(after, 'Kabel ziehen').timeEntries).toEqual([
      expect.objectContaining({ id: entryId, userId: ben.id, username: ben.username, hours: 2, date: '2026-11-20' }),
    ]);
    expect(after.revision).toBe(before.revision);
    expect(await newLogEntries(team, before)).toEqual([]);
  });

  it('a time entry its author deleted is not brought back by a stale copy, changed or not', async () => {
    const team = await setUp();
    const { ben, azubi, projectId } = team;
    const withEntry = await saved(
      ben,
      edited(await read(ben, projectId), (copy) => addTime(copy, 'Kabel ziehen', ben, 2)),
    );
    const earlier = await read(azubi, projectId);
    const deleted = await saved(
      ben,
      edited(withEntry, (copy) => (card(copy, 'Kabel ziehen').timeEntries = [])),
    );

    const changed = edited(earlier, (copy) => Object.assign(card(copy, 'Kabel ziehen').timeEntries[0]!, { hours: 12 }));
    const forging = await put(azubi, changed);
    expect([forging.status, forging.body.message]).toEqual([400, de.projects.timeEntryImmutable]);
    // The same with a made-up rev, so that no version matches the copy.
    const unknownRev = edited(changed, (copy) => (card(copy, 'Kabel ziehen').timeEntries[0]!.rev = 0));
    expect((await put(azubi, unknownRev)).status).toBe(400);
    // Unchanged, the stale copy is merely stale: the entry stays deleted, nothing is written.
    const stale = await saved(azubi, earlier);
    expect(card(stale, 'Kabel ziehen').timeEntries).toEqual([]);
    expect(stale.revision).toBe(deleted.revision);
  });

  it('a note its author deleted is not brought back with new content by someone else', async () => {
    const team = await setUp();
    const { ben, azubi, projectId } = team;
    const noteId = newId();
    const withNote = await saved(
      ben,
      edited(await read(ben, projectId), (copy) =>
        copy.notes.push({
          id: noteId,
          rev: 0,
          title: 'Notiz',
          content: 'Schlüssel beim Nachbarn',
          authorId: null,
          authorUsername: '',
          timestamp: '',
        }),
      ),
    );
    const earlier = await read(azubi, projectId);
    const before = await saved(
      ben,
      edited(withNote, (copy) => (copy.notes = [])),
    );
    const reviving = await put(
      azubi,
      edited(earlier, (copy) => (copy.notes[0]!.content = 'Schlüssel liegt unter der Matte')),
    );
    expect([reviving.status, reviving.body.message]).toEqual([403, de.projects.noteForbidden]);
    const after = await read(team.olga, projectId);
    expect(after.notes).toEqual([]);
    expect(after.revision).toBe(before.revision);
    // Its author may bring it back with his change (the later write wins).
    const revived = await saved(
      ben,
      edited(earlier, (copy) => (copy.notes[0]!.content = 'Schlüssel liegt beim Hausmeister')),
    );
    expect(revived.notes).toEqual([
      expect.objectContaining({ id: noteId, authorId: ben.id, content: 'Schlüssel liegt beim Hausmeister' }),
    ]);
  });

  it('refuses the id of a deleted card reused for a time entry or a note', async () => {
    const team = await setUp();
    const { olga, projectId } = team;
    const start = await read(olga, projectId);
    const cardId = card(start, 'Dosen setzen').id;
    const without = await saved(
      olga,
      edited(start, (copy) => removeCard(copy, cardId)),
    );
    const asEntry = edited(without, (copy) =>
      card(copy, 'Kabel ziehen').timeEntries.push({
        id: cardId,
        rev: 0,
        userId: olga.id,
        username: olga.username,
        date: '2026-11-20',
        hours: 1,
      }),
    );
    expect(await put(olga, asEntry).then((response) => [response.status, response.body.message])).toEqual([
      400,
      de.projects.duplicateId,
    ]);
    const asNote = edited(without, (copy) =>
      copy.notes.push({
        id: cardId,
        rev: 3,
        title: 'N',
        content: 'x',
        authorId: null,
        authorUsername: '',
        timestamp: '',
      }),
    );
    expect((await put(olga, asNote)).status).toBe(400);
    expect(
      (
        await put(
          olga,
          edited(without, (copy) => copy.notes.push({ ...asNote.notes[0]!, id: projectId })),
        )
      ).status,
    ).toBe(400);
  });

  it('never takes authors or note times from the client', async () => {
    const team = await setUp();
    const { ben, azubi, projectId } = team;
    const start = Date.now();
    const written = await saved(
      azubi,
      edited(await read(azubi, projectId), (copy) => {
        addTime(copy, 'Kabel ziehen', ben, 3);
        copy.notes.push({
          id: newId(),
          rev: 0,
          title: 'Notiz',
          content: 'Alt',
          authorId: ben.id,
          authorUsername: ben.username,
          timestamp: '2020-01-01T00:00:00.000Z',
        });
      }),
    );
    expect(card(written, 'Kabel ziehen').timeEntries[0]).toMatchObject({ userId: azubi.id, username: azubi.username });
    expect(written.notes[0]).toMatchObject({ authorId: azubi.id, authorUsername: azubi.username });
    expect(Date.parse(written.notes[0]!.timestamp)).toBeGreaterThanOrEqual(start - 1000);
    // Changing the author fields of existing entries changes nothing.
    const again = await saved(
      azubi,
      edited(written, (copy) => {
        Object.assign(card(copy, 'Kabel ziehen').timeEntries[0]!, { userId: ben.id, username: ben.username });
        Object.assign(copy.notes[0]!, { authorId: ben.id, timestamp: '2020-01-01T00:00:00.000Z' });
      }),
    );
    expect(again.revision).toBe(written.revision);
    expect(again.notes[0]!.authorId).toBe(azubi.id);
  });

  it('brings a deleted column back as it was when a stale copy puts a new card into it', async () => {
    const team = await setUp();
    const { olga, azubi, projectId } = team;
    const earlier = await read(azubi, projectId);
    const renamed = await saved(
      olga,
      edited(await read(olga, projectId), (copy) => (column(copy, 'In Bearbeitung').title = 'Montage')),
    );
    const before = await saved(
      olga,
      edited(renamed, (copy) => (copy.columns = copy.columns.filter((item) => item.title !== 'Montage'))),
    );
    const merged = await saved(
      azubi,
      edited(earlier, (copy) =>
        column(copy, 'In Bearbeitung').cards.push(newCard('Verteiler', keyBetween(null, null))),
      ),
    );
    // Back under the name it had when it was deleted, not the apprentice's older copy of it.
    expect(merged.columns.map((item) => item.title)).toEqual(['To Do', 'Montage', 'Erledigt']);
    expect(column(merged, 'Montage').cards.map((item) => item.title)).toEqual(['Verteiler']);
    const log = await newLogEntries(team, before);
    expect(log.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        de.board.log.cardAdded('Verteiler', 'Montage'),
        de.projects.log.parentRestored('Die Spalte „Montage“'),
      ]),
    );
  });
});

describe('finding 3: the server writes the change log', () => {
  it('ignores entries the client sends and logs what the write did, in the writer’s name and the server’s time', async () => {
    const team = await setUp();
    const { azubi, projectId } = team;
    const before = await read(team.olga, projectId);
    const forged = Array.from({ length: 5000 }, (_, index) => ({
      id: newId(),
      timestamp: '2020-01-01T00:00:00.000Z',
      userId: team.olga.id,
      username: team.olga.username,
      action: `hat alles gelöscht (${index}).`,
    }));
    const start = Date.now();
    await saved(
      azubi,
      edited(await read(azubi, projectId), (copy) => {
        card(copy, 'Kabel ziehen').title = 'Kabel verlegen';
        copy.changeLog = forged;
      }),
    );
    const log = await newLogEntries(team, before);
    expect(log).toEqual([
      expect.objectContaining({
        userId: azubi.id,
        username: azubi.username,
        action: de.board.log.cardRenamed('Kabel ziehen', 'Kabel verlegen'),
      }),
    ]);
    expect(Date.parse(log[0]!.timestamp)).toBeGreaterThanOrEqual(start - 1000);
    expect(Date.parse(log[0]!.timestamp)).toBeLessThanOrEqual(Date.now() + 1000);
    // Sending the log back changed or empty removes and changes nothing.
    const current = await read(team.olga, projectId);
    await saved(
      team.olga,
      edited(current, (copy) => {
        copy.changeLog = copy.changeLog.slice(1).map((entry) => ({ ...entry, action: 'hat nichts getan.' }));
        card(copy, 'Dosen setzen').description = 'Küche';
      }),
    );
    const after = await read(team.olga, projectId);
    expect(after.changeLog.slice(1)).toEqual(current.changeLog);
  }, 30000);

  it('logs each kind of change as the board and the panels describe it', async () => {
    const team = await setUp();
    const { olga, ben, projectId } = team;
    const steps: [string, (copy: ProjectDocument) => void, string[]][] = [
      [
        'column and card added',
        (copy) => {
          copy.columns.push({
            id: newId(),
            rev: 0,
            position: keyBetween(copy.columns.at(-1)!.position, null),
            title: 'Abnahme',
            cards: [],
          });
          column(copy, 'Abnahme').cards.push(newCard('Protokoll', keyBetween(null, null)));
        },
        [de.board.log.columnAdded('Abnahme'), de.board.log.cardAdded('Protokoll', 'Abnahme')],
      ],
      [
        'card moved, column renamed',
        (copy) => {
          const moving = card(copy, 'Kabel ziehen');
          removeCard(copy, moving.id);
          moving.position = keyBetween(null, null);
          column(copy, 'Erledigt').cards.push(moving);
          column(copy, 'Abnahme').title = 'Übergabe';
        },
        [de.board.log.cardMoved('Kabel ziehen', 'Erledigt'), de.board.log.columnRenamed('Abnahme', 'Übergabe')],
      ],
      [
        'column moved left',
        (copy) => {
          const moving = column(copy, 'Übergabe');
          moving.position = keyBetween(column(copy, 'In Bearbeitung').position, column(copy, 'Erledigt').position);
        },
        [de.board.log.columnMovedLeft('Übergabe')],
      ],
      [
        'time and material',
        (copy) => {
          addTime(copy, 'Dosen setzen', olga, 1.5);
          card(copy, 'Dosen setzen').materialEntries.push({
            id: newId(),
            rev: 0,
            quantity: 2.5,
            unit: 'm',
            name: 'NYM-J 3x1,5',
          });
        },
        [
          de.board.log.timeAdded('1,50', 'Dosen setzen'),
          de.board.log.materialAdded('2,5 m NYM-J 3x1,5', 'Dosen setzen'),
        ],
      ],
      [
        'card edited',
        (copy) => Object.assign(card(copy, 'Dosen setzen'), { title: 'Dosen setzen EG', description: 'Flur' }),
        [de.board.log.cardEdited('Dosen setzen EG')],
      ],
      [
        'entries deleted',
        (copy) => Object.assign(card(copy, 'Dosen setzen EG'), { timeEntries: [], materialEntries: [] }),
        [
          de.board.log.timeDeleted('1,50', 'Dosen setzen EG'),
          de.board.log.materialDeleted('2,5 m NYM-J 3x1,5', 'Dosen setzen EG'),
        ],
      ],
      [
        'appointment added',
        (copy) =>
          copy.appointments.push({
            id: newId(),
            rev: 0,
            title: 'Abnahme',
            date: '2026-12-01T09:00',
            status: 'active',
            contactName: '',
            contactPhone: '',
            tagIds: [],
            notes: '',
          }),
        [de.projectPanels.log.appointmentAdded('Abnahme')],
      ],
      [
        'appointment status',
        (copy) => (copy.appointments[0]!.status = 'client_not_present'),
        [de.projectPanels.log.appointmentStatus('Abnahme', 'Kunde nicht anwesend')],
      ],
      [
        'appointment reactivated',
        (copy) => (copy.appointments[0]!.status = 'active'),
        [de.projectPanels.log.appointmentReactivated('Abnahme')],
      ],
      [
        'appointment edited and deleted note added',
        (copy) => {
          copy.appointments[0]!.contactName = 'Frau Berger';
          copy.notes.push({
            id: newId(),
            rev: 0,
            title: 'Notiz',
            content: 'Text',
            authorId: null,
            authorUsername: '',
            timestamp: '',
          });
        },
        [de.projectPanels.log.appointmentEdited('Abnahme'), de.projectPanels.log.noteAdded('Notiz')],
      ],
      [
        'note edited, appointment deleted',
        (copy) => {
          copy.notes[0]!.content = 'Neu';
          copy.appointments = [];
        },
        [de.projectPanels.log.noteEdited('Notiz'), de.projectPanels.log.appointmentDeleted('Abnahme')],
      ],
      ['note deleted', (copy) => (copy.notes = []), [de.projectPanels.log.noteDeleted('Notiz')]],
      [
        'project fields and task groups',
        (copy) => {
          copy.name = `${copy.name} neu`;
          copy.projectNumber = '2026-1';
          copy.cardGroups = ['Elektro'];
        },
        [de.projectPanels.log.projectEdited('Name, Projekt-Nr'), de.projectPanels.log.groupAdded('Elektro')],
      ],
      [
        'card put into a task group',
        (copy) => {
          card(copy, 'Protokoll').group = 'Elektro';
        },
        [de.board.log.cardEdited('Protokoll')],
      ],
      [
        'task group renamed',
        (copy) => {
          copy.cardGroups = ['Strom'];
          card(copy, 'Protokoll').group = 'Strom';
        },
        [de.projectPanels.log.groupRenamed('Elektro', 'Strom')],
      ],
      [
        'task group assigned',
        (copy) => {
          copy.groupAssignments = { Strom: ben.id };
          card(copy, 'Protokoll').assignedTo = ben.id;
        },
        [de.projectPanels.log.groupAssigned('Strom', ben.username)],
      ],
      [
        'task group deleted',
        (copy) => {
          copy.cardGroups = [];
          copy.groupAssignments = {};
          card(copy, 'Protokoll').group = null;
        },
        [de.projectPanels.log.groupDeleted('Strom')],
      ],
      [
        'hours booked',
        (copy) => addTime(copy, 'Dosen setzen EG', olga, 2),
        [de.board.log.timeAdded('2,00', 'Dosen setzen EG')],
      ],
      [
        'card deleted',
        (copy) => removeCard(copy, card(copy, 'Dosen setzen EG').id),
        [de.projects.log.cardDeletedWithHours('Dosen setzen EG', '2,00')],
      ],
      [
        'column deleted with its card',
        (copy) => (copy.columns = copy.columns.filter((item) => item.title !== 'Übergabe')),
        [de.projects.log.columnDeletedWithCards('Übergabe', 1)],
      ],
      [
        'empty column deleted',
        (copy) => (copy.columns = copy.columns.filter((item) => item.title !== 'In Bearbeitung')),
        [de.board.log.columnDeleted('In Bearbeitung')],
      ],
    ];
    for (const [what, change, expected] of steps) {
      const before = await read(olga, projectId);
      await saved(olga, edited(before, change));
      const log = await newLogEntries(team, before);
      expect([what, log.map((entry) => entry.action).sort()]).toEqual([what, [...expected].sort()]);
      expect(log.every((entry) => entry.userId === olga.id && entry.username === olga.username)).toBe(true);
    }
  }, 30000);

  it(`keeps the newest ${PROJECT_LIMITS.changeLog} entries of a project`, async () => {
    const team = await setUp();
    const { olga, projectId } = team;
    const start = await read(olga, projectId);
    const many = edited(start, (copy) => {
      const todo = column(copy, 'To Do');
      let position = todo.cards.at(-1)!.position;
      for (let index = 0; index < PROJECT_LIMITS.changeLog + 5; index++) {
        position = keyBetween(position, null);
        todo.cards.push(newCard(`Aufgabe ${index}`, position));
      }
    });
    await saved(olga, many);
    const after = await saved(
      olga,
      edited(await read(olga, projectId), (copy) => (card(copy, 'Aufgabe 0').title = 'Erste')),
    );
    const log = (await read(olga, projectId)).changeLog;
    expect(log).toHaveLength(PROJECT_LIMITS.changeLog);
    expect(log[0]!.action).toBe(de.board.log.cardRenamed('Aufgabe 0', 'Erste'));
    expect(after.changeLog).toEqual(log);
    const [row] = await User.sequelize!.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM change_log_entries WHERE project_id = :projectId',
      { replacements: { projectId }, type: QueryTypes.SELECT },
    );
    expect(row?.count).toBe(PROJECT_LIMITS.changeLog);
  }, 30000);
});

describe('finding 4: members without can_edit_projects, columns and others’ time entries', () => {
  it('an apprentice cannot delete a card or a column holding a colleague’s hours, but his own card', async () => {
    const team = await setUp();
    const { ben, azubi, projectId } = team;
    await saved(
      ben,
      edited(await read(ben, projectId), (copy) => addTime(copy, 'Kabel ziehen', ben, 2)),
    );
    await saved(
      azubi,
      edited(await read(azubi, projectId), (copy) => addTime(copy, 'Dosen setzen', azubi, 1)),
    );
    const copy = await read(azubi, projectId);

    const card1 = await put(
      azubi,
      edited(copy, (doc) => removeCard(doc, card(doc, 'Kabel ziehen').id)),
    );
    expect([card1.status, card1.body.message]).toEqual([403, de.projects.othersTimeEntriesForbidden]);
    const wholeColumn = await put(
      azubi,
      edited(copy, (doc) => (doc.columns = doc.columns.slice(1))),
    );
    expect([wholeColumn.status, wholeColumn.body.message]).toEqual([403, de.projects.columnsForbidden]);
    expect(cards(await read(team.olga, projectId)).map((item) => item.title)).toEqual(['Kabel ziehen', 'Dosen setzen']);

    const own = await saved(
      azubi,
      edited(copy, (doc) => removeCard(doc, card(doc, 'Dosen setzen').id)),
    );
    expect(cards(own).map((item) => item.title)).toEqual(['Kabel ziehen']);
  });

  it('an apprentice cannot add, rename, move or delete columns; a Monteur can, and deletes cards with others’ hours', async () => {
    const team = await setUp();
    const { ben, azubi, projectId } = team;
    const copy = await read(azubi, projectId);
    const attempts: ((doc: ProjectDocument) => void)[] = [
      (doc) =>
        doc.columns.push({
          id: newId(),
          rev: 0,
          position: keyBetween(doc.columns.at(-1)!.position, null),
          title: 'Neu',
          cards: [],
        }),
      (doc) => (column(doc, 'Erledigt').title = 'Fertig'),
      (doc) => (column(doc, 'Erledigt').position = keyBetween(null, doc.columns[0]!.position)),
      (doc) => (doc.columns = doc.columns.filter((item) => item.title !== 'Erledigt')),
    ];
    for (const attempt of attempts) {
      const response = await put(azubi, edited(copy, attempt));
      expect([response.status, response.body.message]).toEqual([403, de.projects.columnsForbidden]);
    }
    await saved(
      azubi,
      edited(await read(azubi, projectId), (doc) => addTime(doc, 'Kabel ziehen', azubi, 1)),
    );
    const done = await saved(
      ben,
      edited(await read(ben, projectId), (doc) => {
        removeCard(doc, card(doc, 'Kabel ziehen').id);
        column(doc, 'Erledigt').title = 'Fertig';
      }),
    );
    expect(cards(done).map((item) => item.title)).toEqual(['Dosen setzen']);
    expect(done.columns.map((item) => item.title)).toEqual(['To Do', 'In Bearbeitung', 'Fertig']);
  });
});

describe('random writers of every role over HTTP (issue 13, finding 1)', () => {
  const stateOf = (document: ProjectDocument): BoardState => ({
    revision: document.revision,
    fields: fieldsOf(document),
    entities: flattenDocument(document),
    changeLog: document.changeLog,
  });

  it.each(randomSeeds([1, 2, 3, 4], process.env.RANDOM_SEEDS))(
    'never lets a write past the rules of a direct edit (seed %i)',
    async (seed) => {
      const rand = seededRandom(seed);
      const signed = new Map<Role, { token: string; id: string; username: string }>();
      for (const role of ROLES) {
        const { user, token } = await signedIn(t, role);
        signed.set(role, { token, id: user.id, username: user.username });
      }
      // The Monteur creates the project: as its owner he may revoke sign-offs too.
      const people = writersOfEveryRole((role) => signed.get(role)!, {
        ownerId: signed.get('Monteur')!.id,
        deputyOwnerId: null,
      });
      const tokenOf = (writer: Writer) => signed.get(writer.role)!.token;
      const asPerson = (writer: Writer): Person => ({
        username: writer.username,
        id: writer.id,
        token: tokenOf(writer),
      });
      const admin = asPerson(people.find((who) => who.role === 'Admin')!);
      const owner = asPerson(people.find((who) => who.role === 'Monteur')!);
      const created = await t.request<ProjectDocument>('POST', '/api/projects', {
        token: owner.token,
        body: { name: `Zufall ${newId().slice(0, 8)}` },
      });
      for (const role of ['Projektleiter', 'Auszubildender', 'Helfer'] as const)
        await User.sequelize!.query('INSERT INTO project_members (project_id, user_id) VALUES (:p, :u)', {
          replacements: { p: created.body.id, u: signed.get(role)!.id },
        });
      await saved(
        owner,
        edited(created.body, (copy) => {
          let position: string | null = null;
          for (const title of ['Kabel ziehen', 'Dosen setzen', 'Verteiler', 'Prüfen']) {
            position = keyBetween(position, null);
            column(copy, 'To Do').cards.push(newCard(title, position));
          }
        }),
      );
      // Everyone books an hour and writes a note, in their own name.
      for (const [index, writer] of people.entries()) {
        const who = asPerson(writer);
        await saved(
          who,
          edited(await read(who, created.body.id), (copy) => {
            addTime(copy, cards(copy)[index % 4]!.title, who, 1);
            copy.notes.push({
              ...{ id: newId(), rev: 0, title: 'Notiz', content: `von ${who.username}` },
              ...{ authorId: null, authorUsername: '', timestamp: '' },
            });
          }),
        );
      }

      let current = await read(admin, created.body.id);
      const ledger = new RuleLedger(stateOf(current));
      const copies = new Map(people.map((who) => [who.id, structuredClone(current)]));
      const earlier: ProjectDocument[] = [structuredClone(current)];
      const outcomes: number[] = [];
      for (let step = 0; step < 40; step++) {
        const { writer, stale, copy, operations } = randomWrite(rand, people, copies, earlier);
        const from = Date.now();
        const answer = await put(asPerson(writer), copy);
        const to = Date.now();
        outcomes.push(answer.status);
        const after = await read(admin, created.body.id);
        if (answer.status === 200) {
          copies.set(writer.id, answer.body);
          earlier.push(answer.body);
        } else copies.set(writer.id, await read(asPerson(writer), created.body.id));
        const problems = ledger.breaks(stateOf(current), stateOf(after), writer, from, to);
        if (![200, 400, 403].includes(answer.status)) problems.push(`${answer.status}: ${answer.body.message}`);
        if (answer.status !== 200 && after.revision !== current.revision) problems.push('a refused write changed it');
        expect({ step, writer: writer.role, stale, operations, problems }).toEqual({
          step,
          writer: writer.role,
          stale,
          operations,
          problems: [],
        });
        current = after;
      }
      expect(outcomes).toContain(200);
    },
    120000,
  );
});
