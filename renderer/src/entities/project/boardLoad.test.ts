import type { CardDto, ColumnDto, ProjectDocument } from '@werkboard/common';
import { projectsApi } from '../../api/endpoints/projects';
import { FRESH, readOnce } from '../../api/readOnce';
import { networkFailure } from '../../test/fakeFetch';
import { buildUser } from '../../test/fixtures';
import {
  API_PATH,
  buildCard,
  buildProject,
  member,
  owner,
  PROJECT_ID,
  projectServer,
  timeEntry,
} from '../../test/project';
import { createTestStore } from '../../test/renderApp';
import { seededRandom } from '../../test/seededRandom';
import { loggedIn } from '../session/authSlice';
import { readBoardAhead } from './boardPrefetch';
import { freezeDocument } from './freezeDocument';
import { projectReceived } from './projectSlice';
import { loadProject, openProject } from './projectThunks';

const KEPT_PATH = API_PATH.replace(/^\/api/, '');
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const hex = (random: () => number, length: number) =>
  Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
const uuid = (random: () => number) =>
  `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-8${hex(random, 3)}-${hex(random, 12)}`;

/** A board of random columns and cards, with entries, groups, tags and empty parts. */
function randomBoard(seed: number): ProjectDocument {
  const random = seededRandom(seed);
  const columns: ColumnDto[] = Array.from({ length: 2 + Math.floor(random() * 4) }, (_, columnIndex) => ({
    id: uuid(random),
    rev: Math.floor(random() * 5),
    position: String.fromCharCode(98 + columnIndex),
    title: `Spalte ${columnIndex} ${hex(random, 3)}`,
    cards: Array.from({ length: Math.floor(random() * 120) }, (_, cardIndex): CardDto => {
      const card = buildCard(uuid(random), `Aufgabe ${cardIndex} – ${hex(random, 5)}`, `a${cardIndex}`, {
        description: random() < 0.5 ? '' : `Beschreibung ${hex(random, 20)}`,
        group: random() < 0.25 ? 'Elektro' : null,
        tagIds: random() < 0.3 ? [uuid(random)] : [],
        assignedTo: random() < 0.2 ? member.id : null,
      });
      card.timeEntries = Array.from({ length: Math.floor(random() * 3) }, () =>
        timeEntry(uuid(random), owner.id, owner.username, Math.round(random() * 16) / 4),
      );
      card.materialEntries = Array.from({ length: Math.floor(random() * 2) }, () => ({
        id: uuid(random),
        rev: 0,
        quantity: Math.round(random() * 100) / 10,
        unit: 'm',
        name: `NYM-J ${hex(random, 2)}`,
      }));
      return card;
    }),
  }));
  return buildProject({ columns, cardGroups: ['Elektro'], revision: Math.floor(random() * 100) });
}

function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen);
}

function setup(document: ProjectDocument, user = owner) {
  const context = createTestStore({ fake: projectServer(document), user });
  return { ...context, gets: () => context.fake.calls(`GET ${API_PATH}`).length };
}

