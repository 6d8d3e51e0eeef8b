import type { ProjectDocument } from '@werkboard/common';
import { de } from '@werkboard/common';
import type { FakeAnswer, FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch, networkFailure } from '../../test/fakeFetch';
import { buildUser } from '../../test/fixtures';
import { createTestStore } from '../../test/renderApp';
import { loggedOut, sessionLost } from '../session/authSlice';
import { moveCard, quickMoveCard, renameColumn } from '@werkboard/common';
import { initialProjectState, isReadOnly } from './projectSlice';
import {
  applyEdit,
  changeProjectStatus,
  closeProject,
  loadProject,
  openProject,
  projectRevisionAnnounced,
} from './projectThunks';
import {
  API_PATH,
  buildProject,
  CARD,
  cardIn,
  COLUMN,
  echoPut,
  owner,
  PROJECT_ID,
  putBodies,
} from '../../test/project';

function setup(routes: Record<string, FakeRoute>, user = owner, fromArchive = false) {
  const fake = createFakeFetch({
    [`GET ${API_PATH}`]: { body: buildProject() },
    [`PUT ${API_PATH}`]: echoPut,
    ...routes,
  });
  const { store, extra } = createTestStore({ fake, user });
  store.dispatch(openProject(PROJECT_ID, fromArchive));
  return { store, extra, fake };
}

