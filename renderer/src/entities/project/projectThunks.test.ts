import type { ProjectChangesDto, ProjectDeltaRequest } from '@werkboard/common';
import { de } from '@werkboard/common';
import { networkFailure } from '../../test/fakeFetch';
import { heldRoute } from '../../test/projectServer';
import { buildUser } from '../../test/fixtures';
import { createTestStore } from '../../test/renderApp';
import { loggedOut, sessionLost } from '../session/authSlice';
import { moveCard, quickMoveCard, renameColumn } from '@werkboard/common';
import { projectsApi } from '../../api/endpoints/projects';
import { initialProjectState } from './projectSlice';
import { isReadOnly } from './projectReadOnly';
import {
  applyEdit,
  changeProjectStatus,
  closeProject,
  loadProject,
  openProject,
  projectRevisionAnnounced,
} from './projectThunks';
import type { MoreRoutes } from '../../test/project';
import { API_PATH, buildProject, CARD, cardIn, COLUMN, owner, PROJECT_ID, projectServer } from '../../test/project';

function setup(routes: MoreRoutes, user = owner, fromArchive = false, document = buildProject()) {
  const fake = projectServer(document, routes);
  const { store, extra } = createTestStore({ fake, user });
  store.dispatch(openProject(PROJECT_ID, fromArchive));
  return { store, extra, fake };
}

