import { produce } from 'immer';
import type {
  ProjectChangesDto,
  ProjectDeltaDto,
  ProjectDeltaRequest,
  ProjectDocument,
  ProjectHeaderDto,
} from '@werkboard/common';
import { applyProjectDelta, de, documentDelta, flatProjectEntities, isEmptyDelta } from '@werkboard/common';
import type { FakeAnswer, FakeRequest, FakeRoute } from './fakeFetch';

/**
 * The project routes of the server for renderer tests (issue 17): one document kept with its
 * versions, answering GET (ETag / If-None-Match 304, `?since=N` as a delta or the whole
 * document), the whole-document PUT, the delta PATCH and the outbox's batch of PATCHes
 * (`POST …/saves`, each save as its PATCH, stopping at the first refused, only the last applied
 * one's answer carried) as docs/api.md describes them. A PATCH's idempotency key (header, or a
 * batch's save) is answered with its first answer, as the server's key store does.
 *
 * No second merge: a PUT's document and a PATCH composed with common's `applyProjectDelta`
 * become the stored document as they are (the server's merge, its rules and its change log
 * are the server's tests' subject). So the stored log is what the test put there: the
 * entries a client writes for its own edits are shown until the answer, as with the real
 * server, whose log entries then take their place.
 */
export interface FakeProjectServer {
  /** `GET`, `PUT` and `PATCH` of `path` and `POST` of `path/saves`, for createFakeFetch. */
  routes: Record<string, (request: FakeRequest) => FakeAnswer>;
  /** The stored document now. */
  readonly document: ProjectDocument;
  /**
   * Every accepted save as the writer's whole document: a PUT's body, or a PATCH's delta put
   * on the version it is based on (so a test reads what the user's copy held).
   */
  saved: ProjectDocument[];
  /** The bodies of the PATCHes received (accepted or not), also those of batches, not those answered from a key. */
  deltas: ProjectDeltaRequest[];
  /** The keys of each batch received. */
  batches: string[][];
  /** A write of someone else (or of a status route): the changed copy is stored as the next revision. */
  write(recipe: (draft: ProjectDocument) => void): ProjectDocument;
}

/** The weak ETag the server sends for a revision (docs/decisions.md "Deltas"). */
export function projectETag(revision: number): string {
  return `W/"${revision}"`;
}

function headerOf(document: ProjectDocument): ProjectHeaderDto {
  const { columns: _columns, appointments: _appointments, notes: _notes, changeLog: _log, ...header } = document;
  return header;
}

/** What changed from `old` to `now`, as the server answers `?since=old.revision`. */
function changesBetween(old: ProjectDocument, now: ProjectDocument): ProjectDeltaDto {
  const { revision: _revision, fields: _fields, ...entities } = documentDelta(old, now);
  const known = new Set(old.changeLog.map((entry) => entry.id));
  return {
    kind: 'delta',
    since: old.revision,
    ...headerOf(now),
    ...entities,
    changeLog: now.changeLog.filter((entry) => !known.has(entry.id)),
  };
}

/** The delta request on top of `document`, through common's `applyProjectDelta`. */
function compose(document: ProjectDocument, delta: ProjectDeltaRequest): ProjectDocument {
  const { revision: _revision, fields, ...entities } = delta;
  return applyProjectDelta(document, {
    kind: 'delta',
    since: document.revision,
    ...headerOf(document),
    ...fields,
    ...entities,
    changeLog: [],
  });
}

/** The entities of `next` that differ from `stored` get the new revision as their `rev`, as the merge sets it. */
function stamped(stored: ProjectDocument, next: ProjectDocument, revision: number): ProjectDocument {
  const before = new Map<string, string>();
  const changed = new Set<string>();
  const kinds = (document: ProjectDocument) => Object.values(flatProjectEntities(document)) as { id: string }[][];
  for (const list of kinds(stored)) for (const entity of list) before.set(entity.id, JSON.stringify(entity));
  for (const list of kinds(next))
    for (const entity of list) if (before.get(entity.id) !== JSON.stringify(entity)) changed.add(entity.id);
  const stamp = (entity: { id: string; rev: number }) => {
    if (changed.has(entity.id)) entity.rev = revision;
  };
  return produce(next, (draft) => {
    draft.revision = revision;
    for (const column of draft.columns) {
      stamp(column);
      for (const card of column.cards) {
        stamp(card);
        card.timeEntries.forEach(stamp);
        card.materialEntries.forEach(stamp);
      }
    }
    draft.appointments.forEach(stamp);
    draft.notes.forEach(stamp);
  });
}

