import type { ProjectChangesDto, ProjectDeltaDto, ProjectDocument } from '@werkboard/common';
import { applyProjectDelta } from '@werkboard/common';
import { IDBFactory } from 'fake-indexeddb';
import { createProjectServer } from '../test/projectServer';
import { API_PATH, buildProject, CARD, cardIn, COLUMN } from '../test/project';
import type { LocalStore } from './localStore';
import { createMemoryStore, openIndexedDbStore } from './localStore';
import { noteKept } from './localStore/keptRevisions';
import { changesPath } from './localStore/readLocation';
import { KEPT_CHANGES_LIMIT, keepDocument, keptDocument, mergeChanges } from './keptDocuments';

const PATH = API_PATH.replace(/^\/api/, '');

/** A server with the test project at revision 7, and what changed since a revision, as its GET ?since answers. */
function server() {
  const fake = createProjectServer(buildProject(), API_PATH);
  const since = (revision: number) =>
    fake.routes[`GET ${API_PATH}`]!({
      method: 'GET',
      url: `${API_PATH}?since=${revision}`,
      headers: {},
      body: undefined,
    }).body as ProjectChangesDto;
  const delta = (revision: number) => since(revision) as ProjectDeltaDto;
  return { fake, delta };
}

/** A store that counts what is written where. */
function countingStore(): { store: LocalStore; written: string[] } {
  const store = createMemoryStore();
  const written: string[] = [];
  const putRead = store.putRead.bind(store);
  store.putRead = (path, value) => {
    written.push(path);
    return putRead(path, value);
  };
  const updateReads = store.updateReads.bind(store);
  store.updateReads = (paths, update) =>
    updateReads(paths, (first) => {
      const writes = update(first);
      written.push(...writes.keys());
      return writes;
    });
  return { store, written };
}

const rename = (title: string) => (draft: ProjectDocument) => {
  cardIn(draft, CARD.cable)!.card.title = title;
};

describe('kept documents: the changes of saves beside the kept copy', () => {
  it('keeps chained answers as one delta beside the copy, and a read applies it', async () => {
    const { fake, delta } = server();
    const { store, written } = countingStore();
    await store.putRead(PATH, fake.document);
    noteKept(store, PATH, fake.document);

    fake.write(rename('Kabel ziehen (1)'));
    await keepDocument(store, PATH, fake.document, delta(7));
    fake.write((draft) => {
      const card = cardIn(draft, CARD.lamp)!;
      card.column.cards.splice(card.column.cards.indexOf(card.card), 1);
    });
    await keepDocument(store, PATH, fake.document, delta(8));

    expect(written).toEqual([PATH, changesPath(PATH), changesPath(PATH)]);
    expect(((await store.getRead(PATH)) as ProjectDocument).revision).toBe(7);
    const kept = await keptDocument(store, PATH);
    expect(kept).toEqual(fake.document);
    expect(cardIn(kept!, CARD.cable)!.card.title).toBe('Kabel ziehen (1)');
    expect(cardIn(kept!, CARD.lamp)).toBeNull();
  });

  it('writes the whole document when the answer does not chain onto a kept copy, or is a whole document, or the changes grow too large', async () => {
    const { fake, delta } = server();
    const unknown = countingStore();
    // No copy this page knows of: the delta could not be applied to anything.
    fake.write(rename('A'));
    await keepDocument(unknown.store, PATH, fake.document, delta(7));
    // The whole copy, and beside it its revision (changes that change nothing).
    const whole = [PATH, changesPath(PATH)];
    expect(unknown.written).toEqual(whole);
    expect(await keptDocument(unknown.store, PATH)).toEqual(fake.document);

    // A gap: the kept copy is at 8, the answer starts at 9.
    fake.write(rename('B'));
    fake.write(rename('C'));
    await keepDocument(unknown.store, PATH, fake.document, delta(9));
    expect(unknown.written).toEqual([...whole, ...whole]);
    expect(await keptDocument(unknown.store, PATH)).toEqual(fake.document);

    // A whole document as the answer (the history did not reach back); at a revision kept already, nothing.
    fake.write(rename('C2'));
    await keepDocument(unknown.store, PATH, fake.document, { kind: 'document', document: fake.document });
    expect(unknown.written).toEqual([...whole, ...whole, ...whole]);
    await keepDocument(unknown.store, PATH, fake.document, { kind: 'document', document: fake.document });
    expect(unknown.written).toEqual([...whole, ...whole, ...whole]);
    expect(await keptDocument(unknown.store, PATH)).toEqual(fake.document);

    // More entities than the limit: the whole document, and the changes start anew after it.
    const big = countingStore();
    await big.store.putRead(PATH, fake.document);
    noteKept(big.store, PATH, fake.document);
    const revision = fake.document.revision;
    fake.write(rename('D'));
    const huge = { ...delta(revision), deleted: Array.from({ length: KEPT_CHANGES_LIMIT }, (_, index) => `x${index}`) };
    await keepDocument(big.store, PATH, fake.document, huge);
    expect(big.written).toEqual([PATH, ...whole]);
    fake.write(rename('E'));
    await keepDocument(big.store, PATH, fake.document, delta(revision + 1));
    expect(big.written).toEqual([PATH, ...whole, changesPath(PATH)]);
    expect(await keptDocument(big.store, PATH)).toEqual(fake.document);
  });

  it('leaves the kept copy as it is when the changes beside it are older than it or start after it', async () => {
    const { fake, delta } = server();
    const { store } = countingStore();
    await store.putRead(PATH, fake.document);
    noteKept(store, PATH, fake.document);
    fake.write(rename('Neu'));
    await keepDocument(store, PATH, fake.document, delta(7));
    // A newer whole copy (another tab, the dashboard's keeping for offline): the changes are older.
    fake.write(rename('Neuer'));
    await store.putRead(PATH, fake.document);
    expect(await keptDocument(store, PATH)).toEqual(fake.document);
    // Changes that start after the copy cannot be applied to it.
    await store.putRead(changesPath(PATH), { ...delta(8), since: 20, revision: 21 });
    expect(await keptDocument(store, PATH)).toEqual(fake.document);
  });
});

