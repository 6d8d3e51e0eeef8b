import { newId, type ProjectDocument } from '@werkboard/common';
import type * as Factories from '../test/factories';
import type * as SqlStatements from '../test/sqlStatements';
import type * as TestServers from '../test/testServer';
import type { TestServer } from '../test/testServer';

/**
 * SERVER_TIMING=1 (issue 17, branch server17c): each API answer says how long the server took
 * and how many SQL statements it ran. The flag is read when the modules load, so they are
 * loaded here after it is set, in this file's own module registry.
 */

const before = process.env.SERVER_TIMING;
process.env.SERVER_TIMING = '1';
afterAll(() => {
  if (before === undefined) delete process.env.SERVER_TIMING;
  else process.env.SERVER_TIMING = before;
});

let t: TestServer;
let statementsWhile: (work: () => Promise<void>) => Promise<string[]>;
let token: string;

beforeAll(async () => {
  const servers = jest.requireActual<typeof TestServers>('../test/testServer');
  const sql = jest.requireActual<typeof SqlStatements>('../test/sqlStatements');
  const factories = jest.requireActual<typeof Factories>('../test/factories');
  t = await servers.testServer();
  statementsWhile = sql.statementsWhile;
  ({ token } = await factories.signedInPerson(t, 'Projektleiter'));
});
afterAll(() => t.close());

/** The `Server-Timing` entries of an answer: name, duration and description. */
function timings(header: string | null): Map<string, { dur: number; desc?: string }> {
  const entries = new Map<string, { dur: number; desc?: string }>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    const value = (key: string) => parameters.find((p) => p.startsWith(`${key}=`))?.slice(key.length + 1);
    entries.set(name!, { dur: Number(value('dur')), desc: value('desc')?.replace(/"/g, '') });
  }
  return entries;
}

it('says how long the server took and how many statements it ran, for a save and for a read', async () => {
  const created = await t.request<ProjectDocument>('POST', '/api/projects', {
    token,
    body: { name: `Zeit ${newId()}` },
  });
  expect(created.status).toBe(201);
  const document = created.body;
  const edited = { ...document, description: 'Neu beschrieben' };
  let save: Awaited<ReturnType<TestServer['request']>> | undefined;
  const run = await statementsWhile(async () => {
    save = await t.request('PUT', `/api/projects/${document.id}`, {
      token,
      body: edited,
      headers: { 'Idempotency-Key': newId() },
    });
  });
  expect(save!.status).toBe(200);
  const saved = timings(save!.headers.get('server-timing'));
  expect(saved.get('app')!.dur).toBeGreaterThan(0);
  expect(saved.get('sql')!.desc).toBe(`${run.length} statements`);
  expect(saved.get('sql')!.dur).toBeGreaterThan(0);

  const read = await t.request('GET', `/api/projects/${document.id}`, { token });
  expect(read.status).toBe(200);
  const first = timings(read.headers.get('server-timing'));
  // The answer's own steps (the board read afresh) come with the request's.
  expect([...first.keys()]).toEqual(expect.arrayContaining(['app', 'sql', 'stringify', 'compress']));
  const again = await statementsWhile(async () => {
    const kept = await t.request('GET', `/api/projects/${document.id}`, { token });
    expect(timings(kept.headers.get('server-timing')).get('sql')!.desc).toBe('1 statements');
  });
  expect(again).toHaveLength(1);
});
