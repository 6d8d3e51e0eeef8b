import { IDBFactory } from 'fake-indexeddb';
import { produce } from 'immer';
import type { ProjectChangesDto, ProjectDocument } from '@werkboard/common';
import { answeredCopy, documentDelta } from '@werkboard/common';
import type { FakeAnswer, FakeRequest } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { buildProject, cardIn, PROJECT_ID, timeEntry } from '../../test/project';
import { createProjectServer } from '../../test/projectServer';
import type { FetchLike, ResponseLike } from '../../api/client';
import { createApiClient } from '../../api/client';
import { createMemoryStore } from '../../platform/localStore';
import type { Save } from '../../api/save';
import { createSave, isQueued, QUEUED } from '../../api/save';
import { withLocalReads } from '../../api/localReads';
import type { LocalStore } from '../../platform/localStore';
import { openIndexedDbStore } from '../../platform/localStore';
import { REPLAY_LANES } from '../../platform/syncQueue';
import type { SyncStatus } from './syncEngine';
import { REPLAY_PROGRESS_MS, SyncEngine } from './syncEngine';
import { seededRandom } from '../../test/seededRandom';

const P1 = '/projects/0b4f6a52-8d0e-4a8e-9b51-3f3f0c2d9a10';
const P2 = '/projects/7c0e1d2a-1111-4c4c-8a8a-000000000001';

interface Doc {
  revision: number;
  name: string;
  items: string[];
}

type Network = 'up' | 'down' | 'loseAnswer' | 'fail500' | 'expired';

/**
 * A server like ours in the parts the queue depends on: documents merged by adding what a
 * copy brings (a stale copy never removes others' items), answers kept per idempotency key,
 * and a 400 with a German message for a document without a name. `network` cuts the line.
 */
function fakeServer(more: readonly string[] = [], latency?: () => number) {
  const docs = new Map<string, Doc>([
    [P1, { revision: 1, name: 'Bad Müller', items: [] }],
    [P2, { revision: 1, name: 'Heizung Schulz', items: [] }],
    ...more.map((path, index): [string, Doc] => [path, { revision: 1, name: `Baustelle ${index + 3}`, items: [] }]),
  ]);
  // Writes on their way (with `latency`): how many at most at once, and whether one document ever had two.
  const inFlight = new Set<string>();
  const flights = { most: 0, sameDocument: false };
  const answers = new Map<string, { status: number; body: unknown }>();
  const applied: string[] = [];
  const sentKeys: (string | undefined)[] = [];
  const state = { network: 'up' as Network };

  const respond = (status: number, body: unknown): ResponseLike => ({
    ok: status < 300,
    status,
    text: () => Promise.resolve(body === undefined ? '' : JSON.stringify(body)),
  });

  function apply(method: string, path: string, body: unknown): { status: number; body: unknown } {
    const doc = docs.get(path);
    if (method === 'GET')
      return doc ? { status: 200, body: doc } : { status: 404, body: { message: 'Nicht gefunden.' } };
    if (method === 'PUT' && doc) {
      const copy = body as Doc;
      if (!copy.name) return { status: 400, body: { message: 'Der Projektname ist erforderlich.' } };
      const added = copy.items.filter((item) => !doc.items.includes(item));
      applied.push(...added);
      const next = { revision: doc.revision + 1, name: copy.name, items: [...doc.items, ...added] };
      docs.set(path, next);
      return { status: 200, body: next };
    }
    if (method === 'POST' && path.endsWith('/complete')) {
      applied.push(`complete ${path}`);
      return { status: 200, body: {} };
    }
    return { status: 404, body: { message: 'Nicht gefunden.' } };
  }

  const fetch = async (url: string, init: RequestInit): Promise<ResponseLike> => {
    const path = url.replace(/^\/api/, '');
    const headers = init.headers as Record<string, string>;
    const key = headers['Idempotency-Key'];
    const method = init.method ?? 'GET';
    if (method !== 'GET') sentKeys.push(key);
    if (latency && method !== 'GET') {
      flights.sameDocument ||= inFlight.has(path);
      inFlight.add(path);
      flights.most = Math.max(flights.most, inFlight.size);
      await new Promise((resolve) => setTimeout(resolve, latency()));
      inFlight.delete(path);
    }
    if (state.network === 'down') return Promise.reject(new TypeError('Failed to fetch'));
    if (state.network === 'fail500') return Promise.resolve(respond(503, { message: 'Wartung' }));
    if (state.network === 'expired') return Promise.resolve(respond(401, { message: 'Sitzung abgelaufen' }));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    let answer = key ? answers.get(key) : undefined;
    if (!answer) {
      answer = apply(method, path, body);
      if (key && answer.status < 500) answers.set(key, answer);
    }
    if (state.network === 'loseAnswer' && method !== 'GET') return Promise.reject(new TypeError('connection reset'));
    return Promise.resolve(respond(answer.status, answer.body));
  };
  return { docs, applied, sentKeys, state, fetch, flights };
}

