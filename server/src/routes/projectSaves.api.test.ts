import {
  applyProjectDelta,
  de,
  documentDelta,
  keysAfter,
  newId,
  type ProjectDeltaDto,
  type ProjectDocument,
  type Role,
  SAVE_BATCH_LIMITS,
} from '@werkboard/common';
import { User } from '../models';
import { newCard } from '../test/projectMergeHarness';
import { statementsWhile } from '../test/sqlStatements';
import { type Person, signedInPerson } from '../test/factories';
import { testServerPerFile } from '../test/testServerPerFile';

/**
 * POST /api/projects/{id}/saves, the outbox's batch replay (issue 17), against the real
 * database: each save runs as its own PATCH would (key, rules, revision, change log, kept
 * answer), in order, stopping at the first that is not applied.
 */

// Free allows 10 active projects: each test starts without any.
const t = testServerPerFile({ emptyProjects: true });

const person = (role: Role) => signedInPerson(t, role);

interface Save {
  key: string;
  body: string;
}
interface WriteAnswer {
  key: string;
  status: number;
  body?: ProjectDeltaDto & { message?: string };
  replayed?: true;
}

async function read(who: Person, id: string): Promise<ProjectDocument> {
  const response = await t.request<ProjectDocument>('GET', `/api/projects/${id}`, { token: who.token });
  expect(response.status).toBe(200);
  return response.body;
}

/** A Monteur's project with two cards, and a Helfer (the lowest role) in its team. */
async function setUp() {
  const owner = await person('Monteur');
  const helper = await person('Helfer');
  const created = await t.request<ProjectDocument>('POST', '/api/projects', {
    token: owner.token,
    body: { name: `Sammlung ${newId().slice(0, 8)}` },
  });
  expect(created.status).toBe(201);
  const project = created.body;
  await User.sequelize!.query('INSERT INTO project_members (project_id, user_id) VALUES (:p, :u)', {
    replacements: { p: project.id, u: helper.id },
  });
  project.columns[0]!.cards = keysAfter(null, 2).map((position, index) => newCard(`Aufgabe ${index + 1}`, position));
  const put = await t.request('PUT', `/api/projects/${project.id}`, { token: owner.token, body: project });
  expect(put.status).toBe(200);
  return { owner, helper, document: await read(owner, project.id) };
}

const cardsOf = (document: ProjectDocument) => document.columns.flatMap((column) => column.cards);

/** `who`'s time entry of `hours` on the first card. */
function withHours(copy: ProjectDocument, who: Person, hours: number): ProjectDocument {
  const next = structuredClone(copy);
  cardsOf(next)[0]!.timeEntries.push({ id: newId(), rev: 0, userId: who.id, username: '', date: '2026-11-20', hours });
  return next;
}

/**
 * Saves as a device queues them when each was tried once: each a delta on the copy the one
 * before made (all on the revision the device read), with its own key, its body the PATCH's text.
 */
function chainedSaves(base: ProjectDocument, edits: ((copy: ProjectDocument) => ProjectDocument)[]) {
  const saves: Save[] = [];
  let copy = base;
  for (const edit of edits) {
    const next = edit(copy);
    saves.push({ key: newId(), body: JSON.stringify(documentDelta(copy, next)) });
    copy = next;
  }
  return { saves, last: copy };
}

const batch = (who: Person, id: string, body: unknown) =>
  t.request<{ answers: WriteAnswer[]; message?: string }>('POST', `/api/projects/${id}/saves`, {
    token: who.token,
    body,
  });

/** The save alone, as the outbox sends it without a batch: PATCH with its key and body. */
const single = (who: Person, id: string, save: Save) =>
  t.request<ProjectDeltaDto & { message?: string }>('PATCH', `/api/projects/${id}`, {
    token: who.token,
    rawBody: save.body,
    headers: { 'Idempotency-Key': save.key },
  });

/** The hours on the first card, sorted (the document orders entries by its own rule). */
const hoursOf = (document: ProjectDocument) =>
  cardsOf(document)[0]!
    .timeEntries.map((entry) => entry.hours)
    .sort((a, b) => a - b);

