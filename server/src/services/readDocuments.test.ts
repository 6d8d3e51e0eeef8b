import { type Actor, newId, type ProjectDocument } from '@werkboard/common';
import { User } from '../models';
import { buildProject, signedIn, withCard } from '../test/factories';
import { testServer, type TestServer } from '../test/testServer';
import { readDocument, readDocuments } from './projects';

/**
 * readDocuments (the backup's and the exports' read of 100 projects at once) must give
 * exactly what readDocument gives for each project: the backup file stays what it was.
 */

let t: TestServer;
beforeAll(async () => (t = await testServer()), 60_000);
afterAll(() => t.close());

const actorOf = (user: User): Actor => ({ id: user.id, role: user.role, permissions: [] });

it('reads several projects in one go exactly as one at a time, in the order asked, leaving out one that is gone', async () => {
  const owner = await signedIn(t, 'Projektleiter');
  const member = await signedIn(t, 'Monteur');
  const deputy = await signedIn(t, 'Monteur');
  const ids: string[] = [];
  for (const [index, team] of [{ memberIds: [member.user.id], deputyId: deputy.user.id }, {}, {}].entries()) {
    const created = await buildProject(t, owner.token, team);
    const filled = withCard(withCard(created, { title: `Karte ${index}` }), {
      title: 'Mit Zeiten',
      timeEntries: [
        { id: newId(), rev: 0, userId: owner.user.id, username: owner.user.username, date: '2026-11-02', hours: 1.5 },
      ],
      materialEntries: [
        { id: newId(), rev: 0, quantity: 3, unit: 'm', name: 'Kabel' },
        { id: newId(), rev: 0, quantity: 1, unit: 'Stk', name: 'Dose' },
      ],
    });
    const saved = await t.request<ProjectDocument>('PUT', `/api/projects/${created.id}`, {
      token: owner.token,
      body: filled,
    });
    expect(saved.status).toBe(200);
    ids.push(created.id);
  }
  const sequelize = User.sequelize!;
  const asked = [ids[2]!, newId(), ids[0]!, ids[1]!];
  // The owner sees the change log, a member does not: both as one at a time.
  for (const actor of [actorOf(owner.user), actorOf(member.user)]) {
    const one = await Promise.all([ids[2]!, ids[0]!, ids[1]!].map((id) => readDocument(sequelize, actor, id)));
    expect(await readDocuments(sequelize, actor, asked)).toEqual(one);
  }
  const [first] = await readDocuments(sequelize, actorOf(owner.user), [ids[0]!]);
  expect(first!.changeLog.length).toBeGreaterThan(0);
  expect(first!.team.map((person) => person.teamRole).sort()).toEqual(['deputy', 'member', 'owner']);
});