/** The project's delta saves wait until the test lets each through. */
function heldSaves() {
  let held: ReturnType<typeof heldRoute> | undefined;
  const routes = ((server) => {
    held = heldRoute(server.routes[`PATCH ${API_PATH}`]!);
    return { [`PATCH ${API_PATH}`]: held.route };
  }) satisfies MoreRoutes;
  return { routes, release: () => held!.release() };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('project thunks: load', () => {
  it('loads the document, or marks it missing (or not on this device), or sends an archived one to the archive', async () => {
    const ok = setup({});
    await ok.store.dispatch(loadProject());
    expect(ok.store.getState().project.status).toBe('loaded');
    expect(ok.store.getState().project.document?.name).toBe('Bad Müller');

    const missing = setup({ [`GET ${API_PATH}`]: { status: 404, body: { message: 'x' } } });
    await missing.store.dispatch(loadProject());
    expect(missing.store.getState().project.status).toBe('missing');

    const offline = setup({ [`GET ${API_PATH}`]: networkFailure() });
    await offline.store.dispatch(loadProject());
    expect(offline.store.getState().project.status).toBe('notOnDevice');

    // Kept on the device from an earlier visit: shown from there, with the local-data banner.
    const kept = setup({ [`GET ${API_PATH}`]: networkFailure() });
    await (
      await kept.extra.sync.loaded()
    ).putRead(API_PATH.replace(/^\/api/, ''), buildProject({ name: 'Bad Müller (lokal)' }));
    await kept.store.dispatch(loadProject());
    expect(kept.store.getState().project.status).toBe('loaded');
    expect(kept.store.getState().project.document?.name).toBe('Bad Müller (lokal)');
    expect(kept.store.getState().sync.showsLocalData).toBe(true);

    const archived = setup({ [`GET ${API_PATH}`]: { body: buildProject({ status: 'archived' }) } });
    await archived.store.dispatch(loadProject());
    expect(archived.store.getState().project.status).toBe('archivedElsewhere');

    const fromArchive = setup({ [`GET ${API_PATH}`]: { body: buildProject({ status: 'archived' }) } }, owner, true);
    await fromArchive.store.dispatch(loadProject());
    expect(fromArchive.store.getState().project.status).toBe('loaded');
    expect(isReadOnly(fromArchive.store.getState(), owner)).toBe(true);
  });
});

describe('project thunks: saving', () => {
  const writes = (fake: ReturnType<typeof setup>['fake']) =>
    fake.requests.filter((request) => request.method !== 'GET');

  it('saves nothing for an edit that changes nothing, and nothing in a read-only project', async () => {
    const { store, fake } = setup({}, owner, false, buildProject({ status: 'completed' }));
    await store.dispatch(loadProject());
    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.cable, 'last')));
    await flush();
    expect(writes(fake)).toHaveLength(0);

    const active = setup({});
    await active.store.dispatch(loadProject());
    const before = active.store.getState().project.document;
    active.store.dispatch(applyEdit((draft) => moveCard(draft, CARD.cable, COLUMN.todo, CARD.socket)));
    expect(active.store.getState().project.document).toBe(before);
    await flush();
    expect(writes(active.fake)).toHaveLength(0);
  });

  it('sends only what changed, keeps the log entries of an edit when it is rebased, and never changes the revision it read', async () => {
    const held = heldSaves();
    const { store, fake } = setup(held.routes);
    await store.dispatch(loadProject());

    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.cable, 'last')));
    store.dispatch(applyEdit((draft) => renameColumn(draft, COLUMN.doing, 'Läuft'), 'extra Eintrag'));
    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.socket, 'second')));
    await flush();
    const patches = () => fake.calls(`PATCH ${API_PATH}`).map((request) => request.body as ProjectDeltaRequest);
    expect(patches()).toHaveLength(1);
    expect(patches()[0]).toMatchObject({ revision: 7, deleted: [], columns: [{ id: COLUMN.done }] });
    expect(patches()[0]!.cards.map((card) => [card.id, card.columnId])).toEqual([[CARD.cable, COLUMN.done]]);
    const localLog = store.getState().project.document!.changeLog.map((entry) => entry.id);
    expect(localLog).toHaveLength(4);

    // Someone else renames a card before the first save arrives: the answer carries both writes.
    fake.server.write((draft) => {
      cardIn(draft, CARD.lamp)!.card.title = 'Leuchten montieren';
    });
    held.release();
    await flush();

    expect(patches()).toHaveLength(2);
    expect(patches()[1]!.revision).toBe(9);
    // The edits still being saved keep their log entries (the first one's is the server's now).
    const shown = store.getState().project.document!;
    expect(shown.changeLog.map((entry) => entry.id)).toEqual(localLog.slice(0, 3));
    expect(shown.changeLog.map((entry) => entry.action)).toEqual([
      'hat die Aufgabe „Steckdosen setzen“ nach „Läuft“ verschoben.',
      'hat die Spalte „In Bearbeitung“ in „Läuft“ umbenannt.',
      'extra Eintrag',
    ]);
    expect(cardIn(shown, CARD.lamp)!.card.title).toBe('Leuchten montieren');

    held.release();
    await flush();
    const saved = fake.server.saved[1]!;
    expect(saved.revision).toBe(9);
    expect(cardIn(saved, CARD.lamp)!.card.title).toBe('Leuchten montieren');
    expect(cardIn(saved, CARD.socket)!.column.id).toBe(COLUMN.doing);
    expect(cardIn(saved, CARD.cable)!.column.id).toBe(COLUMN.done);
    expect(store.getState().project.document!.revision).toBe(10);
    expect(store.getState().project.document).toMatchObject({ columns: fake.server.document.columns });
    expect(patches()).toHaveLength(2);
  });

  it('after a failed save shows the message, reloads, and sends edits made during the reload on top', async () => {
    let reload: ReturnType<typeof heldRoute> | undefined;
    let failed = false;
    const { store, fake, extra } = setup((server) => {
      reload = heldRoute(server.routes[`GET ${API_PATH}`]!);
      return {
        [`GET ${API_PATH}?since=7`]: reload.route,
        [`PATCH ${API_PATH}`]: (request) => {
          if (failed) return server.routes[`PATCH ${API_PATH}`]!(request);
          failed = true;
          return { status: 400, body: { message: 'kaputt' } };
        },
      };
    });
    await store.dispatch(loadProject());
    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.cable, 'last')));
    await flush();
    expect(store.getState().project.saveError).toEqual({ message: de.board.saveFailed, detail: 'kaputt' });

    // While the reload runs, someone else renames a card and the user renames a column.
    fake.server.write((draft) => {
      cardIn(draft, CARD.lamp)!.card.title = 'Leuchten montieren';
    });
    store.dispatch(applyEdit((draft) => renameColumn(draft, COLUMN.todo, 'Offen')));
    // That edit is in this page only until it is sent after the reload: the page asks before closing.
    expect(extra.unsavedWork.busy).toBe(true);
    reload!.release();
    await flush();
    await flush();

    const deltas = fake.calls(`PATCH ${API_PATH}`).map((request) => request.body as ProjectDeltaRequest);
    expect(deltas).toHaveLength(2);
    expect(deltas[1]!.revision).toBe(8);
    const saved = fake.server.saved[0]!;
    expect(saved.columns[0]!.title).toBe('Offen');
    expect(cardIn(saved, CARD.lamp)!.card.title).toBe('Leuchten montieren');
    // The failed move is gone: the server never took it.
    expect(cardIn(saved, CARD.cable)!.column.id).toBe(COLUMN.todo);
    expect(cardIn(fake.server.document, CARD.cable)!.column.id).toBe(COLUMN.todo);
  });

  it('holds the page from an edit until the server answers its save or the queue keeps it', async () => {
    const held = heldSaves();
    const { store, extra } = setup(held.routes);
    await store.dispatch(loadProject());
    expect(extra.unsavedWork.busy).toBe(false);

    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.cable, 'last')));
    // At once, before any request has gone out: closing the page now would lose the edit.
    expect(extra.unsavedWork.busy).toBe(true);
    await flush();
    // An edit behind the running save is held with it.
    store.dispatch(applyEdit((draft) => renameColumn(draft, COLUMN.todo, 'Offen')));
    held.release();
    await flush();
    expect(extra.unsavedWork.busy).toBe(true);
    held.release();
    await flush();
    expect(extra.unsavedWork.busy).toBe(false);

    const offline = setup({ [`PATCH ${API_PATH}`]: networkFailure() });
    await offline.store.dispatch(loadProject());
    offline.store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.cable, 'last')));
    expect(offline.extra.unsavedWork.busy).toBe(true);
    await flush();
    await flush();
    // Kept in the device's queue: nothing is lost when the page closes now.
    expect(offline.store.getState().sync.pending).toBe(1);
    expect(offline.extra.unsavedWork.busy).toBe(false);
  });

  it('lets a list of projects on screen read again once the server has a save, not before', async () => {
    const held = heldSaves();
    const { store, fake } = setup((server) => ({
      ...held.routes(server),
      'GET /api/projects': { body: [] },
      'GET /api/appointments': { body: [] },
    }));
    await store.dispatch(loadProject());
    // The dashboard, opened while the save is on its way: its list has read the old state.
    const list = store.dispatch(projectsApi.endpoints.projects.initiate());
    await list;
    expect(fake.calls('GET /api/projects')).toHaveLength(1);

    store.dispatch(applyEdit((draft) => renameColumn(draft, COLUMN.todo, 'Offen')));
    await flush();
    expect(fake.calls('GET /api/projects')).toHaveLength(1);
    held.release();
    await flush();
    await flush();
    expect(fake.calls('GET /api/projects')).toHaveLength(2);
    list.unsubscribe();
  });

  it('keeps an edit whose save finds no server on screen and in the sync queue, without an error', async () => {
    const { store, extra } = setup({ [`PATCH ${API_PATH}`]: networkFailure() });
    await store.dispatch(loadProject());
    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.cable, 'last')));
    await flush();
    await flush();
    expect(store.getState().project.saveError).toBeNull();
    expect(cardIn(store.getState().project.document!, CARD.cable)!.column.id).toBe(COLUMN.done);
    expect(store.getState().sync.pending).toBe(1);
    expect(extra.sync.pendingDocument(API_PATH.replace(/^\/api/, ''))).toEqual(store.getState().project.document);
  });
});

