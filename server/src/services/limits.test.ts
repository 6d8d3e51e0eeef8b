import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '../errors';
import { ExternalUser } from '../models';
import { grantLifetimeLicense } from '../test/licenseKeys';
import { testServer, type TestServer } from '../test/testServer';
import { countOf, requireRoomFor } from './limits';

let t: TestServer;
beforeAll(async () => {
  t = await testServer();
});
afterAll(() => t.close());

const sequelize = () => t.server.services.database!.sequelize;
const slowCreate = (name: string) =>
  sequelize().transaction(async (transaction) => {
    await requireRoomFor(sequelize(), transaction, 'externalUsers');
    // Slow enough that requests without the lock would all have counted before any inserts.
    await sleep(150);
    return ExternalUser.create({ name }, { transaction });
  });

describe('requireRoomFor', () => {
  it('lets only one of several simultaneous creations take the last free place', async () => {
    for (let i = 1; i <= 9; i++) await ExternalUser.create({ name: `Extern ${i}` });
    const results = await Promise.allSettled([slowCreate('a'), slowCreate('b'), slowCreate('c')]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    expect(refusals).toHaveLength(2);
    for (const reason of refusals) {
      expect(reason).toBeInstanceOf(ApiError);
      expect((reason as ApiError).toBody()).toEqual({
        message: 'Limit für externe Mitarbeiter erreicht',
        code: 'limit_reached',
        limit: 'externalUsers',
        max: 10,
      });
    }
    expect(await countOf(sequelize(), 'externalUsers')).toBe(10);
  });

  it('creates beyond the Free limits with a Lifetime license', async () => {
    await grantLifetimeLicense();
    await expect(slowCreate('d')).resolves.toBeInstanceOf(ExternalUser);
    expect(await countOf(sequelize(), 'externalUsers')).toBe(11);
  });

  it('counts active projects and templates that are not archived (the seeded global template counts)', async () => {
    await expect(countOf(sequelize(), 'activeProjects')).resolves.toBe(0);
    await expect(countOf(sequelize(), 'templates')).resolves.toBe(1);
  });
});
