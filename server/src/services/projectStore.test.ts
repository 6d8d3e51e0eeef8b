import { keysAfter, newId, type ProjectDocument } from '@werkboard/common';
import { User } from '../models';
import { buildProject, type Person, signedInPerson } from '../test/factories';
import { newCard } from '../test/projectMergeHarness';
import { statementsWhile } from '../test/sqlStatements';
import { testServer, type TestServer } from '../test/testServer';
import { findProjectRow, loadChangesSince, loadEntities, loadTeam, WriteBatch } from './projectStore';

/**
 * The team's accounts read with the project row (`teamUsers`, issue 17, branch server17c):
 * `loadTeam` takes them from the row when they cover every id it names, else reads the users.
 */
describe('loadTeam of a row read with its team', () => {
  let t: TestServer;
  let owner: Person;
  let member: Person;
  let deputy: Person;

  beforeAll(async () => {
    t = await testServer();
    owner = await signedInPerson(t, 'Projektleiter');
    member = await signedInPerson(t, 'Monteur');
    deputy = await signedInPerson(t, 'Monteur');
  });
  afterAll(() => t.close());

  it('presents the team from the row without a statement, as the users read it', async () => {
    const project = await buildProject(t, owner.token, { memberIds: [member.id], deputyId: deputy.id });
    const sequelize = User.sequelize!;
    const row = (await findProjectRow(sequelize, project.id))!;
    let team: Awaited<ReturnType<typeof loadTeam>> = [];
    expect(await statementsWhile(async () => void (team = await loadTeam(sequelize, row)))).toEqual([]);
    const { teamUsers, ...withoutTeam } = row;
    expect(teamUsers).toHaveLength(3);
    // The same team as read by its own statement (a row without the accounts).
    expect(await loadTeam(sequelize, withoutTeam)).toEqual(team);
    expect(team.map((user) => [user.id, user.teamRole])).toEqual([
      [owner.id, 'owner'],
      [deputy.id, 'deputy'],
      [member.id, 'member'],
    ]);
    expect(project.team).toEqual(team);
  });

  it('reads the users when the row names someone its accounts do not hold (a team changed in memory)', async () => {
    const project = await buildProject(t, owner.token);
    const sequelize = User.sequelize!;
    const row = (await findProjectRow(sequelize, project.id))!;
    expect(row.teamUsers!.map((user) => user.id)).toEqual([owner.id]);
    const changed = { ...row, deputyOwnerId: deputy.id };
    let team: Awaited<ReturnType<typeof loadTeam>> = [];
    const statements = await statementsWhile(async () => void (team = await loadTeam(sequelize, changed)));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/FROM users WHERE id = ANY/);
    expect(team.map((user) => [user.id, user.teamRole])).toEqual([
      [owner.id, 'owner'],
      [deputy.id, 'deputy'],
    ]);
  });
});

/**
 * A transaction's reads of several tables in one round trip (`selectParts`, issue 17, branch
 * replay17e): the same entities, log and deletions, with the same types, as each table's
 * statement alone on the pool.
 */
describe('the entity reads of a transaction in one statement', () => {
  let t: TestServer;
  let owner: Person;

  beforeAll(async () => {
    t = await testServer();
    owner = await signedInPerson(t, 'Projektleiter');
  });
  afterAll(() => t.close());

  it('reads every kind and the changes since a revision as the statements alone do', async () => {
    const project = await buildProject(t, owner.token);
    const document = structuredClone(project);
    const [first, second] = keysAfter(null, 2).map((position, index) => newCard(`Karte ${index + 1}`, position));
    first!.timeEntries.push({ id: newId(), rev: 0, userId: owner.id, username: '', date: '2026-11-20', hours: 1.25 });
    first!.materialEntries.push({ id: newId(), rev: 0, quantity: 2.5, unit: 'm', name: 'Kabel NYM 3x1,5' });
    document.columns[0]!.cards.push(first!, second!);
    document.appointments.push({
      ...{ id: newId(), rev: 0, title: 'Abnahme', date: '2026-12-01T09:30', status: 'active' as const },
      ...{ contactName: 'Frau Berg', contactPhone: '0171 234', tagIds: [], notes: 'Schlüssel beim Hausmeister' },
    });
    document.notes.push({
      ...{ id: newId(), rev: 0, title: 'Zugang', content: 'Hintereingang', authorId: owner.id },
      ...{ authorUsername: '', timestamp: '2026-11-20T08:00:00.000Z' },
    });
    const put = await t.request<ProjectDocument>('PUT', `/api/projects/${project.id}`, {
      token: owner.token,
      body: document,
    });
    expect(put.status).toBe(200);
    // A deletion after the base, for the tombstones.
    const removed = structuredClone(put.body);
    removed.columns[0]!.cards = removed.columns[0]!.cards.filter((card) => card.title !== 'Karte 2');
    expect((await t.request('PUT', `/api/projects/${project.id}`, { token: owner.token, body: removed })).status).toBe(
      200,
    );

    const sequelize = User.sequelize!;
    const alone = await loadEntities(sequelize, project.id);
    const changesAlone = await loadChangesSince(sequelize, project.id, project.revision);
    let inOne: typeof alone | undefined;
    let changesInOne: typeof changesAlone | undefined;
    const statements = await statementsWhile(() =>
      sequelize.transaction(async (transaction) => {
        inOne = await loadEntities(sequelize, project.id, transaction);
        changesInOne = await loadChangesSince(sequelize, project.id, project.revision, transaction);
      }),
    );
    expect(statements.filter((sql) => /^SELECT/.test(sql))).toHaveLength(2);
    expect(inOne).toEqual(alone);
    expect(changesInOne).toEqual(changesAlone);
    const kinds = new Set([...alone.entities.values()].map((entity) => entity.kind));
    expect([...kinds].sort()).toEqual(['appointment', 'card', 'column', 'materialEntry', 'note', 'timeEntry']);
    expect(changesAlone.deleted).toEqual([second!.id]);
    expect(changesAlone.changeLog.length).toBeGreaterThan(0);
  });
});