describe('project thunks: a revision announced by the live stream', () => {
  const reads = (fake: ReturnType<typeof setup>['fake']) =>
    fake.requests.filter((request) => request.method === 'GET' && request.url.startsWith(API_PATH));

  it("shows another user's newer revision and keeps one's own edit that is still being saved on top", async () => {
    const held = heldSaves();
    const { store, fake } = setup(held.routes);
    await store.dispatch(loadProject());

    // Someone else renamed a card (revision 8); this user moves another one meanwhile.
    fake.server.write((draft) => {
      cardIn(draft, CARD.lamp)!.card.title = 'Leuchten montieren';
    });
    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.cable, 'last')));
    await flush();
    const announced = store.dispatch(projectRevisionAnnounced(PROJECT_ID, 8));
    // No read while the user's own save is in flight: its answer is newer than any read now.
    await flush();
    expect(reads(fake)).toHaveLength(1);
    expect(cardIn(store.getState().project.document!, CARD.cable)!.column.id).toBe(COLUMN.done);

    // The save's answer (revision 9) carries the other user's rename as well.
    held.release();
    await announced;
    expect(reads(fake)).toHaveLength(1);

    const shown = store.getState().project.document!;
    expect(shown.revision).toBe(9);
    expect(cardIn(shown, CARD.lamp)!.card.title).toBe('Leuchten montieren');
    expect(cardIn(shown, CARD.cable)!.column.id).toBe(COLUMN.done);
  });

  it('reads what changed in a newer revision of the open project, and ignores other projects and older revisions', async () => {
    const { store, fake } = setup({});
    await store.dispatch(loadProject());
    await store.dispatch(projectRevisionAnnounced('another-project', 99));
    await store.dispatch(projectRevisionAnnounced(PROJECT_ID, 7));
    expect(reads(fake)).toHaveLength(1);

    fake.server.write((draft) => {
      draft.name = 'Von Kollegen umbenannt';
      cardIn(draft, CARD.lamp)!.card.title = 'Leuchten montieren';
    });
    await store.dispatch(projectRevisionAnnounced(PROJECT_ID, 8));
    await flush();
    expect(reads(fake).map((request) => request.url)).toEqual([API_PATH, `${API_PATH}?since=7`]);
    expect(store.getState().project.document).toMatchObject({ revision: 8, name: 'Von Kollegen umbenannt' });
    expect(store.getState().project.document).toEqual(fake.server.document);
  });

  it('replaces the board with the whole document when the server answers one, and saves on top of it', async () => {
    const imported = buildProject({ revision: 12, name: 'Importiert' });
    cardIn(imported, CARD.socket)!.card.title = 'Steckdosen (Import)';
    const { store, fake } = setup({
      [`GET ${API_PATH}?since=7`]: { body: { kind: 'document', document: imported } satisfies ProjectChangesDto },
    });
    await store.dispatch(loadProject());
    await store.dispatch(projectRevisionAnnounced(PROJECT_ID, 12));
    expect(store.getState().project.document).toEqual(imported);

    // The server's copy here was not the one answered: its history cannot make a delta, so a
    // base revision it never had gets the whole document back.
    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.cable, 'last')));
    await flush();
    const delta = fake.calls(`PATCH ${API_PATH}`)[0]!.body as ProjectDeltaRequest;
    expect(delta.revision).toBe(12);
    expect(delta.cards.map((card) => card.id)).toEqual([CARD.cable]);
  });
});