describe('mergeChanges', () => {
  it('joins chained deltas (a later deletion wins over an earlier change) and refuses a gap or a wrong order', () => {
    const { fake, delta } = server();
    const base = fake.document;
    fake.write(rename('Eins'));
    fake.write((draft) => {
      const { column, card } = cardIn(draft, CARD.socket)!;
      column.cards.splice(column.cards.indexOf(card), 1);
    });
    const first = delta(7);
    fake.write((draft) => {
      const { column, card } = cardIn(draft, CARD.cable)!;
      column.cards.splice(column.cards.indexOf(card), 1);
      draft.columns.find((each) => each.id === COLUMN.todo)!.title = 'Offen';
    });
    const second = delta(9);
    const merged = mergeChanges(first, second)!;
    expect(merged).toMatchObject({ since: 7, revision: 10 });
    expect(merged.cards.map((card) => card.id)).not.toContain(CARD.cable);
    expect(merged.deleted).toEqual(expect.arrayContaining([CARD.socket, CARD.cable]));
    expect(mergeChanges(first, { ...second, since: 11 })).toBeNull();
    expect(mergeChanges(second, first)).toBeNull();
    // Applied to the copy at 7, the merged delta gives the server's copy at 10.
    expect(applyProjectDelta(base, merged).columns).toEqual(fake.document.columns);
  });
});

describe('kept documents: two tabs of one device', () => {
  /** Two tabs: two connections to one IndexedDB database, each page with its own memory (modules are per page). */
  async function twoTabs() {
    const factory = new IDBFactory();
    const { fake, delta } = server();
    const first = await openIndexedDbStore(factory);
    const second = await openIndexedDbStore(factory);
    await first.putRead(PATH, fake.document);
    for (const store of [first, second]) noteKept(store, PATH, fake.document);
    return { fake, delta, first, second };
  }

  it('never replaces newer changes by an older answer written last, in either order', async () => {
    for (const olderLast of [true, false]) {
      const { fake, delta, first, second } = await twoTabs();
      fake.write(rename('Erster Tab'));
      const older = { document: fake.document, changes: delta(7) };
      fake.write(rename('Zweiter Tab'));
      const newer = { document: fake.document, changes: delta(7) };
      // Both writes in flight at once; IndexedDB runs them in the order they were started.
      const writes = [
        () => keepDocument(second, PATH, newer.document, newer.changes),
        () => keepDocument(first, PATH, older.document, older.changes),
      ];
      await Promise.all((olderLast ? writes : writes.reverse()).map((write) => write()));
      for (const store of [first, second]) expect(await keptDocument(store, PATH)).toEqual(newer.document);
    }
  });

  it('merges an answer into the changes another tab kept, instead of writing over them', async () => {
    const { fake, delta, first, second } = await twoTabs();
    // The first tab keeps its answers 7 → 8 and 8 → 9; meanwhile the second keeps 7 → 10.
    fake.write(rename('Eins'));
    await keepDocument(first, PATH, fake.document, delta(7));
    fake.write((draft) => {
      draft.columns.find((column) => column.id === COLUMN.todo)!.title = 'Offen';
    });
    const nine = { document: fake.document, changes: delta(8) };
    fake.write((draft) => {
      const { column, card } = cardIn(draft, CARD.lamp)!;
      column.cards.splice(column.cards.indexOf(card), 1);
    });
    await keepDocument(second, PATH, fake.document, delta(7));
    // The first tab's answer to 9 arrives last: the kept changes still reach 10.
    await keepDocument(first, PATH, nine.document, nine.changes);
    expect(await keptDocument(first, PATH)).toEqual(fake.document);
    // The second tab's next answer (10 → 11) chains onto what the first tab wrote.
    fake.write(rename('Elf'));
    await keepDocument(second, PATH, fake.document, delta(10));
    const kept = await keptDocument(first, PATH);
    expect(kept).toEqual(fake.document);
    expect(cardIn(kept!, CARD.lamp)).toBeNull();
    expect(((await first.getRead(PATH)) as ProjectDocument).revision).toBe(7);
  });
});