describe('POST /api/projects/{id}/saves', () => {
  it('applies the saves in order, one revision and log entry each, each kept under its key as the PATCH keeps it', async () => {
    const { owner, document: before } = await setUp();
    const { saves, last } = chainedSaves(before, [
      (copy) => withHours(copy, owner, 1),
      (copy) => withHours(copy, owner, 2),
      (copy) => withHours(copy, owner, 3),
    ]);
    const response = await batch(owner, before.id, { saves });
    expect(response.status).toBe(200);
    const { answers } = response.body;
    expect(answers.map((answer) => [answer.key, answer.status])).toEqual(saves.map((save) => [save.key, 200]));
    // Only the last applied save's answer is carried: the outbox settles the others without one.
    expect(answers.map((answer) => answer.body === undefined)).toEqual([true, true, false]);
    expect(answers[2]!.body!.revision).toBe(before.revision + 3);

    const after = await read(owner, before.id);
    expect(after.revision).toBe(before.revision + 3);
    expect(hoursOf(after)).toEqual([1, 2, 3]);
    expect(after.changeLog).toHaveLength(before.changeLog.length + 3);
    expect(applyProjectDelta(before, answers[2]!.body!)).toEqual(after);
    expect(hoursOf(after)).toEqual(hoursOf(last));

    // Each key holds the single PATCH's answer: sent alone now, it is answered from the store.
    for (const [index, save] of saves.entries()) {
      const again = await single(owner, before.id, save);
      expect(again.status).toBe(200);
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
      expect(again.body.revision).toBe(before.revision + index + 1);
    }
    expect((await read(owner, before.id)).revision).toBe(before.revision + 3);
  });

  it('changes nothing when a batch comes again after its answer was lost, or holds saves the PATCH applied', async () => {
    const { owner, document: before } = await setUp();
    const { saves } = chainedSaves(before, [
      (copy) => withHours(copy, owner, 1),
      (copy) => withHours(copy, owner, 2),
      (copy) => withHours(copy, owner, 3),
    ]);
    // The first went alone and its answer was lost; then all three come in one batch, twice.
    expect((await single(owner, before.id, saves[0]!)).status).toBe(200);
    const first = await batch(owner, before.id, { saves });
    expect(first.body.answers.map((answer) => [answer.status, answer.replayed])).toEqual([
      [200, true],
      [200, undefined],
      [200, undefined],
    ]);
    const again = await batch(owner, before.id, { saves });
    expect(again.body.answers.map((answer) => [answer.status, answer.replayed])).toEqual([
      [200, true],
      [200, true],
      [200, true],
    ]);
    expect(again.body.answers[2]!.body).toEqual(first.body.answers[2]!.body);
    const after = await read(owner, before.id);
    expect(after.revision).toBe(before.revision + 3);
    expect(hoursOf(after)).toEqual([1, 2, 3]);
    expect(after.changeLog).toHaveLength(before.changeLog.length + 3);
  });

  it('runs each save of a batch on an old base in 9 statements, its answer read in one (issue 17, replay17e, save17f)', async () => {
    const { owner, document: before } = await setUp();
    // As the replay sends tried saves: all on the revision the device read, so each answer is
    // what changed since then (every table read), not this save's tables alone.
    const { saves } = chainedSaves(
      before,
      [1, 2, 3, 4].map((hours) => (copy: ProjectDocument) => withHours(copy, owner, hours)),
    );
    expect((await batch(owner, before.id, { saves: saves.slice(0, 1) })).status).toBe(200);
    let answers: WriteAnswer[] = [];
    const statements = (
      await statementsWhile(async () => {
        answers = (await batch(owner, before.id, { saves: saves.slice(1) })).body.answers;
      })
    ).filter((sql) => !/^DELETE FROM idempotency_keys WHERE created_at/.test(sql));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // Claim; begin; the row (with its team); counts, the card and its entries (one statement);
    // the versions; entry, version, revision and log written (one statement); the answer: every
    // table changed since the base, the log and the deletions (one statement); the kept answer; commit.
    expect(statements).toHaveLength(3 * 9);
    const writes = statements.filter((sql) => /^INSERT INTO (time_entries|project_notes) /.test(sql));
    expect(writes).toHaveLength(3);
    for (const sql of writes) expect(sql).toMatch(/;\s*UPDATE projects .*;\s*INSERT INTO change_log_entries /s);
    const answerReads = statements.filter((sql) => /^SELECT .* FROM change_log_entries WHERE/s.test(sql));
    expect(answerReads).toHaveLength(3);
    for (const sql of answerReads)
      for (const table of ['project_columns', 'project_cards', 'time_entries', 'project_notes', 'entity_versions'])
        expect(sql).toContain(`FROM ${table}`);
    // The last answer is the delta since the base, as a read of it gives it.
    const after = await read(owner, before.id);
    expect(applyProjectDelta(before, answers[2]!.body!)).toEqual(after);
    expect(hoursOf(after)).toEqual([1, 2, 3, 4]);
  });

  it('stops at a refused save: answered and kept as the PATCH would be, the saves after it neither applied nor claimed', async () => {
    const { owner, document: before } = await setUp();
    const { saves } = chainedSaves(before, [
      (copy) => withHours(copy, owner, 1),
      (copy) => withHours(copy, owner, 30),
      (copy) => withHours(copy, owner, 3),
    ]);
    const response = await batch(owner, before.id, { saves });
    expect(response.status).toBe(200);
    const { answers } = response.body;
    expect(answers.map((answer) => answer.status)).toEqual([200, 400]);
    expect(answers[0]!.body!.revision).toBe(before.revision + 1);
    expect(answers[1]!.body).toMatchObject({ message: de.projects.hoursInvalid, code: 'validation' });

    const after = await read(owner, before.id);
    expect(after.revision).toBe(before.revision + 1);
    expect(hoursOf(after)).toEqual([1]);
    // The refusal is kept under its key, as the PATCH keeps it.
    const refused = await single(owner, before.id, saves[1]!);
    expect([refused.status, refused.headers.get('Idempotent-Replayed'), refused.body.message]).toEqual([
      400,
      'true',
      de.projects.hoursInvalid,
    ]);
    // The third was never run: alone now, it is applied, not answered from a store.
    const third = await single(owner, before.id, saves[2]!);
    expect([third.status, third.headers.get('Idempotent-Replayed')]).toEqual([200, null]);
    expect(hoursOf(await read(owner, before.id))).toEqual([1, 3]);
  });

  it("authorizes every save as the PATCH does: the Helfer's batch cannot do what his PATCH cannot", async () => {
    const { owner, helper, document: before } = await setUp();
    const renamed = (copy: ProjectDocument) => {
      const next = structuredClone(copy);
      next.columns[0]!.title = 'Umbenannt';
      return next;
    };
    const { saves } = chainedSaves(before, [(copy) => withHours(copy, helper, 1), renamed]);
    const alone = await t.request<{ message: string }>('PATCH', `/api/projects/${before.id}`, {
      token: helper.token,
      body: documentDelta(before, renamed(before)),
    });
    expect([alone.status, alone.body.message]).toEqual([403, de.projects.columnsForbidden]);

    const response = await batch(helper, before.id, { saves });
    expect(response.body.answers.map((answer) => [answer.status, answer.body?.message])).toEqual([
      [200, undefined],
      [403, de.projects.columnsForbidden],
    ]);
    const after = await read(owner, before.id);
    expect(after.columns[0]!.title).toBe(before.columns[0]!.title);
    expect(hoursOf(after)).toEqual([1]);

    // Someone outside the team: the first save is refused as his PATCH is, nothing applied.
    const outsider = await person('Helfer');
    const { saves: outsiders } = chainedSaves(after, [(copy) => withHours(copy, outsider, 2)]);
    const refused = await batch(outsider, before.id, { saves: outsiders });
    expect(refused.body.answers.map((answer) => [answer.status, answer.body?.message])).toEqual([
      [403, de.projects.accessForbidden],
    ]);
    expect((await read(owner, before.id)).revision).toBe(after.revision);
  });

  it("treats another user's key as the caller's own, and another project's entities as the PATCH does", async () => {
    const { owner, helper, document: before } = await setUp();
    const renamed = (copy: ProjectDocument) => {
      const next = structuredClone(copy);
      next.columns[0]!.title = 'Vom Inhaber';
      return next;
    };
    const helperRename = (copy: ProjectDocument) => {
      const next = structuredClone(copy);
      next.columns[0]!.title = 'Vom Helfer';
      return next;
    };
    const { saves } = chainedSaves(before, [renamed]);
    expect((await batch(owner, before.id, { saves })).body.answers[0]!.status).toBe(200);
    const renamedAt = (await read(owner, before.id)).revision;
    // The owner's key with another body: to the owner a reused key ...
    const otherSave = { key: saves[0]!.key, body: JSON.stringify(documentDelta(before, helperRename(before))) };
    const reused = (await batch(owner, before.id, { saves: [otherSave] })).body.answers;
    expect(reused.map((answer) => [answer.key, answer.status, answer.body?.message])).toEqual([
      [otherSave.key, 422, de.api.idempotencyKeyReused],
    ]);
    // ... to the Helfer his own new key: his save runs under his rights, never answered with the owner's answer.
    const own = (await batch(helper, before.id, { saves: [otherSave] })).body.answers;
    expect(own.map((answer) => [answer.key, answer.status, answer.body?.message, answer.replayed])).toEqual([
      [otherSave.key, 403, de.projects.columnsForbidden, undefined],
    ]);
    expect((await read(owner, before.id)).revision).toBe(renamedAt);

    // A delta of this project naming a card of another project: the PATCH's refusal, nothing changed.
    const other = await setUp();
    const foreign = structuredClone(await read(owner, before.id));
    foreign.columns[0]!.cards.push(structuredClone(cardsOf(other.document)[0]!));
    const current = await read(owner, before.id);
    const body = JSON.stringify(documentDelta(current, foreign));
    const alone = await single(owner, before.id, { key: newId(), body });
    expect(alone.status).toBeGreaterThanOrEqual(400);
    const inBatch = await batch(owner, before.id, { saves: [{ key: newId(), body }] });
    expect(inBatch.body.answers.map((answer) => [answer.status, answer.body?.message])).toEqual([
      [alone.status, alone.body.message],
    ]);
    expect((await read(owner, before.id)).revision).toBe(current.revision);
    expect(await read(other.owner, other.document.id)).toEqual(other.document);
  });

  it('refuses a batch beyond its limits or malformed with a German message, and applies none of it', async () => {
    const { owner, document: before } = await setUp();
    const one = chainedSaves(before, [(copy) => withHours(copy, owner, 1)]).saves[0]!;
    const refused = async (body: unknown, message: string) => {
      const response = await batch(owner, before.id, body);
      expect([response.status, response.body.message]).toEqual([400, message]);
    };
    const many = Array.from({ length: SAVE_BATCH_LIMITS.saves + 1 }, () => ({ ...one, key: newId() }));
    await refused({ saves: many }, de.projects.saveBatchTooMany(SAVE_BATCH_LIMITS.saves));
    const padded = JSON.stringify({ ...JSON.parse(one.body), padding: 'x'.repeat(SAVE_BATCH_LIMITS.bytes) });
    await refused({ saves: [one, { key: newId(), body: padded }] }, de.projects.saveBatchTooLarge(1));
    await refused({ saves: [] }, de.projects.saveBatchInvalid);
    await refused({ saves: [{ key: 'kein Schlüssel!', body: one.body }] }, de.projects.saveBatchInvalid);
    await refused({ saves: [{ key: newId(), body: JSON.parse(one.body) as unknown }] }, de.projects.saveBatchInvalid);
    expect((await read(owner, before.id)).revision).toBe(before.revision);

    // A body that is not JSON is that save's 400, as the PATCH's body parser answers it.
    const broken = await batch(owner, before.id, { saves: [{ key: newId(), body: '{"revision":' }, one] });
    expect(broken.body.answers.map((answer) => [answer.status, answer.body?.message])).toEqual([
      [400, de.api.validationFailed],
    ]);
    expect((await read(owner, before.id)).revision).toBe(before.revision);
  });
});
