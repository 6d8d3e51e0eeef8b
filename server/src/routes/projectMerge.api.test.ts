import {
  canDeleteCard,
  de,
  keyBetween,
  keysAfter,
  newId,
  type ProjectDocument,
  randomSeeds,
  type Role,
  seededRandom,
} from '@werkboard/common';
import { newCard } from '../test/projectMergeHarness';
import { User } from '../models';
import { signedIn } from '../test/factories';
import { testServerPerFile } from '../test/testServerPerFile';

/**
 * The merging PUT through HTTP against the real database: the same ideas as the pure
 * tests in server/src/commands/projectMerger.test.ts, but with the store, the version
 * history, the row lock and the JSON round trip in the way.
 */

const t = testServerPerFile({ emptyProjects: true });

interface Client {
  name: string;
  id: string;
  token: string;
  role: Role;
  /** Holds can_edit_projects (the Auszubildender does not). */
  mayEditProject: boolean;
  copy: ProjectDocument;
}

async function put(client: Client, document: ProjectDocument = client.copy): Promise<ProjectDocument> {
  const response = await t.request<ProjectDocument & { message?: string }>('PUT', `/api/projects/${document.id}`, {
    token: client.token,
    body: document,
  });
  if (response.status !== 200)
    throw new Error(`PUT of ${client.name} answered ${response.status}: ${response.body.message}`);
  return response.body;
}

async function read(client: Client, id: string): Promise<ProjectDocument> {
  const response = await t.request<ProjectDocument>('GET', `/api/projects/${id}`, { token: client.token });
  expect(response.status).toBe(200);
  return response.body;
}

const cardsOf = (document: ProjectDocument) => document.columns.flatMap((column) => column.cards);
const findCard = (document: ProjectDocument, id: string) => cardsOf(document).find((item) => item.id === id)!;
const columnOf = (document: ProjectDocument, cardId: string) =>
  document.columns.find((column) => column.cards.some((item) => item.id === cardId));

function moveCard(document: ProjectDocument, cardId: string, toColumn: number) {
  const from = columnOf(document, cardId)!;
  const moving = from.cards.find((item) => item.id === cardId)!;
  from.cards = from.cards.filter((item) => item.id !== cardId);
  const target = document.columns[toColumn]!;
  moving.position = keyBetween(target.cards.at(-1)?.position ?? null, null);
  target.cards.push(moving);
}

function deleteCard(document: ProjectDocument, cardId: string) {
  for (const column of document.columns) column.cards = column.cards.filter((item) => item.id !== cardId);
}

/**
 * A project of a Monteur with four cards in 'To Do', and four signed-in clients: the owner,
 * a Monteur and an Auszubildender in the team, and a Firmenleiter outside it.
 */
async function setUp(): Promise<{ clients: Client[]; projectId: string }> {
  const people = [
    await signedIn(t, 'Monteur'),
    await signedIn(t, 'Monteur'),
    await signedIn(t, 'Auszubildender'),
    await signedIn(t, 'Firmenleiter'),
  ];
  const [owner] = people;
  const created = await t.request<ProjectDocument>('POST', '/api/projects', {
    token: owner!.token,
    body: { name: `Zufall ${newId().slice(0, 8)}` },
  });
  const project = created.body;
  for (const member of people.slice(1, 3))
    await User.sequelize!.query('INSERT INTO project_members (project_id, user_id) VALUES (:p, :u)', {
      replacements: { p: project.id, u: member.user.id },
    });
  project.columns[0]!.cards = keysAfter(null, 4).map((position, index) => newCard(`Aufgabe ${index + 1}`, position));
  const clients = people.map(({ user, token }) => ({
    name: user.username,
    id: user.id,
    token,
    role: user.role,
    mayEditProject: user.role !== 'Auszubildender',
    copy: project,
  }));
  const initial = await put(clients[0]!, project);
  for (const client of clients) client.copy = await read(client, project.id);
  expect(cardsOf(initial)).toHaveLength(4);
  return { clients, projectId: project.id };
}

interface Expected {
  title?: string;
  column?: string;
  deleted?: boolean;
  hours?: number[];
  materials?: string[];
}

