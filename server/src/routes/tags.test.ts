import { newId, type TagDto } from '@werkboard/common';
import { CustomerType } from '../models';
import { signedIn } from '../test/factories';
import { testServer, type TestServer } from '../test/testServer';

let t: TestServer;

beforeAll(async () => {
  t = await testServer();
});
afterAll(() => t.close());

/** Customer types and tags are written with SQL here: managing them is the organisation issue's. */
async function customerType(name: string): Promise<string> {
  return (await CustomerType.create({ name })).id;
}

async function tag(customerTypeId: string, label: string, color: string, priority: number): Promise<string> {
  const id = newId();
  await CustomerType.sequelize!.query(
    `INSERT INTO tags (id, customer_type_id, label, color, priority) VALUES (:id, :customerTypeId, :label, :color, :priority)`,
    { replacements: { id, customerTypeId, label, color, priority } },
  );
  return id;
}

describe('customer types and tags', () => {
  it('answers 401 without a token', async () => {
    expect((await t.request('GET', '/api/customer-types')).status).toBe(401);
    expect((await t.request('GET', '/api/tags')).status).toBe(401);
  });

  it('reads the seeded customer type and no tags on a fresh server', async () => {
    const { token } = await signedIn(t, 'Helfer');
    expect((await t.request('GET', '/api/customer-types', { token })).body).toEqual(['Allgemein']);
    expect((await t.request('GET', '/api/tags', { token })).body).toEqual([]);
  });

  it('lists Allgemein first, then the others by name in any case; tags by type, priority, label', async () => {
    const sanitaer = await customerType('Sanitär');
    const bad = await customerType('bad');
    await customerType('Elektro');
    const general = (await CustomerType.findOne({ where: { name: 'Allgemein' } }))!.id;
    const urgent = await tag(sanitaer, 'Notfall', 'red', 4);
    const later = await tag(sanitaer, 'später', 'sky', 0);
    const other = await tag(sanitaer, 'Angebot', 'no-such-colour', 0);
    const tile = await tag(bad, 'Fliesen', 'amber', 2);
    const info = await tag(general, 'Info', 'slate', 1);

    const { token } = await signedIn(t, 'Auszubildender');
    const types = await t.request<string[]>('GET', '/api/customer-types', { token });
    expect(types.status).toBe(200);
    expect(types.body).toEqual(['Allgemein', 'bad', 'Elektro', 'Sanitär']);

    const tags = await t.request<TagDto[]>('GET', '/api/tags', { token });
    expect(tags.status).toBe(200);
    expect(tags.body).toEqual([
      { id: info, customerType: 'Allgemein', label: 'Info', color: 'slate', priority: 1 },
      { id: tile, customerType: 'bad', label: 'Fliesen', color: 'amber', priority: 2 },
      { id: urgent, customerType: 'Sanitär', label: 'Notfall', color: 'red', priority: 4 },
      // An unknown colour is answered as the fallback colour.
      { id: other, customerType: 'Sanitär', label: 'Angebot', color: 'slate', priority: 0 },
      { id: later, customerType: 'Sanitär', label: 'später', color: 'sky', priority: 0 },
    ]);
  });
});
