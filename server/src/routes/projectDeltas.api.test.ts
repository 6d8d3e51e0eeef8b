import {
  applyProjectDelta,
  de,
  documentDelta,
  keyBetween,
  keysAfter,
  newId,
  PROJECT_LIMITS,
  type ProjectChangesDto,
  type ProjectDeltaDto,
  type ProjectDocument,
  type Role,
} from '@werkboard/common';
import { User } from '../models';
import { newCard } from '../test/projectMergeHarness';
import { type Person, signedInPerson } from '../test/factories';
import { testServerPerFile } from '../test/testServerPerFile';
import { statementsWhile } from '../test/sqlStatements';

/**
 * Delta reads and entity tags of GET /api/projects/{id}, and delta saves (PATCH), against the
 * real database (issue 17): a copy brought forward with a delta equals the whole document read
 * afresh; a delta save goes through the rules of the whole-document PUT.
 */

// Free allows 10 active projects: each test starts without any.
const t = testServerPerFile({ emptyProjects: true });

const person = (role: Role) => signedInPerson(t, role);

async function read(who: Person, id: string): Promise<ProjectDocument> {
  const response = await t.request<ProjectDocument>('GET', `/api/projects/${id}`, { token: who.token });
  expect(response.status).toBe(200);
  return response.body;
}

async function changes(who: Person, id: string, since: number): Promise<ProjectChangesDto> {
  const response = await t.request<ProjectChangesDto>('GET', `/api/projects/${id}?since=${since}`, {
    token: who.token,
  });
  expect(response.status).toBe(200);
  return response.body;
}

function asDelta(answer: ProjectChangesDto): ProjectDeltaDto {
  if (answer.kind !== 'delta') throw new Error('expected a delta, got the whole document');
  return answer;
}

async function put(who: Person, document: ProjectDocument): Promise<ProjectDocument> {
  const response = await t.request<ProjectDocument>('PUT', `/api/projects/${document.id}`, {
    token: who.token,
    body: document,
  });
  expect(response.status).toBe(200);
  return response.body;
}

/** A Monteur's project with four cards (one with a time entry) and a member (Auszubildender) in the team. */
async function setUp() {
  const owner = await person('Monteur');
  const member = await person('Auszubildender');
  const created = await t.request<ProjectDocument>('POST', '/api/projects', {
    token: owner.token,
    body: { name: `Delta ${newId().slice(0, 8)}` },
  });
  const project = created.body;
  await User.sequelize!.query('INSERT INTO project_members (project_id, user_id) VALUES (:p, :u)', {
    replacements: { p: project.id, u: member.id },
  });
  project.columns[0]!.cards = keysAfter(null, 4).map((position, index) => newCard(`Aufgabe ${index + 1}`, position));
  project.columns[0]!.cards[3]!.timeEntries.push({
    ...{ id: newId(), rev: 0, userId: owner.id, username: '', date: '2026-11-20', hours: 2 },
  });
  await put(owner, project);
  return { owner, member, document: await read(owner, project.id) };
}

const cardsOf = (document: ProjectDocument) => document.columns.flatMap((column) => column.cards);