describe('project thunks: status', () => {
  it('completes through its route after the running save, and archives', async () => {
    const completed = buildProject({ status: 'completed', revision: 9 });
    const { store, fake } = setup({
      [`POST ${API_PATH}/complete`]: { body: completed },
      [`DELETE ${API_PATH}`]: { body: { message: 'Projekt wurde archiviert.' } },
    });
    await store.dispatch(loadProject());
    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.cable, 'last')));
    await store.dispatch(changeProjectStatus('complete'));
    expect(fake.requests.map((request) => request.method)).toEqual(['GET', 'PATCH', 'POST']);
    expect(store.getState().project.document!.status).toBe('completed');
    expect(isReadOnly(store.getState(), owner)).toBe(true);

    await store.dispatch(changeProjectStatus('archive'));
    expect(store.getState().project.status).toBe('archivedAway');
  });

  it('rejects with the server message or the spec fallback', async () => {
    const { store } = setup({
      [`POST ${API_PATH}/reopen`]: { status: 403, body: { message: 'Keine Berechtigung für diese Aktion.' } },
      [`POST ${API_PATH}/complete`]: networkFailure(),
    });
    await store.dispatch(loadProject());
    await expect(store.dispatch(changeProjectStatus('reopen'))).rejects.toThrow('Keine Berechtigung für diese Aktion.');
    await expect(store.dispatch(changeProjectStatus('complete'))).rejects.toThrow(de.projects.completeFailed);
    const monteur = buildUser('Monteur');
    expect(isReadOnly(store.getState(), monteur)).toBe(true);
  });
});