/**
 * A transaction's writes in one round trip (`WriteBatch`, issue 17, branch save17f): the
 * statements run in their order, their values are the literals' values exactly, a batch of
 * megabytes goes in several queries, and a NUL is refused, not changed.
 */
describe('a write batch', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await testServer();
  });
  afterAll(() => t.close());

  const HOSTILE = `O'Brien"; DROP TABLE projects; -- \\ $1 $$ :id ? E'\\' x E'y' /* — Grüße 𝄞`;

  it('sends its statements in order in one query, their values as written', async () => {
    const sequelize = User.sequelize!;
    const at = new Date('2026-11-25T07:45:12.345Z');
    let rows: unknown[] = [];
    const statements = await statementsWhile(() =>
      sequelize.transaction(async (transaction) => {
        await sequelize.query(
          'CREATE TEMP TABLE batch_rows (n int, s text, at timestamptz, b boolean) ON COMMIT DROP',
          {
            transaction,
          },
        );
        const batch = new WriteBatch(sequelize);
        const row = (n: number, value: string | null) =>
          `INSERT INTO batch_rows VALUES (${batch.literal(n)}, ${batch.literal(value)}, ${batch.literal(at)}, ${batch.literal(n > 1)})`;
        batch.add(row(1, HOSTILE));
        batch.add(row(2, null));
        batch.add(`UPDATE batch_rows SET n = n * 10 WHERE s = ${batch.literal(HOSTILE)}`);
        await batch.send(transaction);
        await batch.send(transaction);
        rows = await sequelize.query('SELECT n, s, at, b FROM batch_rows ORDER BY n', { type: 'SELECT', transaction });
      }),
    );
    expect(statements.filter((sql) => /batch_rows/.test(sql))).toHaveLength(3);
    expect(rows).toEqual([
      { n: 2, s: null, at, b: true },
      { n: 10, s: HOSTILE, at, b: false },
    ]);
  });

  it('sends a batch of megabytes in several queries, and refuses a NUL', async () => {
    const sequelize = User.sequelize!;
    const long = 'x'.repeat(600_000);
    let lengths: unknown[] = [];
    const statements = await statementsWhile(() =>
      sequelize.transaction(async (transaction) => {
        await sequelize.query('CREATE TEMP TABLE batch_rows (n int, s text) ON COMMIT DROP', { transaction });
        const batch = new WriteBatch(sequelize);
        for (const n of [1, 2, 3]) batch.add(`INSERT INTO batch_rows VALUES (${n}, ${batch.literal(long)})`);
        batch.add(`INSERT INTO batch_rows VALUES (4, 'kurz')`);
        await batch.send(transaction);
        lengths = await sequelize.query('SELECT n, length(s) AS length FROM batch_rows ORDER BY n', {
          type: 'SELECT',
          transaction,
        });
      }),
    );
    expect(statements.filter((sql) => /^INSERT INTO batch_rows/.test(sql)).map((sql) => sql.split(';').length)).toEqual(
      [1, 1, 2],
    );
    expect(lengths).toEqual([
      { n: 1, length: 600_000 },
      { n: 2, length: 600_000 },
      { n: 3, length: 600_000 },
      { n: 4, length: 4 },
    ]);
    expect(() => new WriteBatch(sequelize).literal('Karte\u0000')).toThrow('NUL');
  });
});