export function createProjectServer(initial: ProjectDocument, path: string): FakeProjectServer {
  const versions = new Map<number, ProjectDocument>([[initial.revision, initial]]);
  let current = initial;
  const saved: ProjectDocument[] = [];
  const deltas: ProjectDeltaRequest[] = [];

  /** Stores `next` (the server's own log kept) as the next revision, unless it changes nothing. */
  const store = (next: ProjectDocument): FakeAnswer | null => {
    const candidate = { ...next, revision: current.revision, changeLog: current.changeLog };
    if (isEmptyDelta(documentDelta(current, candidate))) return null;
    if (current.status !== 'active')
      return {
        status: 403,
        body: {
          message: current.status === 'archived' ? de.projects.readOnlyArchived : de.projects.readOnlyCompleted,
        },
      };
    current = stamped(current, candidate, current.revision + 1);
    versions.set(current.revision, current);
    return null;
  };

  const get = (request: FakeRequest): FakeAnswer => {
    const etag = projectETag(current.revision);
    if (request.headers['If-None-Match'] === etag) return { status: 304, headers: { ETag: etag } };
    const since = new URL(request.url, 'http://test').searchParams.get('since');
    if (since === null) return { body: current, headers: { ETag: etag } };
    const old = versions.get(Number(since));
    const answer: ProjectChangesDto = old ? changesBetween(old, current) : { kind: 'document', document: current };
    return { body: answer, headers: { ETag: etag } };
  };

  const put = (request: FakeRequest): FakeAnswer => {
    const sent = request.body as ProjectDocument;
    const refused = store(sent);
    if (refused) return refused;
    saved.push(sent);
    return { body: current };
  };

  const patch = (request: FakeRequest): FakeAnswer => {
    const delta = request.body as ProjectDeltaRequest;
    deltas.push(delta);
    const base = versions.get(delta.revision);
    const refused = store(compose(current, delta));
    if (refused) return refused;
    // A base this fake never had: the writer's copy is unknown; the composed document stands for it.
    saved.push(base ? compose(base, delta) : current);
    const answer: ProjectChangesDto = base ? changesBetween(base, current) : { kind: 'document', document: current };
    return { body: answer };
  };

  const keyed = new Map<string, FakeAnswer>();
  const once = (key: string | undefined, run: () => FakeAnswer): FakeAnswer & { replayed?: true } => {
    const known = key === undefined ? undefined : keyed.get(key);
    if (known) return { ...known, replayed: true };
    const answer = run();
    if (key !== undefined) keyed.set(key, answer);
    return answer;
  };
  const batches: string[][] = [];

  const patchOnce = (request: FakeRequest): FakeAnswer => {
    const { replayed, ...answer } = once(request.headers['Idempotency-Key'], () => patch(request));
    return replayed ? { ...answer, headers: { ...answer.headers, 'Idempotent-Replayed': 'true' } } : answer;
  };

  const saves = (request: FakeRequest): FakeAnswer => {
    const sent = (request.body as { saves: { key: string; body: string }[] }).saves;
    batches.push(sent.map((save) => save.key));
    const answers: { key: string; status: number; body?: unknown; replayed?: true }[] = [];
    for (const save of sent) {
      const {
        status = 200,
        body,
        replayed,
      } = once(save.key, () => patch({ ...request, body: JSON.parse(save.body) as unknown }));
      answers.push({ key: save.key, status, body, ...(replayed ? { replayed } : {}) });
      if (status >= 300) break;
    }
    const last = answers.findLastIndex((answer) => answer.status < 300);
    return {
      body: {
        answers: answers.map(({ body, ...answer }, index) =>
          answer.status < 300 && index !== last ? answer : { ...answer, body },
        ),
      },
    };
  };

  return {
    routes: {
      [`GET ${path}`]: get,
      [`PUT ${path}`]: put,
      [`PATCH ${path}`]: patchOnce,
      [`POST ${path}/saves`]: saves,
    },
    batches,
    get document() {
      return current;
    },
    saved,
    deltas,
    write(recipe) {
      current = produce(current, (draft) => {
        recipe(draft);
        draft.revision += 1;
      });
      versions.set(current.revision, current);
      return current;
    },
  };
}

/**
 * A route whose requests wait until the test lets them through (in order); each is then
 * answered by `route` at that moment, so the server's state then decides the answer.
 */
export function heldRoute(route: FakeRoute) {
  const waiting: (() => void)[] = [];
  const held = (request: FakeRequest): Promise<FakeAnswer> =>
    new Promise<void>((resolve) => waiting.push(resolve)).then(() =>
      typeof route === 'function' ? route(request) : route,
    );
  return {
    route: held,
    /** How many requests wait. */
    get waiting() {
      return waiting.length;
    },
    /** Lets the oldest waiting request through. */
    release(): void {
      const next = waiting.shift();
      if (!next) throw new Error('No request is waiting.');
      next();
    },
  };
}