describe('a stale copy', () => {
  it('does not revert what someone else changed since, and logs no conflict', async () => {
    const { clients, projectId } = await setUp();
    const [anna, ben] = clients as [Client, Client];
    const [first, second] = cardsOf(anna.copy);
    findCard(anna.copy, first!.id).title = 'Kabel ziehen';
    moveCard(anna.copy, second!.id, 2);
    await put(anna);
    // Ben still holds the copy he read before Anna's write, and changes something else.
    ben.copy.columns[1]!.cards.push(newCard('Von Ben', keyBetween(null, null)));
    const merged = await put(ben);
    expect(findCard(merged, first!.id).title).toBe('Kabel ziehen');
    expect(columnOf(merged, second!.id)!.title).toBe('Erledigt');
    expect(cardsOf(merged).map((item) => item.title)).toContain('Von Ben');
    const log = (await read(clients[0]!, projectId)).changeLog;
    expect(log.filter((entry) => entry.action.includes('überschrieben'))).toEqual([]);
  });

  it('does not bring back a card someone else deleted, and a replay of it changes nothing', async () => {
    const { clients, projectId } = await setUp();
    const [anna, ben] = clients as [Client, Client];
    const [first] = cardsOf(anna.copy);
    deleteCard(anna.copy, first!.id);
    const afterDelete = await put(anna);
    const stale = await put(ben);
    expect(cardsOf(stale).map((item) => item.id)).not.toContain(first!.id);
    expect(stale.revision).toBe(afterDelete.revision);
    expect((await read(anna, projectId)).revision).toBe(afterDelete.revision);
  });
});