interface Device {
  engine: SyncEngine;
  save: Save;
  get: <T>(path: string) => Promise<T>;
  statuses: SyncStatus[];
  sessionLost: jest.Mock;
  appliedWrites: string[];
  user: { id: string | null };
}

let keyCounter = 0;

async function device(
  server: ReturnType<typeof fakeServer>,
  factory = new IDBFactory(),
  store: Promise<LocalStore> = openIndexedDbStore(factory),
): Promise<Device> {
  const user = { id: 'u-1' as string | null };
  const statuses: SyncStatus[] = [];
  const sessionLost = jest.fn();
  const appliedWrites: string[] = [];
  const api = createApiClient({
    fetch: server.fetch,
    deviceId: 'device-1',
    getToken: () => 'token',
    onSessionLost: sessionLost,
  });
  const engine = new SyncEngine({
    store,
    api,
    userId: () => user.id,
    online: () => server.state.network !== 'down',
    newKey: () => `key-${++keyCounter}`,
    onStatus: (status) => statuses.push(status),
    onApplied: (writes) => appliedWrites.push(...writes.map((write) => `${write.method} ${write.path}`)),
    requestBackgroundSync: () => undefined,
  });
  await engine.loaded();
  const reads = withLocalReads(api, engine, () => undefined);
  return {
    engine,
    save: createSave(api, engine),
    get: (path) => reads.get(path),
    statuses,
    sessionLost,
    appliedWrites,
    user,
  };
}

const put = (path: string, doc: Doc) => ({ method: 'PUT' as const, path, body: doc, queueable: true as const });

/** Resolves once `done` answers true (a kept read's write is not awaited by the read). */
/** A phone whose queue and kept reads live in IndexedDB `factory` (a reload: a new phone on the same factory). */
async function phoneWith(fetch: FetchLike, online: () => boolean, factory: IDBFactory) {
  const api = createApiClient({ fetch, deviceId: 'device-1', getToken: () => 'token', onSessionLost: () => undefined });
  const engine = new SyncEngine({
    store: openIndexedDbStore(factory),
    api,
    userId: () => 'u-1',
    online,
    newKey: () => `key-${++keyCounter}`,
    onStatus: () => undefined,
    onApplied: () => undefined,
    requestBackgroundSync: () => undefined,
  });
  await engine.loaded();
  return { engine, save: createSave(api, engine), reads: withLocalReads(api, engine, () => undefined) };
}