function deferredPuts() {
  const answers: ((answer: FakeAnswer) => void)[] = [];
  const route: FakeRoute = () => new Promise<FakeAnswer>((resolve) => answers.push(resolve));
  return { answers, route };
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
  it('saves nothing for an edit that changes nothing, and nothing in a read-only project', async () => {
    const { store, fake } = setup({ [`GET ${API_PATH}`]: { body: buildProject({ status: 'completed' }) } });
    await store.dispatch(loadProject());
    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.cable, 'last')));
    await flush();
    expect(putBodies(fake)).toHaveLength(0);

    const active = setup({});
    await active.store.dispatch(loadProject());
    const before = active.store.getState().project.document;
    active.store.dispatch(applyEdit((draft) => moveCard(draft, CARD.cable, COLUMN.todo, CARD.socket)));
    expect(active.store.getState().project.document).toBe(before);
    await flush();
    expect(putBodies(active.fake)).toHaveLength(0);
  });

  it('keeps the log entries of an edit when it is rebased, and never changes the revision it read', async () => {
    const { answers, route } = deferredPuts();
    const { store, fake } = setup({ [`PUT ${API_PATH}`]: route });
    await store.dispatch(loadProject());

    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.cable, 'last')));
    store.dispatch(applyEdit((draft) => renameColumn(draft, COLUMN.doing, 'Läuft'), 'extra Eintrag'));
    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.socket, 'second')));
    await flush();
    expect(putBodies(fake)).toHaveLength(1);
    expect(putBodies(fake)[0]!.revision).toBe(7);
    const localLog = store.getState().project.document!.changeLog.map((entry) => entry.id);
    expect(localLog).toHaveLength(4);

    // The server answers the first PUT with someone else's rename of the card.
    const answer = putBodies(fake)[0]!;
    const merged: ProjectDocument = JSON.parse(JSON.stringify(answer)) as ProjectDocument;
    merged.revision = 9;
    cardIn(merged, CARD.lamp)!.card.title = 'Leuchten montieren';
    answers[0]!({ body: merged });
    await flush();

    expect(putBodies(fake)).toHaveLength(2);
    const second = putBodies(fake)[1]!;
    expect(second.revision).toBe(9);
    expect(second.changeLog.map((entry) => entry.id)).toEqual(localLog);
    expect(second.changeLog.map((entry) => entry.action)).toEqual([
      'hat die Aufgabe „Steckdosen setzen“ nach „Läuft“ verschoben.',
      'hat die Spalte „In Bearbeitung“ in „Läuft“ umbenannt.',
      'extra Eintrag',
      'hat die Aufgabe „Kabel ziehen“ nach „Erledigt“ verschoben.',
    ]);
    expect(cardIn(second, CARD.lamp)!.card.title).toBe('Leuchten montieren');
    expect(cardIn(second, CARD.socket)!.column.id).toBe(COLUMN.doing);

    answers[1]!({ body: { ...second, revision: 10 } });
    await flush();
    expect(store.getState().project.document!.revision).toBe(10);
    expect(putBodies(fake)).toHaveLength(2);
  });

  it('after a failed save shows the message, reloads, and sends edits made during the reload on top', async () => {
    let reloads = 0;
    let resolveReload: (answer: FakeAnswer) => void = () => undefined;
    const { store, fake } = setup({
      [`GET ${API_PATH}`]: () => {
        reloads += 1;
        return reloads === 1
          ? { body: buildProject() }
          : new Promise<FakeAnswer>((resolve) => (resolveReload = resolve));
      },
      [`PUT ${API_PATH}`]: (request) =>
        putBodies(fake).length === 1 ? { status: 400, body: { message: 'kaputt' } } : echoPut(request),
    });
    await store.dispatch(loadProject());
    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.cable, 'last')));
    await flush();
    expect(store.getState().project.saveError).toEqual({ message: de.board.saveFailed, detail: 'kaputt' });

    // While the reload runs, the user renames a column.
    store.dispatch(applyEdit((draft) => renameColumn(draft, COLUMN.todo, 'Offen')));
    resolveReload({ body: buildProject({ revision: 11 }) });
    await flush();
    await flush();

    const bodies = putBodies(fake);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.revision).toBe(11);
    expect(bodies[1]!.columns[0]!.title).toBe('Offen');
    // The failed move is gone: the server never took it.
    expect(cardIn(bodies[1]!, CARD.cable)!.column.id).toBe(COLUMN.todo);
  });

  it('keeps an edit whose save finds no server on screen and in the sync queue, without an error', async () => {
    const { store, extra } = setup({
      [`GET ${API_PATH}`]: { body: buildProject() },
      [`PUT ${API_PATH}`]: networkFailure(),
    });
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
  it("shows another user's newer revision and keeps one's own edit that is still being saved on top", async () => {
    const { answers, route } = deferredPuts();
    let serverCopy = buildProject();
    const { store, fake } = setup({ [`GET ${API_PATH}`]: () => ({ body: serverCopy }), [`PUT ${API_PATH}`]: route });
    await store.dispatch(loadProject());

    // Someone else renamed a card (revision 8); this user moves another one meanwhile.
    serverCopy = buildProject({ revision: 8 });
    cardIn(serverCopy, CARD.lamp)!.card.title = 'Leuchten montieren';
    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.cable, 'last')));
    await flush();
    const announced = store.dispatch(projectRevisionAnnounced(PROJECT_ID, 8));
    // No read while the user's own save is in flight: its answer is newer than any read now.
    await flush();
    expect(fake.calls(`GET ${API_PATH}`)).toHaveLength(1);
    expect(cardIn(store.getState().project.document!, CARD.cable)!.column.id).toBe(COLUMN.done);

    // The save's answer is the merge (revision 9) and contains the other user's rename already.
    const merged = JSON.parse(JSON.stringify(putBodies(fake)[0]!)) as ProjectDocument;
    merged.revision = 9;
    cardIn(merged, CARD.lamp)!.card.title = 'Leuchten montieren';
    answers[0]!({ body: merged });
    await announced;
    expect(fake.calls(`GET ${API_PATH}`)).toHaveLength(1);

    const shown = store.getState().project.document!;
    expect(shown.revision).toBe(9);
    expect(cardIn(shown, CARD.lamp)!.card.title).toBe('Leuchten montieren');
    expect(cardIn(shown, CARD.cable)!.column.id).toBe(COLUMN.done);
  });

  it('reads a newer revision of the open project, and ignores other projects and older revisions', async () => {
    let serverCopy = buildProject();
    const { store, fake } = setup({ [`GET ${API_PATH}`]: () => ({ body: serverCopy }) });
    await store.dispatch(loadProject());
    await store.dispatch(projectRevisionAnnounced('another-project', 99));
    await store.dispatch(projectRevisionAnnounced(PROJECT_ID, 7));
    expect(fake.calls(`GET ${API_PATH}`)).toHaveLength(1);

    serverCopy = buildProject({ revision: 8, name: 'Von Kollegen umbenannt' });
    await store.dispatch(projectRevisionAnnounced(PROJECT_ID, 8));
    await flush();
    expect(fake.calls(`GET ${API_PATH}`)).toHaveLength(2);
    expect(store.getState().project.document).toMatchObject({ revision: 8, name: 'Von Kollegen umbenannt' });
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
    expect(fake.requests.map((request) => request.method)).toEqual(['GET', 'PUT', 'POST']);
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
    const { answers, route } = deferredPuts();
    const { store, fake } = setup({ [`PUT ${API_PATH}`]: route });
    await store.dispatch(loadProject());
    store.dispatch(applyEdit((draft) => quickMoveCard(draft, CARD.cable, 'last')));
    store.dispatch(applyEdit((draft) => renameColumn(draft, COLUMN.doing, 'Läuft')));
    await flush();
    expect(putBodies(fake)).toHaveLength(1);

    // The page closes while the first PUT is in flight; the user opens another project.
    store.dispatch(closeProject());
    store.dispatch(openProject(OTHER_ID, false));
    answers[0]!(echoPut(fake.calls(`PUT ${API_PATH}`)[0]!));
    await flush();

    const bodies = putBodies(fake);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.revision).toBe(8);
    expect(bodies[1]!.columns[1]!.title).toBe('Läuft');
    expect(cardIn(bodies[1]!, CARD.cable)!.column.id).toBe(COLUMN.done);
    expect(bodies[1]!.changeLog).toHaveLength(2);
    answers[1]!(echoPut(fake.calls(`PUT ${API_PATH}`)[1]!));
    await flush();
    expect(store.getState().project).toEqual(initialProjectState(OTHER_ID, false));
  });
});
