import { User } from '../models';
import { buildProject, type Person, signedInPerson } from '../test/factories';
import { statementsWhile } from '../test/sqlStatements';
import { testServer, type TestServer } from '../test/testServer';
import { findProjectRow, loadTeam } from './projectStore';

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