describe('GET /api/projects/{id}?since={revision}', () => {
  it('answers only what changed and was deleted since, and the copy brought forward equals a fresh read', async () => {
    const { owner, document: before } = await setUp();
    const edited = structuredClone(before);
    const [first, second, third, fourth] = cardsOf(edited);
    first!.title = 'Kabel ziehen';
    edited.columns[0]!.cards = [first!, third!];
    second!.position = keyBetween(null, null);
    edited.columns[2]!.cards.push(second!);
    void fourth; // deleted with its time entry
    const after = await put(owner, edited);

    const delta = asDelta(await changes(owner, before.id, before.revision));
    expect(delta.since).toBe(before.revision);
    expect(delta.revision).toBe(after.revision);
    expect(delta.cards.map((card) => card.id).sort()).toEqual([first!.id, second!.id].sort());
    expect(delta.cards.find((card) => card.id === second!.id)!.columnId).toBe(edited.columns[2]!.id);
    expect(delta.columns).toEqual([]);
    expect(delta.deleted.sort()).toEqual([fourth!.id, fourth!.timeEntries[0]!.id].sort());
    expect(delta.changeLog.length).toBeGreaterThan(0);
    expect(delta.changeLog.every((entry) => !before.changeLog.some((old) => old.id === entry.id))).toBe(true);
    expect(applyProjectDelta(before, delta)).toEqual(await read(owner, before.id));
  });

  it('carries status changes and their log entries, and is empty at the current revision', async () => {
    const { owner, document: before } = await setUp();
    const completed = await t.request<ProjectDocument>('POST', `/api/projects/${before.id}/complete`, {
      token: owner.token,
    });
    expect(completed.status).toBe(200);
    const delta = asDelta(await changes(owner, before.id, before.revision));
    expect(delta.status).toBe('completed');
    expect(delta.changeLog.map((entry) => entry.action)).toEqual([de.projects.log.completed]);
    expect(applyProjectDelta(before, delta)).toEqual(await read(owner, before.id));

    const none = asDelta(await changes(owner, before.id, completed.body.revision));
    expect([none.cards, none.columns, none.deleted, none.changeLog]).toEqual([[], [], [], []]);
  });

  it('gives the change log only to who may see it, as the whole GET does', async () => {
    const { owner, member, document: before } = await setUp();
    const edited = structuredClone(before);
    cardsOf(edited)[0]!.title = 'Neu';
    await put(owner, edited);
    const delta = asDelta(await changes(member, before.id, before.revision));
    expect(delta.cards).toHaveLength(1);
    expect(delta.changeLog).toEqual([]);
  });

  it('answers the whole document when the history does not reach back, and says so', async () => {
    const { owner, document } = await setUp();
    const ahead = await changes(owner, document.id, document.revision + 5);
    expect(ahead).toEqual({ kind: 'document', document: await read(owner, document.id) });
    await User.sequelize!.query('UPDATE projects SET delta_from = revision WHERE id = :id', {
      replacements: { id: document.id },
    });
    const behind = await changes(owner, document.id, document.revision - 1);
    expect(behind.kind).toBe('document');
    expect(asDelta(await changes(owner, document.id, document.revision)).cards).toEqual([]);
  });

  it('refuses a malformed revision, and reads nothing for outsiders or unknown projects', async () => {
    const { owner, document } = await setUp();
    for (const since of ['-1', 'abc', '1.5', ''])
      expect(
        await t.request('GET', `/api/projects/${document.id}?since=${since}`, { token: owner.token }),
      ).toMatchObject({ status: 400, body: { message: de.projects.revisionInvalid } });
    const outsider = await person('Monteur');
    expect(await t.request('GET', `/api/projects/${document.id}?since=1`, { token: outsider.token })).toMatchObject({
      status: 403,
      body: { message: de.projects.accessForbidden },
    });
    expect(await t.request('GET', `/api/projects/${newId()}?since=1`, { token: owner.token })).toMatchObject({
      status: 404,
    });
    expect((await t.request('GET', `/api/projects/${document.id}?since=1`)).status).toBe(401);
  });
});