describe('project thunks: open and close', () => {
  const OTHER_ID = 'aaaaaaaa-0000-4000-8000-000000000002';

  it('empties the slice when the page closes, another project opens or the session ends', async () => {
    const { store } = setup({});
    const loaded = async () => {
      store.dispatch(openProject(PROJECT_ID, false));
      await store.dispatch(loadProject());
      expect(store.getState().project.document?.name).toBe('Bad Müller');
    };

    await loaded();
    store.dispatch(closeProject());
    expect(store.getState().project).toEqual(initialProjectState('', false));

    await loaded();
    store.dispatch(openProject(OTHER_ID, true));
    expect(store.getState().project).toEqual(initialProjectState(OTHER_ID, true));

    await loaded();
    store.dispatch(loggedOut());
    expect(store.getState().project).toEqual(initialProjectState('', false));

    await loaded();
    store.dispatch(sessionLost());
    expect(store.getState().project).toEqual(initialProjectState('', false));
  });

  it('still saves the edits of a closed page, and leaves the next project alone', async () => {
    const held = heldSaves();
    const { store, fake } = setup(held.routes);
    await store.dispatch(loadProject());
    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.cable, 'last')));
    store.dispatch(applyEdit((draft) => renameColumn(draft, COLUMN.doing, 'Läuft')));
    await flush();
    const patches = () => fake.calls(`PATCH ${API_PATH}`).map((request) => request.body as ProjectDeltaRequest);
    expect(patches()).toHaveLength(1);

    // The page closes while the first save is in flight; the user opens another project.
    store.dispatch(closeProject());
    store.dispatch(openProject(OTHER_ID, false));
    held.release();
    await flush();

    expect(patches()).toHaveLength(2);
    expect(patches()[1]!.revision).toBe(8);
    // Only the rename: the move is the server's already.
    expect(patches()[1]!.columns.map((col) => col.title)).toEqual(['Läuft']);
    expect(patches()[1]!.cards).toEqual([]);
    held.release();
    await flush();
    const saved = fake.server.saved[1]!;
    expect(saved.columns[1]!.title).toBe('Läuft');
    expect(cardIn(saved, CARD.cable)!.column.id).toBe(COLUMN.done);
    expect(fake.server.document.revision).toBe(9);
    expect(store.getState().project).toEqual(initialProjectState(OTHER_ID, false));
  });
});

describe("project thunks: the device's copy after saves", () => {
  it('keeps the answers beside the copy read, not the whole document, and a reload without a connection shows what was saved', async () => {
    let offline = false;
    const routes: MoreRoutes = (server) => {
      const get = server.routes[`GET ${API_PATH}`]!;
      return {
        [`GET ${API_PATH}`]: (request) =>
          offline ? Promise.reject(new TypeError('Failed to fetch')) : typeof get === 'function' ? get(request) : get,
      };
    };
    const { store, extra, fake } = setup(routes);
    const local = await extra.sync.loaded();
    const written: string[] = [];
    const putRead = local.putRead.bind(local);
    local.putRead = (path, value) => {
      written.push(path);
      return putRead(path, value);
    };
    // Saves' answers are merged into what is stored in one transaction (keptDocuments.ts).
    const updateReads = local.updateReads.bind(local);
    local.updateReads = (paths, update) =>
      updateReads(paths, (first) => {
        const writes = update(first);
        written.push(...writes.keys());
        return writes;
      });
    await store.dispatch(loadProject());
    expect(written).toEqual(['/projects/' + PROJECT_ID]);

    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.cable, 'last')));
    await extra.projectSavers.current!.settled();
    store.dispatch(applyEdit((draft) => renameColumn(draft, COLUMN.doing, 'Läuft')));
    await extra.projectSavers.current!.settled();
    await flush();
    // Two saves answered: their changes kept beside the copy, the whole document not written again.
    expect(fake.calls(`PATCH ${API_PATH}`)).toHaveLength(2);
    expect(written.slice(1)).toEqual([`/projects/${PROJECT_ID}#changes`, `/projects/${PROJECT_ID}#changes`]);
    expect((await local.getRead(`/projects/${PROJECT_ID}`)) as { revision: number }).toMatchObject({ revision: 7 });

    // The page again, without a connection: the board shows both saves, from the device.
    offline = true;
    store.dispatch(closeProject());
    store.dispatch(openProject(PROJECT_ID, false));
    await store.dispatch(loadProject());
    const shown = store.getState().project.document!;
    expect(store.getState().sync.showsLocalData).toBe(true);
    expect(shown.revision).toBe(fake.server.document.revision);
    expect(shown.columns).toEqual(fake.server.document.columns);
    expect(cardIn(shown, CARD.cable)!.column.id).toBe(COLUMN.done);
    expect(shown.columns.find((column) => column.id === COLUMN.doing)!.title).toBe('Läuft');
  });
});