describe('the merging PUT over HTTP with random clients', () => {
  it.each(randomSeeds([1, 2, 3, 4, 5, 6, 7, 8], process.env.RANDOM_SEEDS))(
    'never loses a change to an entity only one client touched (seed %i)',
    async (seed) => {
      const rand = seededRandom(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
      const { clients, projectId } = await setUp();
      const untouched = new Map(cardsOf(clients[0]!.copy).map((item) => [item.id, structuredClone(item)]));
      const touched = new Map<string, Set<string>>();
      const expected = new Map<string, Expected>();
      const touch = (id: string, who: string) => {
        untouched.delete(id);
        touched.set(id, (touched.get(id) ?? new Set()).add(who));
      };
      const wanted = (id: string) => expected.get(id) ?? (expected.set(id, {}), expected.get(id)!);
      // Each client first adds a card of its own that no other client touches, so that every
      // seed has changes only one client made to check (with few shared cards, some seeds had none).
      const ownerOf = new Map<string, string>();
      for (const client of clients) {
        const column = pick(client.copy.columns);
        const own = newCard(`eigen ${client.name}`, keyBetween(column.cards.at(-1)?.position ?? null, null));
        column.cards.push(own);
        ownerOf.set(own.id, client.id);
        touch(own.id, client.id);
        Object.assign(wanted(own.id), { title: own.title, column: column.id, deleted: false });
      }

      for (let round = 0; round < 5; round++) {
        for (const client of clients) {
          const { copy } = client;
          const operations = 1 + Math.floor(rand() * 3);
          for (let step = 0; step < operations; step++) {
            const tag = `${client.name} ${round}.${step}`;
            const cards = cardsOf(copy).filter((item) => (ownerOf.get(item.id) ?? client.id) === client.id);
            const operation =
              cards.length === 0
                ? 'add'
                : pick(['add', 'title', 'move', 'time', 'material', 'delete', 'title', 'move'] as const);
            if (operation === 'add') {
              const column = pick(copy.columns);
              const created = newCard(`neu ${tag}`, keyBetween(column.cards.at(-1)?.position ?? null, null));
              column.cards.push(created);
              touch(created.id, client.id);
              Object.assign(wanted(created.id), { title: created.title, column: column.id, deleted: false });
              continue;
            }
            const target = pick(cards);
            touch(target.id, client.id);
            const state = wanted(target.id);
            switch (operation) {
              case 'title':
                target.title = `Titel ${tag}`;
                state.title = target.title;
                break;
              case 'move': {
                const to = Math.floor(rand() * copy.columns.length);
                moveCard(copy, target.id, to);
                state.column = copy.columns[to]!.id;
                break;
              }
              case 'time': {
                const hours = 0.25 * (1 + Math.floor(rand() * 16));
                target.timeEntries.push({
                  id: newId(),
                  rev: 0,
                  userId: client.id,
                  username: client.name,
                  date: '2026-11-20',
                  hours,
                });
                state.hours = [...(state.hours ?? []), hours];
                break;
              }
              case 'material': {
                const name = `Material ${tag}`;
                target.materialEntries.push({ id: newId(), rev: 0, quantity: 1 + round, unit: 'Stk', name });
                state.materials = [...(state.materials ?? []), name];
                break;
              }
              case 'delete':
                // As the board offers it: a card with others' hours only to who may edit the project.
                if (!canDeleteCard(client, target)) break;
                deleteCard(copy, target.id);
                state.deleted = true;
                break;
            }
          }
        }
        // The writes arrive in random order; some clients skip a round (offline) and send later.
        const order = [...clients].sort(() => rand() - 0.5).filter(() => rand() > 0.25);
        for (const client of order) client.copy = await put(client);
      }
      for (const client of clients) client.copy = await put(client);

      const final = await read(clients[0]!, projectId);
      const finalCards = new Map(
        final.columns.flatMap((column) => column.cards.map((item) => [item.id, { item, column: column.id }] as const)),
      );
      let checked = 0;
      for (const [id, who] of touched) {
        if (who.size !== 1) continue;
        checked++;
        const state = expected.get(id)!;
        const found = finalCards.get(id);
        if (state.deleted) {
          expect([id, found]).toEqual([id, undefined]);
          continue;
        }
        expect([id, found !== undefined]).toEqual([id, true]);
        if (state.title !== undefined) expect(found!.item.title).toBe(state.title);
        if (state.column !== undefined) expect(found!.column).toBe(state.column);
        expect(found!.item.timeEntries.map((entry) => entry.hours).sort()).toEqual([...(state.hours ?? [])].sort());
        expect(found!.item.materialEntries.map((entry) => entry.name).sort()).toEqual(
          [...(state.materials ?? [])].sort(),
        );
      }
      // Cards nobody touched are exactly as they were.
      for (const [id, before] of untouched) {
        const found = finalCards.get(id);
        expect(found?.item).toMatchObject({ title: before.title, position: before.position });
      }
      expect(checked).toBeGreaterThanOrEqual(clients.length);
      // Every client ends on the same revision, and a replay of its last write changes nothing.
      const again = await put(clients[1]!);
      expect(again.revision).toBe(final.revision);
    },
    20000,
  );
});

describe('two PUTs at the same moment from the same base', () => {
  it('both keep their changes: different cards, a move, and time entries on the same card', async () => {
    const { clients, projectId } = await setUp();
    const [anna, ben] = clients as [Client, Client];
    const [first, second, third] = cardsOf(anna.copy);
    for (let round = 0; round < 5; round++) {
      const base = await read(anna, projectId);
      const mine = structuredClone(base);
      const theirs = structuredClone(base);
      findCard(mine, first!.id).title = `Anna ${round}`;
      moveCard(theirs, second!.id, (round % 2) + 1);
      const annasEntry = { id: newId(), rev: 0, userId: anna.id, username: anna.name, date: '2026-11-20', hours: 1.5 };
      const bensEntry = { id: newId(), rev: 0, userId: ben.id, username: ben.name, date: '2026-11-21', hours: 2 };
      findCard(mine, third!.id).timeEntries.push(annasEntry);
      findCard(theirs, third!.id).timeEntries.push(bensEntry);
      await Promise.all([put(anna, mine), put(ben, theirs)]);
      const merged = await read(anna, projectId);
      expect(merged.revision).toBe(base.revision + 2);
      expect(findCard(merged, first!.id).title).toBe(`Anna ${round}`);
      expect(columnOf(merged, second!.id)!.id).toBe(merged.columns[(round % 2) + 1]!.id);
      const entries = findCard(merged, third!.id).timeEntries;
      expect(entries).toHaveLength(2 * (round + 1));
      expect(entries.find((entry) => entry.id === annasEntry.id)).toMatchObject({ userId: anna.id, hours: 1.5 });
      expect(entries.find((entry) => entry.id === bensEntry.id)).toMatchObject({ userId: ben.id, hours: 2 });
    }
  });

  it('both changing the same card: one wins and the change log holds the other', async () => {
    const { clients, projectId } = await setUp();
    const [anna, ben] = clients as [Client, Client];
    const base = await read(anna, projectId);
    const target = cardsOf(base)[0]!.id;
    const mine = structuredClone(base);
    const theirs = structuredClone(base);
    findCard(mine, target).title = 'Version Anna';
    findCard(theirs, target).title = 'Version Ben';
    await Promise.all([put(anna, mine), put(ben, theirs)]);
    const merged = await read(anna, projectId);
    const title = findCard(merged, target).title;
    expect(['Version Anna', 'Version Ben']).toContain(title);
    const loser = title === 'Version Anna' ? 'Version Ben' : 'Version Anna';
    const winner = title === 'Version Anna' ? anna : ben;
    const entry = merged.changeLog.find((item) => item.action.includes(loser));
    expect(entry).toMatchObject({ username: winner.name });
    expect(entry!.action).toBe(
      de.projects.log.overwritten(de.projects.entity.card(loser), `title: ${JSON.stringify(loser)}`),
    );
  });
});