describe('GET /api/projects/{id}: what it reads', () => {
  /** The SQL statements run while `work` runs that read the `projects` row of a document. */
  async function rowReads(work: () => Promise<void>): Promise<number> {
    return (await statementsWhile(work)).filter((sql) => /FROM projects p LEFT JOIN users o/.test(sql)).length;
  }

  it('reads the project row once, and answers the revision its entity tag names (issue 17)', async () => {
    const { owner, document } = await setUp();
    let answer: Awaited<ReturnType<typeof t.request<ProjectDocument>>> | undefined;
    expect(
      await rowReads(async () => {
        answer = await t.request<ProjectDocument>('GET', `/api/projects/${document.id}`, { token: owner.token });
      }),
    ).toBe(1);
    expect(answer!.status).toBe(200);
    expect(answer!.body).toEqual(document);
    expect(answer!.headers.get('etag')).toBe(`W/"${answer!.body.revision}"`);
    // A delta read the history does not reach answers the whole document from the same row.
    let whole: ProjectChangesDto | undefined;
    expect(
      await rowReads(async () => {
        whole = await changes(owner, document.id, document.revision + 5);
      }),
    ).toBe(1);
    expect(whole).toEqual({ kind: 'document', document });
  });

  it('reads a kept board with one statement: the row, its team with it (issue 17, server17c)', async () => {
    const { owner, member, document } = await setUp();
    await read(owner, document.id);
    let again: ProjectDocument | undefined;
    const statements = await statementsWhile(async () => void (again = await read(owner, document.id)));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/FROM projects p LEFT JOIN users o/);
    expect(again).toEqual(document);
    expect(again!.team.map((user) => user.id).sort()).toEqual([owner.id, member.id].sort());
  });
});