describe('opening a board (issue 17, the first screen first)', () => {
  it.each([1, 2, 3])(
    'stores the same document as the read through the cache did, frozen (random board %i)',
    async (seed) => {
      const document = randomBoard(seed);

      const now = setup(document);
      now.store.dispatch(openProject(PROJECT_ID, false));
      await now.store.dispatch(loadProject());

      // The way before: through RTK Query's cache into the slice.
      const before = setup(document);
      before.store.dispatch(openProject(PROJECT_ID, false));
      const read = await readOnce(
        before.store.dispatch(projectsApi.endpoints.projectDocument.initiate(PROJECT_ID, FRESH)),
      );
      before.store.dispatch(projectReceived(read));

      const shown = now.store.getState().project.document;
      expect(shown).toEqual(before.store.getState().project.document);
      expect(shown).toEqual(document);
      expect(isDeepFrozen(shown)).toBe(true);
      // Nothing of the document in the server data cache: the slice alone holds it.
      expect(JSON.stringify(now.store.getState().api.queries)).not.toContain(document.columns[0]!.id);
    },
  );

  it('keeps the board on the device after showing it: offline, the next start finds it', async () => {
    const document = randomBoard(4);
    const online = setup(document);
    online.store.dispatch(openProject(PROJECT_ID, false));
    await online.store.dispatch(loadProject());
    await flush();
    const local = await online.extra.sync.loaded();
    expect(await local.getRead(KEPT_PATH)).toEqual(document);

    // The next start of the same device (its kept reads), the server unreachable now.
    const offline = createTestStore({
      fake: projectServer(document, { [`GET ${API_PATH}`]: networkFailure() }),
      user: owner,
    });
    await (await offline.extra.sync.loaded()).putRead(KEPT_PATH, await local.getRead(KEPT_PATH));
    offline.store.dispatch(openProject(PROJECT_ID, false));
    await offline.store.dispatch(loadProject());
    expect(offline.store.getState().project.status).toBe('loaded');
    expect(offline.store.getState().project.document).toEqual(document);
  });

  it('reads a board ahead of its page once, and only for the user, project and page it was read for', async () => {
    const document = buildProject();
    const ahead = setup(document);
    void ahead.store.dispatch(readBoardAhead(PROJECT_ID));
    await flush();
    expect(ahead.gets()).toBe(1);
    // The page opens and takes the answer read ahead: no second GET.
    ahead.store.dispatch(openProject(PROJECT_ID, false));
    await ahead.store.dispatch(loadProject());
    expect(ahead.gets()).toBe(1);
    expect(ahead.store.getState().project.document).toEqual(document);
    // Taken once: a later load reads the server again.
    await ahead.store.dispatch(loadProject());
    expect(ahead.gets()).toBe(2);

    // An open page reads for itself: nothing ahead.
    void ahead.store.dispatch(readBoardAhead(PROJECT_ID));
    await flush();
    expect(ahead.gets()).toBe(2);

    // Read ahead for another project: the page reads its own.
    const other = setup(document);
    void other.store.dispatch(readBoardAhead('7c0e1d2a-1111-4c4c-8a8a-000000000001'));
    other.store.dispatch(openProject(PROJECT_ID, false));
    await other.store.dispatch(loadProject());
    expect(other.fake.calls(`GET ${API_PATH}`)).toHaveLength(1);
    expect(other.store.getState().project.status).toBe('loaded');

    // Without a signed-in user nothing is read ahead.
    const anonymous = createTestStore({ fake: projectServer(document) });
    void anonymous.store.dispatch(readBoardAhead(PROJECT_ID));
    await flush();
    expect(anonymous.fake.calls(`GET ${API_PATH}`)).toHaveLength(0);
  });

  it('does not show a board read ahead for another user', async () => {
    const document = buildProject();
    const context = setup(document);
    void context.store.dispatch(readBoardAhead(PROJECT_ID));
    // Another account signs in on this browser before the page opens.
    context.store.dispatch(
      loggedIn({ token: 'other', user: buildUser('Monteur', { id: member.id, username: 'max' }) }),
    );
    context.store.dispatch(openProject(PROJECT_ID, false));
    await context.store.dispatch(loadProject());
    expect(context.gets()).toBe(2);
  });
});

describe('freezeDocument', () => {
  it('freezes every part, and leaves parts already frozen alone', () => {
    const kept = Object.freeze({ id: 'a', list: [{ x: 1 }] });
    const document = { columns: [{ cards: [{ tagIds: ['t'], entries: [{ hours: 1 }] }] }], kept };
    expect(freezeDocument(document)).toBe(document);
    expect(isDeepFrozen(document.columns)).toBe(true);
    expect(Object.isFrozen(document)).toBe(true);
    // A frozen part is not walked again (its inside stays as it was).
    expect(Object.isFrozen(kept.list)).toBe(false);
  });
});