async function until(done: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; !(await done()); tries++) {
    if (tries > 200) throw new Error('Bedingung nicht erreicht');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the save path with the sync queue', () => {
  it('sends at once when the server answers, with an idempotency key', async () => {
    const server = fakeServer();
    const { save, engine } = await device(server);
    const answer = await save<Doc>(put(P1, { revision: 1, name: 'Bad Müller', items: ['a'] }));
    expect(answer).toEqual({ revision: 2, name: 'Bad Müller', items: ['a'] });
    expect(server.sentKeys).toEqual(['key-' + String(keyCounter)]);
    expect(engine.status().pending).toBe(0);
  });

  it('queues a write that finds no network, and replays it with its key when the server is back', async () => {
    const server = fakeServer();
    const { save, engine, appliedWrites } = await device(server);
    server.state.network = 'down';
    expect(await save(put(P1, { revision: 1, name: 'Bad Müller', items: ['a'] }))).toBe(QUEUED);
    expect(engine.status().pending).toBe(1);
    expect(server.applied).toEqual([]);

    server.state.network = 'up';
    expect(await engine.sync()).toBe('done');
    expect(server.applied).toEqual(['a']);
    expect(engine.status().pending).toBe(0);
    expect(appliedWrites).toEqual([`PUT ${P1}`]);
    // The attempt offline and the replay carried the same key.
    expect(new Set(server.sentKeys).size).toBe(1);
  });

  it('does not apply twice a write whose answer was lost: the replay sends the same key', async () => {
    const server = fakeServer();
    const { save, engine } = await device(server);
    server.state.network = 'loseAnswer';
    expect(isQueued(await save(put(P1, { revision: 1, name: 'Bad Müller', items: ['a'] })))).toBe(true);
    expect(server.applied).toEqual(['a']);
    server.state.network = 'up';
    await engine.sync();
    expect(server.applied).toEqual(['a']);
    expect(server.docs.get(P1)?.revision).toBe(2);
    expect(engine.status().pending).toBe(0);
  });

  it('makes several offline saves of one project one save on the oldest base revision', async () => {
    const server = fakeServer();
    const { save, engine } = await device(server);
    server.state.network = 'down';
    await save(put(P1, { revision: 1, name: 'Bad Müller', items: ['a'] }));
    await save(put(P1, { revision: 1, name: 'Bad Müller', items: ['a', 'b'] }));
    await save(put(P2, { revision: 1, name: 'Heizung Schulz', items: ['x'] }));
    await save(put(P1, { revision: 1, name: 'Bad Müller neu', items: ['a', 'b', 'c'] }));
    expect(engine.status().pending).toBe(2);
    server.state.network = 'up';
    await engine.sync();
    expect(server.docs.get(P1)).toEqual({ revision: 2, name: 'Bad Müller neu', items: ['a', 'b', 'c'] });
    expect(server.docs.get(P2)?.items).toEqual(['x']);
  });

  it('keeps writes queued through a 5xx and sends them when the server works again', async () => {
    const server = fakeServer();
    const { save, engine } = await device(server);
    server.state.network = 'fail500';
    expect(await save(put(P1, { revision: 1, name: 'Bad Müller', items: ['a'] }))).toBe(QUEUED);
    expect(await engine.sync()).toBe('serverError');
    expect(engine.status().pending).toBe(1);
    server.state.network = 'up';
    expect(await engine.sync()).toBe('done');
    expect(server.applied).toEqual(['a']);
  });

  it('moves a write the server refuses (4xx) to the failed list with its German message; retry or discard is the user’s', async () => {
    const server = fakeServer();
    const { save, engine } = await device(server);
    server.state.network = 'down';
    await save(put(P1, { revision: 1, name: '', items: ['a'] }));
    await save(put(P2, { revision: 1, name: 'Heizung Schulz', items: ['x'] }));
    server.state.network = 'up';
    expect(await engine.sync()).toBe('done');
    expect(server.applied).toEqual(['x']);
    const [failed] = engine.status().failed;
    expect(failed).toMatchObject({ path: P1, status: 400, message: 'Der Projektname ist erforderlich.' });

    await engine.retry(failed!.key);
    await engine.sync();
    expect(engine.status().failed).toHaveLength(1);
    await engine.discard(engine.status().failed[0]!.key);
    expect(engine.status()).toMatchObject({ pending: 0, failed: [] });
  });

  it('keeps the queue on a 401 (the session ends) until the same user is signed in again', async () => {
    const server = fakeServer();
    const { save, engine, sessionLost, user } = await device(server);
    server.state.network = 'down';
    await save(put(P1, { revision: 1, name: 'Bad Müller', items: ['a'] }));
    server.state.network = 'expired';
    expect(await engine.sync()).toBe('unauthorized');
    expect(sessionLost).toHaveBeenCalled();
    user.id = null;
    expect(await engine.sync()).toBe('unauthorized');
    user.id = 'u-2';
    server.state.network = 'up';
    await engine.startSession('u-2');
    expect(await engine.sync()).toBe('done');
    expect(server.applied).toEqual([]);
    user.id = 'u-1';
    await engine.startSession('u-1');
    expect(await engine.sync()).toBe('done');
    expect(server.applied).toEqual(['a']);
  });

  it("keeps what a read kept before the session's start, and empties another user's reads", async () => {
    // The start's first reads run beside the session check (issue 19): a read waits for the
    // store (`loaded`) before it keeps its answer; the session's start must not empty it after.
    const store = createMemoryStore();
    const user = { id: 'u-1' };
    const engine = new SyncEngine({
      store: Promise.resolve(store),
      api: createApiClient({
        fetch: createFakeFetch({}).fetch,
        deviceId: 'device-1',
        getToken: () => 'token',
        onSessionLost: () => undefined,
      }),
      userId: () => user.id,
      online: () => true,
      newKey: () => `key-${++keyCounter}`,
      onStatus: () => undefined,
      onApplied: () => undefined,
      requestBackgroundSync: () => undefined,
    });
    const kept = await engine.loaded();
    await kept.putRead('/projects', [{ id: 'p1' }]);
    await engine.startSession('u-1');
    expect(await store.getRead('/projects')).toEqual([{ id: 'p1' }]);

    user.id = 'u-2';
    await engine.startSession('u-2');
    expect(await store.getRead('/projects')).toBeUndefined();
  });

  it("keeps the reads of a user who signs in after another one without a logout, and never answers them the other's", async () => {
    // User 1's session ended (401) without a logout: the device's kept reads are still theirs.
    // User 2 signs in; their first reads run before the session's start claims the store.
    const server = fakeServer();
    const factory = new IDBFactory();
    const store = openIndexedDbStore(factory);
    const phone = await device(server, factory, store);
    await phone.engine.startSession('u-1');
    await phone.get(P1);
    await until(async () => (await (await store).getRead(P1)) !== undefined);
    phone.user.id = 'u-2';
    // Offline before the session's start: user 1's copy is not user 2's to see.
    server.state.network = 'down';
    await expect(phone.get(P1)).rejects.toThrow('Der Server ist nicht erreichbar');
    server.state.network = 'up';
    expect(await phone.get<Doc>(P2)).toEqual({ revision: 1, name: 'Heizung Schulz', items: [] });
    await phone.save(put(P2, { revision: 1, name: 'Heizung Schulz', items: ['b'] }));
    await until(async () => ((await (await store).getRead(P2)) as Doc | undefined)?.revision === 2);
    await phone.engine.startSession('u-2');
    server.state.network = 'down';
    expect(await phone.get<Doc>(P2)).toEqual({ revision: 2, name: 'Heizung Schulz', items: ['b'] });
    await expect(phone.get(P1)).rejects.toThrow('Der Server ist nicht erreichbar');
  });

  it("sends no queued write of a user under another user's session, and keeps it for their next login", async () => {
    const server = fakeServer();
    const { save, engine, user } = await device(server);
    await engine.startSession('u-1');
    server.state.network = 'down';
    await save(put(P1, { revision: 1, name: 'Bad Müller', items: ['from u-1'] }));
    // The session of user 1 ends without a logout; user 2 signs in and saves offline too.
    user.id = 'u-2';
    await engine.startSession('u-2');
    await save(put(P2, { revision: 1, name: 'Heizung Schulz', items: ['from u-2'] }));
    expect(engine.status().pending).toBe(1);
    server.state.network = 'up';
    expect(await engine.sync()).toBe('done');
    expect(server.applied).toEqual(['from u-2']);
    expect(server.sentKeys).toHaveLength(1);
    user.id = 'u-1';
    await engine.startSession('u-1');
    expect(engine.status().pending).toBe(1);
    expect(await engine.sync()).toBe('done');
    expect(server.applied).toEqual(['from u-2', 'from u-1']);
  });

  it('lets a write that cannot wait go after the queued ones (order is kept)', async () => {
    const server = fakeServer();
    const { save } = await device(server);
    server.state.network = 'down';
    await save(put(P1, { revision: 1, name: 'Bad Müller', items: ['a'] }));
    server.state.network = 'up';
    await save({ method: 'POST', path: `${P1}/complete` });
    expect(server.applied).toEqual(['a', `complete ${P1}/complete`]);
  });

  it('refuses a write that cannot wait while offline, and queues nothing for it', async () => {
    const server = fakeServer();
    const { save, engine } = await device(server);
    server.state.network = 'down';
    await expect(save({ method: 'POST', path: `${P1}/complete` })).rejects.toThrow('Der Server ist nicht erreichbar');
    expect(engine.status().pending).toBe(0);
  });

  it('keeps the queue across a reload, and reads the queued copy of a document offline', async () => {
    const server = fakeServer();
    const factory = new IDBFactory();
    const first = await device(server, factory);
    expect(await first.get<Doc>(P1)).toEqual({ revision: 1, name: 'Bad Müller', items: [] });
    server.state.network = 'down';
    await first.save(put(P1, { revision: 1, name: 'Bad Müller', items: ['offline'] }));

    const reloaded = await device(server, factory);
    expect(reloaded.engine.status().pending).toBe(1);
    expect(await reloaded.get<Doc>(P1)).toEqual({ revision: 1, name: 'Bad Müller', items: ['offline'] });
    expect(await reloaded.get<Doc>(P2).catch((error: Error) => error.message)).toBe(
      'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.',
    );
    server.state.network = 'up';
    await reloaded.engine.sync();
    expect(server.docs.get(P1)?.items).toEqual(['offline']);
    expect(await reloaded.get<Doc>(P1)).toEqual({ revision: 2, name: 'Bad Müller', items: ['offline'] });
    // The merged document was kept for the next time without network.
    server.state.network = 'down';
    expect(await reloaded.get<Doc>(P1)).toEqual({ revision: 2, name: 'Bad Müller', items: ['offline'] });
  });

  it('does not keep a replayed answer that carries no document (the server kept only its status)', async () => {
    const server = fakeServer();
    const { engine, get } = await device(server);
    await get(P1);
    engine.remember(P1, { replayed: true });
    await engine.loaded();
    server.state.network = 'down';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await get<Doc>(P1)).toEqual({ revision: 1, name: 'Bad Müller', items: [] });
  });

  it('sends a save joined into a queued one before the replay marked it as sent (the lost-write race)', async () => {
    const server = fakeServer();
    const factory = new IDBFactory();
    // A queue change that waits, as a slow IndexedDB transaction does, while the user saves again.
    const gate: { held: Promise<void> | null; reached: () => void } = { held: null, reached: () => undefined };
    const store = openIndexedDbStore(factory).then((opened): LocalStore => ({
      ...opened,
      updateQueue: async (update) => {
        if (gate.held) {
          gate.reached();
          await gate.held;
        }
        return opened.updateQueue(update);
      },
    }));
    const phone = await device(server, factory, store);
    server.state.network = 'down';
    await phone.save(put(P1, { revision: 1, name: 'Bad Müller', items: ['a'] }));
    server.state.network = 'up';
    let release = () => undefined as void;
    gate.held = new Promise((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (gate.reached = resolve));
    // The replay's first queue change waits; the save asks to join the queued one meanwhile; the
    // replay then picks the entry as it knew it, and marks it in the transaction after the join.
    const replaying = phone.engine.sync();
    await reached;
    const joined = phone.save(put(P1, { revision: 1, name: 'Bad Müller', items: ['a', 'b'] }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    gate.held = null;
    release();
    expect(await joined).toBe(QUEUED);
    await replaying;
    await phone.engine.sync();
    expect(server.docs.get(P1)?.items).toEqual(['a', 'b']);
    expect(phone.engine.status()).toMatchObject({ pending: 0, failed: [] });
  });

  it('replays a write that is not a document save only after the saves before it, and the saves after it only after its answer', async () => {
    const P3 = '/projects/7c0e1d2a-1111-4c4c-8a8a-000000000003';
    const server = fakeServer([P3], () => 1);
    const { save, engine } = await device(server);
    server.state.network = 'down';
    await save(put(P1, { revision: 1, name: 'Bad Müller', items: ['a'] }));
    await save(put(P2, { revision: 1, name: 'Heizung Schulz', items: ['x'] }));
    await engine.enqueue({ method: 'POST', path: `${P1}/complete` });
    await save(put(P3, { revision: 1, name: 'Baustelle 3', items: ['z'] }));
    server.state.network = 'up';
    expect(await engine.sync()).toBe('done');
    expect(server.applied.slice(0, 2).sort()).toEqual(['a', 'x']);
    expect(server.applied.slice(2)).toEqual([`complete ${P1}/complete`, 'z']);
    // The two saves before the barrier went at the same time.
    expect(server.flights.most).toBe(2);
  });

  it('empties the local data on logout', async () => {
    const server = fakeServer();
    const factory = new IDBFactory();
    const first = await device(server, factory);
    await first.get(P1);
    server.state.network = 'down';
    await first.save(put(P1, { revision: 1, name: 'Bad Müller', items: ['a'] }));
    await first.engine.clear();
    const reloaded = await device(server, factory);
    expect(reloaded.engine.status().pending).toBe(0);
    await expect(reloaded.get(P1)).rejects.toThrow('Der Server ist nicht erreichbar');
  });
});

describe('the status during a replay (issue 17)', () => {
  it('publishes a replay’s start and end at once, and its progress at most every REPLAY_PROGRESS_MS, not per write', async () => {
    const server = fakeServer();
    const { engine, statuses } = await device(server);
    server.state.network = 'down';
    // Saves sent once whose answers never came: each is replayed on its own.
    for (let index = 0; index < 30; index += 1)
      await engine.enqueue({
        method: 'PUT',
        path: index % 2 === 0 ? P1 : P2,
        body: { revision: 1, name: `Stand ${index}`, items: [] },
        key: `tried-${index}`,
      });
    expect(statuses.at(-1)).toMatchObject({ pending: 30, running: false });
    const before = statuses.length;
    server.state.network = 'up';
    const started = performance.now();
    expect(await engine.sync()).toBe('done');
    const took = performance.now() - started;
    const during = statuses.slice(before);
    expect(during[0]).toMatchObject({ running: true });
    expect(during.at(-1)).toEqual({ pending: 0, failed: [], running: false });
    // The start, the end, and one progress per REPLAY_PROGRESS_MS begun (before: one per answered write).
    expect(during.length).toBeLessThanOrEqual(2 + Math.ceil(took / REPLAY_PROGRESS_MS));
    expect(during.length).toBeLessThan(30);
  });
});

describe('random network failures and random edits', () => {
  it.each([1, 2, 3, 4, 5, 6])('ends with the server holding every change, each once (seed %i)', async (seed) => {
    const next = seededRandom(seed);
    const server = fakeServer();
    const factory = new IDBFactory();
    let phone = await device(server, factory);
    const networks: Network[] = ['up', 'up', 'down', 'loseAnswer', 'fail500'];
    // What the device shows of each project: its last copy plus its own edits.
    const local = new Map<string, Doc>();
    for (const path of [P1, P2]) local.set(path, await phone.get<Doc>(path));
    const made: string[] = [];
    for (let step = 0; step < 60; step += 1) {
      server.state.network = networks[Math.floor(next() * networks.length)]!;
      const roll = next();
      if (roll < 0.7) {
        const path = next() < 0.5 ? P1 : P2;
        const doc = local.get(path)!;
        const item = `${path.slice(-4)}-${step}`;
        made.push(item);
        const edited = { ...doc, items: [...doc.items, item] };
        local.set(path, edited);
        const answer = await phone.save<Doc>(put(path, edited));
        if (!isQueued(answer)) local.set(path, answer);
      } else if (roll < 0.85) {
        await phone.engine.sync();
      } else {
        // The page is reloaded: only what the local store kept survives.
        phone = await device(server, factory);
      }
    }
    server.state.network = 'up';
    await phone.engine.sync();
    expect(phone.engine.status()).toMatchObject({ pending: 0, failed: [] });
    const onServer = [...server.docs.get(P1)!.items, ...server.docs.get(P2)!.items];
    expect([...onServer].sort()).toEqual([...made].sort());
    expect(server.applied.filter((item) => !item.startsWith('complete')).sort()).toEqual([...made].sort());
  });
});

describe('random network failures and random edits of several projects, replayed in lanes (issue 17)', () => {
  const more = [3, 4, 5].map((index) => `/projects/7c0e1d2a-1111-4c4c-8a8a-00000000000${index}`);

  it.each([11, 12, 13, 14])(
    'keeps each project’s order and ends with every change once, at most the lanes in flight (seed %i)',
    async (seed) => {
      const next = seededRandom(seed);
      const latency = seededRandom(seed + 1000);
      const paths = [P1, P2, ...more];
      const server = fakeServer(more, () => Math.floor(latency() * 4));
      const factory = new IDBFactory();
      let phone = await device(server, factory);
      const networks: Network[] = ['up', 'up', 'up', 'down', 'loseAnswer', 'fail500'];
      const local = new Map<string, Doc>();
      for (const path of paths) local.set(path, await phone.get<Doc>(path));
      const made = new Map<string, string[]>(paths.map((path) => [path, []]));
      // Replays run while the user goes on editing; a reload waits for them (the old page is gone).
      let replays: Promise<unknown>[] = [];
      for (let step = 0; step < 80; step += 1) {
        server.state.network = networks[Math.floor(next() * networks.length)]!;
        const roll = next();
        if (roll < 0.6) {
          const path = paths[Math.floor(next() * paths.length)]!;
          const item = `${path.slice(-4)}-${step}`;
          made.get(path)!.push(item);
          const edited = { ...local.get(path)!, items: [...local.get(path)!.items, item] };
          local.set(path, edited);
          const answer = await phone.save<Doc>(put(path, edited));
          if (!isQueued(answer)) local.set(path, answer);
        } else if (roll < 0.85) {
          replays.push(phone.engine.sync());
        } else {
          // The save path starts replays of its own: wait for those too before the page goes.
          await Promise.all([...replays, phone.engine.sync()]);
          replays = [];
          if (roll < 0.93) phone = await device(server, factory);
        }
      }
      await Promise.all(replays);
      server.state.network = 'up';
      expect(await phone.engine.sync()).toBe('done');
      expect(phone.engine.status()).toMatchObject({ pending: 0, failed: [] });
      // Each project holds its changes once, in the order they were made: no save overtook an earlier one.
      for (const path of paths) expect(server.docs.get(path)!.items).toEqual(made.get(path));
      expect(server.flights.sameDocument).toBe(false);
      expect(server.flights.most).toBeLessThanOrEqual(REPLAY_LANES);
      expect(server.flights.most).toBeGreaterThan(1);
    },
  );
});

describe('random network failures, reloads and lost answers with project deltas (issue 17)', () => {
  const path = `/projects/${PROJECT_ID}`;

  /** The fake project server behind a line that fails as `network` says, answering a repeated key with the first answer. */
  function deltaServer() {
    const project = createProjectServer(buildProject(), `/api${path}`);
    const answers = new Map<string, FakeAnswer>();
    const state = { network: 'up' as Network };
    const { fetch } = createFakeFetch(
      Object.fromEntries(
        Object.entries(project.routes).map(([route, handle]) => [
          route,
          (request: FakeRequest): FakeAnswer => {
            if (state.network === 'down') throw new TypeError('Failed to fetch');
            if (state.network === 'fail500') return { status: 503, body: { message: 'Wartung' } };
            const key = request.headers['Idempotency-Key'];
            const answer = (key && answers.get(key)) || handle(request);
            if (key) answers.set(key, answer);
            if (state.network === 'loseAnswer' && request.method !== 'GET') throw new TypeError('connection reset');
            return answer;
          },
        ]),
      ),
    );
    return { project, state, fetch };
  }

  const phoneOn = (server: ReturnType<typeof deltaServer>, factory: IDBFactory) =>
    phoneWith(server.fetch, () => server.state.network !== 'down', factory);

  it.each([1, 2, 3, 4, 5, 6])('ends with the server holding every time entry, each once (seed %i)', async (seed) => {
    const next = seededRandom(seed);
    const server = deltaServer();
    const factory = new IDBFactory();
    let phone = await phoneOn(server, factory);
    // What the saver builds on: the server's copy as answered, or the copy last queued.
    let base = await phone.reads.get<ProjectDocument>(path);
    const made: string[] = [];
    const networks: Network[] = ['up', 'up', 'down', 'loseAnswer', 'fail500'];
    for (let step = 0; step < 60; step += 1) {
      server.state.network = networks[Math.floor(next() * networks.length)]!;
      const roll = next();
      if (roll < 0.7) {
        const id = `eeeeeeee-${String(seed).padStart(4, '0')}-4000-8000-${String(step).padStart(12, '0')}`;
        made.push(id);
        const cards = base.columns.flatMap((column) => column.cards);
        const cardId = cards[Math.floor(next() * cards.length)]!.id;
        const document = produce(base, (draft) => {
          cardIn(draft, cardId)!.card.timeEntries.push({ ...timeEntry(id, 'u-1', 'paula', 0.25), rev: 0 });
        });
        const answer = await phone.save<ProjectChangesDto>({
          ...{ method: 'PATCH', path, body: documentDelta(base, document), queueable: true },
          whenQueued: { base, document },
        });
        base = isQueued(answer) ? document : answeredCopy(base, answer);
      } else if (roll < 0.85) {
        await phone.engine.sync();
      } else {
        // The page is reloaded: only what the local store kept survives; the board reads again.
        phone = await phoneOn(server, factory);
        server.state.network = 'up';
        base = await phone.reads.get<ProjectDocument>(path);
      }
    }
    server.state.network = 'up';
    await phone.engine.sync();
    expect(phone.engine.status()).toMatchObject({ pending: 0, failed: [] });
    const onServer = server.project.document.columns.flatMap((column) =>
      column.cards.flatMap((card) => card.timeEntries.map((entry) => entry.id)),
    );
    expect([...onServer].sort()).toEqual([...made].sort());
    // Every delta that reached the server is on a revision the server had: never a copy's own.
    expect(server.project.deltas.every((delta) => delta.revision <= server.project.document.revision)).toBe(true);
  });
});

describe('a project’s tried saves replayed in one request (issue 17, batch replay)', () => {
  const path = `/projects/${PROJECT_ID}`;

  /** The fake project server (with its batch route unless `withoutBatches`) behind a line that can lose answers or be down. */
  function batchLine({ withoutBatches = false } = {}) {
    const project = createProjectServer(buildProject(), `/api${path}`);
    const line = { loseAnswers: false, down: false };
    const routes = Object.entries(project.routes).filter(([route]) => !withoutBatches || !route.endsWith('/saves'));
    const { fetch, calls } = createFakeFetch(
      Object.fromEntries(
        routes.map(([route, handle]) => [
          route,
          (request: FakeRequest): FakeAnswer => {
            if (line.down) throw new TypeError('Failed to fetch');
            const answer = handle(request);
            if (line.loseAnswers && request.method !== 'GET') throw new TypeError('connection reset');
            return answer;
          },
        ]),
      ),
    );
    return { project, line, fetch, calls };
  }

  const phoneOn = (server: ReturnType<typeof batchLine>, factory: IDBFactory) =>
    phoneWith(server.fetch, () => !server.line.down, factory);

  /** Three saves, each tried once without an answer: each a time entry on the copy the one before made. */
  async function queueTriedSaves(phone: Awaited<ReturnType<typeof phoneOn>>, count = 3) {
    let base = await phone.reads.get<ProjectDocument>(path);
    const cardId = base.columns[0]!.cards[0]!.id;
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const id = `eeeeeeee-0000-4000-8000-${String(index).padStart(12, '0')}`;
      ids.push(id);
      const document = produce(base, (draft) => {
        cardIn(draft, cardId)!.card.timeEntries.push({ ...timeEntry(id, 'u-1', 'paula', 0.25), rev: 0 });
      });
      const key = `tried-${++keyCounter}`;
      await phone.engine.enqueue({ method: 'PATCH', path, body: documentDelta(base, document), key, base, document });
      base = document;
    }
    return ids;
  }

  const entryIds = (document: ProjectDocument) =>
    document.columns.flatMap((column) => column.cards.flatMap((card) => card.timeEntries.map((entry) => entry.id)));

  it('sends them in one request, settles each, and keeps the server’s copy after the last for offline reads', async () => {
    const server = batchLine();
    const phone = await phoneOn(server, new IDBFactory());
    const ids = await queueTriedSaves(phone);
    const queuedKeys = (await (await phone.engine.loaded()).loadQueue()).pending.map((entry) => entry.key);
    expect(queuedKeys).toHaveLength(3);
    const revision = server.project.document.revision;

    expect(await phone.engine.sync()).toBe('done');
    expect(server.project.batches).toEqual([queuedKeys]);
    expect(server.calls(`PATCH /api${path}`)).toHaveLength(0);
    expect(phone.engine.status()).toMatchObject({ pending: 0, failed: [] });
    expect(server.project.document.revision).toBe(revision + 3);
    expect(entryIds(server.project.document)).toEqual(expect.arrayContaining(ids));

    // Offline, the device shows the server's copy after the last save.
    server.line.down = true;
    const offline = await phone.reads.get<ProjectDocument>(path);
    expect(offline.revision).toBe(revision + 3);
    expect(entryIds(offline)).toEqual(expect.arrayContaining(ids));
  });

  it('replays a batch whose answer was lost after a reload, without losing or applying anything twice', async () => {
    const server = batchLine();
    const factory = new IDBFactory();
    const phone = await phoneOn(server, factory);
    const ids = await queueTriedSaves(phone);
    const revision = server.project.document.revision;
    server.line.loseAnswers = true;
    expect(await phone.engine.sync()).toBe('unreachable');
    // The server applied all three; the device knows nothing of it and keeps them.
    expect(server.project.document.revision).toBe(revision + 3);
    expect(phone.engine.status().pending).toBe(3);

    server.line.loseAnswers = false;
    const reloaded = await phoneOn(server, factory);
    expect(await reloaded.engine.sync()).toBe('done');
    expect(server.project.batches).toHaveLength(2);
    expect(server.project.batches[1]).toEqual(server.project.batches[0]);
    expect(reloaded.engine.status()).toMatchObject({ pending: 0, failed: [] });
    expect(server.project.document.revision).toBe(revision + 3);
    expect(server.project.deltas).toHaveLength(3);
    const onServer = entryIds(server.project.document);
    expect(onServer.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
  });

  it('sends them one by one to a server without the batch route', async () => {
    const server = batchLine({ withoutBatches: true });
    const phone = await phoneOn(server, new IDBFactory());
    const ids = await queueTriedSaves(phone);
    expect(await phone.engine.sync()).toBe('done');
    expect(server.calls(`POST /api${path}/saves`)).toHaveLength(1);
    expect(server.calls(`PATCH /api${path}`)).toHaveLength(3);
    expect(phone.engine.status()).toMatchObject({ pending: 0, failed: [] });
    expect(entryIds(server.project.document)).toEqual(expect.arrayContaining(ids));
  });
});