describe('GET /api/projects/{id} with If-None-Match', () => {
  it('answers 304 without a body while the revision stands, and the new document after a write', async () => {
    const { owner, document } = await setUp();
    const first = await t.request('GET', `/api/projects/${document.id}`, { token: owner.token });
    const tag = first.headers.get('etag')!;
    expect(tag).toBe(`W/"${document.revision}"`);
    const again = await t.request('GET', `/api/projects/${document.id}`, {
      token: owner.token,
      headers: { 'If-None-Match': tag },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBeFalsy();
    const delta = await t.request('GET', `/api/projects/${document.id}?since=${document.revision}`, {
      token: owner.token,
      headers: { 'If-None-Match': tag },
    });
    expect(delta.status).toBe(304);

    const edited = structuredClone(document);
    cardsOf(edited)[0]!.title = 'Geändert';
    const after = await put(owner, edited);
    const fresh = await t.request<ProjectDocument>('GET', `/api/projects/${document.id}`, {
      token: owner.token,
      headers: { 'If-None-Match': tag },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.revision).toBe(after.revision);
    expect(fresh.headers.get('etag')).toBe(`W/"${after.revision}"`);
  });

  it('tags the answer without the change log differently, and never answers 304 to an outsider', async () => {
    const { owner, member, document } = await setUp();
    const ownerTag = (await t.request('GET', `/api/projects/${document.id}`, { token: owner.token })).headers.get(
      'etag',
    )!;
    const memberAnswer = await t.request('GET', `/api/projects/${document.id}`, {
      token: member.token,
      headers: { 'If-None-Match': ownerTag },
    });
    expect(memberAnswer.status).toBe(200);
    expect(memberAnswer.headers.get('etag')).not.toBe(ownerTag);
    const outsider = await person('Monteur');
    expect(
      await t.request('GET', `/api/projects/${document.id}`, {
        token: outsider.token,
        headers: { 'If-None-Match': ownerTag },
      }),
    ).toMatchObject({ status: 403 });
  });
});

async function patch(who: Person, base: ProjectDocument, next: ProjectDocument) {
  return t.request<ProjectChangesDto & { message?: string }>('PATCH', `/api/projects/${base.id}`, {
    token: who.token,
    body: documentDelta(base, next),
  });
}

describe('PATCH /api/projects/{id}', () => {
  it('saves one card with a key in 8 statements, the team read with the row (issue 17, server17c, replay17e, save17f)', async () => {
    const { owner, member, document: before } = await setUp();
    let base = before;
    const save = async () => {
      const edited = structuredClone(base);
      cardsOf(edited)[1]!.title = `Dose setzen ${base.revision}`;
      let answer: ProjectChangesDto | undefined;
      const statements = await statementsWhile(async () => {
        const response = await t.request<ProjectChangesDto>('PATCH', `/api/projects/${base.id}`, {
          token: owner.token,
          body: documentDelta(base, edited),
          headers: { 'Idempotency-Key': newId() },
        });
        expect(response.status).toBe(200);
        answer = response.body;
      });
      base = applyProjectDelta(base, asDelta(answer!));
      // The hourly clean-up of expired keys runs with whichever keyed write comes first.
      return statements.filter((sql) => !/^DELETE FROM idempotency_keys WHERE created_at/.test(sql));
    };
    await save();
    const statements = await save();
    // Claim; begin; the row (with its team); counts, column, card and sign-offs (one statement
    // of four); card, version, revision and log written (one statement of five); the answer's
    // cards and log (one statement of two); the kept answer; commit.
    expect(statements).toHaveLength(8);
    expect(
      statements.filter((sql) =>
        /AS counts;\s*SELECT .* FROM project_columns .*;\s*SELECT .* FROM project_cards .*;\s*SELECT .* FROM project_signoffs/s.test(
          sql,
        ),
      ),
    ).toHaveLength(1);
    expect(
      statements.filter((sql) =>
        /^INSERT INTO project_cards .*;\s*INSERT INTO entity_versions .*;\s*UPDATE projects .*;\s*INSERT INTO change_log_entries .*;\s*DELETE FROM change_log_entries/s.test(
          sql,
        ),
      ),
    ).toHaveLength(1);
    expect(statements.filter((sql) => /FROM users WHERE/.test(sql))).toEqual([]);
    expect(asDelta(await changes(owner, before.id, before.revision)).team).toEqual(base.team);
    expect(base.team.map((user) => user.id).sort()).toEqual([owner.id, member.id].sort());
    expect(base).toEqual(await read(owner, before.id));
  });

  it('saves one changed card, answers only what changed since the base, and logs it', async () => {
    const { owner, document: before } = await setUp();
    const edited = structuredClone(before);
    cardsOf(edited)[1]!.title = 'Dose setzen';
    const body = documentDelta(before, edited);
    expect([body.cards.length, body.columns.length, body.deleted.length, body.fields]).toEqual([1, 1, 0, undefined]);
    const response = await patch(owner, before, edited);
    expect(response.status).toBe(200);
    const delta = asDelta(response.body);
    expect(delta.revision).toBe(before.revision + 1);
    expect(delta.cards.map((card) => card.title)).toEqual(['Dose setzen']);
    expect(delta.changeLog.map((entry) => entry.action)).toEqual([
      de.board.log.cardRenamed(cardsOf(before)[1]!.title, 'Dose setzen'),
    ]);
    expect(applyProjectDelta(before, delta)).toEqual(await read(owner, before.id));
  });

  it('answers what others wrote since the base too, and keeps it', async () => {
    const { owner, member, document: before } = await setUp();
    const byOwner = structuredClone(before);
    cardsOf(byOwner)[0]!.title = 'Vom Inhaber';
    asDelta((await patch(owner, before, byOwner)).body);
    const byMember = structuredClone(before);
    byMember.columns[1]!.cards.push(newCard('Vom Mitglied', keyBetween(null, null)));
    const delta = asDelta((await patch(member, before, byMember)).body);
    expect(delta.revision).toBe(before.revision + 2);
    expect(delta.cards.map((card) => card.title).sort()).toEqual(['Vom Inhaber', 'Vom Mitglied']);
    const fresh = await read(owner, before.id);
    expect(cardsOf(fresh).map((card) => card.title)).toEqual(expect.arrayContaining(['Vom Inhaber', 'Vom Mitglied']));
    expect({ ...applyProjectDelta(before, delta), changeLog: [] }).toEqual({ ...fresh, changeLog: [] });
  });

  it('changes nothing the second time the same delta arrives', async () => {
    const { owner, document: before } = await setUp();
    const edited = structuredClone(before);
    cardsOf(edited)[0]!.description = 'Zweimal gesendet';
    const first = asDelta((await patch(owner, before, edited)).body);
    const second = asDelta((await patch(owner, before, edited)).body);
    expect(second.revision).toBe(first.revision);
    expect((await read(owner, before.id)).changeLog).toHaveLength(before.changeLog.length + 1);
  });

  it('refuses invalid entities, unknown parents and repeated ids with the messages of the PUT, and changes nothing', async () => {
    const { owner, document: before } = await setUp();
    const card = cardsOf(before)[0]!;
    const entry = { id: newId(), rev: 0, userId: null, username: '', date: '2026-11-20', cardId: card.id };
    const base = { revision: before.revision };
    const refused = async (body: unknown, message: string) => {
      const response = await t.request('PATCH', `/api/projects/${before.id}`, { token: owner.token, body });
      expect(response).toMatchObject({ status: 400, body: { message } });
    };
    await refused({ ...base, timeEntries: [{ ...entry, hours: 30 }] }, de.projects.hoursInvalid);
    await refused({ ...base, timeEntries: [{ ...entry, hours: 1, cardId: newId() }] }, de.projects.idInvalid);
    await refused(
      { ...base, cards: [{ ...card, columnId: before.columns[0]!.id }], deleted: [card.id] },
      de.projects.duplicateId,
    );
    await refused({ cards: [] }, de.projects.revisionInvalid);
    await refused({ ...base, fields: { ...before, name: ' ' } }, de.projects.nameRequired);
    expect((await read(owner, before.id)).revision).toBe(before.revision);
  });

  it("keeps the rules of a direct edit: columns, others' time entries, read-only projects", async () => {
    const { owner, member, document: before } = await setUp();
    const renamed = structuredClone(before);
    renamed.columns[0]!.title = 'Umbenannt';
    expect(await patch(member, before, renamed)).toMatchObject({
      status: 403,
      body: { message: de.projects.columnsForbidden },
    });
    const withoutEntry = structuredClone(before);
    cardsOf(withoutEntry)[3]!.timeEntries = [];
    expect(await patch(member, before, withoutEntry)).toMatchObject({
      status: 403,
      body: { message: de.projects.timeEntryDeleteForbidden },
    });
    const outsider = await person('Monteur');
    expect(await patch(outsider, before, renamed)).toMatchObject({
      status: 403,
      body: { message: de.projects.accessForbidden },
    });
    await t.request('POST', `/api/projects/${before.id}/complete`, { token: owner.token });
    const done = await read(owner, before.id);
    const late = structuredClone(done);
    cardsOf(late)[0]!.title = 'Zu spät';
    expect(await patch(owner, done, late)).toMatchObject({
      status: 403,
      body: { message: de.projects.readOnlyCompleted },
    });
  });
});

describe('customer sign-offs in deltas (issue 15)', () => {
  /** `document` with a sign-off of its fourth card (the one with a time entry) over that entry. */
  function signed(document: ProjectDocument): ProjectDocument {
    const next = structuredClone(document);
    const card = cardsOf(next)[3]!;
    next.signoffs.push({
      ...{ id: newId(), rev: 0, cardId: card.id, signerName: 'Frau Kundin', signedAt: '2026-11-20T10:00:00.000Z' },
      ...{ signature: 'M10 10 L80 40', coveredTimeEntryIds: [card.timeEntries[0]!.id], coveredMaterialEntryIds: [] },
      ...{ collectedById: null, collectedByName: '' },
    });
    return next;
  }

  it('carries a new sign-off in the PATCH and in the delta read; the copy brought forward equals a fresh read', async () => {
    const { owner, member, document: before } = await setUp();
    const saved = asDelta((await patch(member, before, signed(before))).body);
    expect(saved.signoffs).toEqual([
      expect.objectContaining({ signerName: 'Frau Kundin', collectedById: member.id, rev: before.revision + 1 }),
    ]);
    const delta = asDelta(await changes(owner, before.id, before.revision));
    expect(delta.signoffs.map((signoff) => signoff.id)).toEqual(saved.signoffs.map((signoff) => signoff.id));
    const fresh = await read(owner, before.id);
    expect(fresh.signoffs).toHaveLength(1);
    expect(applyProjectDelta(before, delta)).toEqual(fresh);
  });

  it('keeps the seal on the PATCH: no deleting a sealed entry or the signed card, revoking only by who may; a revocation reads as deleted', async () => {
    const { owner, member, document: before } = await setUp();
    await patch(member, before, signed(before));
    const sealedDoc = await read(owner, before.id);
    const withoutEntry = structuredClone(sealedDoc);
    cardsOf(withoutEntry)[3]!.timeEntries = [];
    expect(await patch(owner, sealedDoc, withoutEntry)).toMatchObject({
      status: 400,
      body: { message: de.projects.signoff.sealed },
    });
    const withoutCard = structuredClone(sealedDoc);
    withoutCard.columns[0]!.cards = withoutCard.columns[0]!.cards.slice(0, 3);
    expect(await patch(owner, sealedDoc, withoutCard)).toMatchObject({
      status: 400,
      body: { message: de.projects.signoff.cardSealed },
    });
    const revoked = { ...structuredClone(sealedDoc), signoffs: [] };
    expect(await patch(member, sealedDoc, revoked)).toMatchObject({
      status: 403,
      body: { message: de.projects.signoff.revokeForbidden },
    });
    expect((await read(owner, before.id)).revision).toBe(sealedDoc.revision);

    const answer = asDelta((await patch(owner, sealedDoc, revoked)).body);
    expect(answer.deleted).toEqual([sealedDoc.signoffs[0]!.id]);
    const delta = asDelta(await changes(owner, before.id, sealedDoc.revision));
    expect(applyProjectDelta(sealedDoc, delta)).toEqual(await read(owner, before.id));
    expect(applyProjectDelta(sealedDoc, delta).signoffs).toEqual([]);
  });
});

describe('the slice a delta save loads, on the real store (issue 17)', () => {
  /** A project's board as titles: columns with their cards and each card's entry count. */
  const board = (document: ProjectDocument) =>
    document.columns.map((column) => ({
      title: column.title,
      cards: column.cards.map((card) => `${card.title} (${card.timeEntries.length + card.materialEntries.length})`),
    }));
  const newActions = (document: ProjectDocument, before: ProjectDocument) =>
    document.changeLog.slice(0, document.changeLog.length - before.changeLog.length).map((entry) => entry.action);

  /**
   * The same edit (and what a colleague, a Monteur, did after the writer's base, if anything) once as
   * the whole document (PUT) and once as a delta (PATCH), each on a project of its own set up
   * alike: the same answer status and the same board and log afterwards.
   */
  async function bothWays(
    edit: (copy: ProjectDocument) => void,
    meanwhile?: (copy: ProjectDocument) => void,
  ): Promise<{ status: number; board: ReturnType<typeof board>; log: string[] }[]> {
    const outcomes = [];
    for (const how of ['PUT', 'PATCH'] as const) {
      const { owner, document: base } = await setUp();
      if (meanwhile) {
        const colleague = await person('Monteur');
        await User.sequelize!.query('INSERT INTO project_members (project_id, user_id) VALUES (:p, :u)', {
          replacements: { p: base.id, u: colleague.id },
        });
        const theirs = structuredClone(base);
        meanwhile(theirs);
        expect((await patch(colleague, base, theirs)).status).toBe(200);
      }
      const before = await read(owner, base.id);
      const mine = structuredClone(base);
      edit(mine);
      const response =
        how === 'PUT'
          ? await t.request('PUT', `/api/projects/${base.id}`, { token: owner.token, body: mine })
          : await patch(owner, base, mine);
      const after = await read(owner, base.id);
      outcomes.push({ status: response.status, board: board(after), log: newActions(after, before) });
    }
    return outcomes;
  }

  it('deletes a column with its cards and their entries as the PUT does', async () => {
    const [viaPut, viaPatch] = await bothWays((copy) => {
      copy.columns = copy.columns.slice(1);
    });
    expect(viaPut!.board.map((column) => column.title)).toEqual(['In Bearbeitung', 'Erledigt']);
    expect(viaPut!.log).toEqual([de.projects.log.columnDeletedWithCards('To Do', 4)]);
    expect(viaPatch).toEqual(viaPut);
  });

  it('keeps a card that another writer moved into the column the writer deletes, and the column for it', async () => {
    const [viaPut, viaPatch] = await bothWays(
      (copy) => {
        copy.columns = copy.columns.filter((column) => column.title !== 'Erledigt');
      },
      (copy) => {
        const [card] = copy.columns[0]!.cards.splice(3, 1);
        copy.columns[2]!.cards.push(card!);
      },
    );
    expect(viaPut!.board[2]).toEqual({ title: 'Erledigt', cards: ['Aufgabe 4 (1)'] });
    expect(viaPatch).toEqual(viaPut);
  });

  it('changes a card whose column another writer deleted meanwhile: card and column come back as for the PUT', async () => {
    const [viaPut, viaPatch] = await bothWays(
      (copy) => {
        copy.columns[0]!.cards[0]!.title = 'Noch gebraucht';
      },
      (copy) => {
        copy.columns = copy.columns.slice(1);
      },
    );
    expect(viaPut!.status).toBe(200);
    expect(viaPut!.board[0]).toEqual({ title: 'To Do', cards: ['Noch gebraucht (0)'] });
    expect(viaPatch).toEqual(viaPut);
  });

  it("refuses a card's id sent as a note's (the slice reads it only in the notes' table) as the PUT does", async () => {
    const { owner, document: before } = await setUp();
    const next = structuredClone(before);
    next.notes.push({
      ...{ id: cardsOf(before)[0]!.id, rev: 0, title: 'Notiz', content: 'mit der ID einer Aufgabe' },
      ...{ authorId: null, authorUsername: '', timestamp: '' },
    });
    const refusal = { status: 400, body: { message: de.projects.duplicateId } };
    expect(await patch(owner, before, next)).toMatchObject(refusal);
    expect(await t.request('PUT', `/api/projects/${before.id}`, { token: owner.token, body: next })).toMatchObject(
      refusal,
    );
    expect((await read(owner, before.id)).revision).toBe(before.revision);
  });

  it(`counts a card's entries for the limit of ${PROJECT_LIMITS.entriesPerCard} without loading them`, async () => {
    const { owner, document: before } = await setUp();
    const full = structuredClone(before);
    const card = cardsOf(full)[0]!;
    card.materialEntries = Array.from({ length: PROJECT_LIMITS.entriesPerCard }, () => ({
      ...{ id: newId(), rev: 0, quantity: 1, unit: 'Stk', name: 'Dose' },
    }));
    const stored = await put(owner, full);
    const oneMore = structuredClone(stored);
    cardsOf(oneMore)[0]!.materialEntries.push({ id: newId(), rev: 0, quantity: 1, unit: 'Stk', name: 'Dose' });
    const refusal = {
      status: 400,
      body: { message: de.projects.tooMany('Materialeinträge', PROJECT_LIMITS.entriesPerCard) },
    };
    expect(await patch(owner, stored, oneMore)).toMatchObject(refusal);
    // One in, one out stays within the limit.
    cardsOf(oneMore)[0]!.materialEntries.shift();
    expect((await patch(owner, stored, oneMore)).status).toBe(200);
    expect(cardsOf(await read(owner, before.id))[0]!.materialEntries).toHaveLength(PROJECT_LIMITS.entriesPerCard);
  });
});
