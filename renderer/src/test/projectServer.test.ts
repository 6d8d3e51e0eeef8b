import type { ProjectChangesDto, ProjectDocument } from '@werkboard/common';
import { applyProjectDelta, documentDelta } from '@werkboard/common';
import type { FakeAnswer, FakeRequest } from './fakeFetch';
import { API_PATH, buildProject, CARD, cardIn, COLUMN } from './project';
import { createProjectServer, projectETag } from './projectServer';

/** The fake project server answers as docs/api.md says the real one does (the renderer tests rely on it). */

function request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): FakeRequest {
  return { method, url, headers, body };
}

function changes(answer: FakeAnswer): ProjectChangesDto {
  return answer.body as ProjectChangesDto;
}

describe('the fake project server', () => {
  it('answers GET with the revision as weak ETag, 304 for it, and ?since as a delta or the whole document', () => {
    const server = createProjectServer(buildProject(), API_PATH);
    const get = server.routes[`GET ${API_PATH}`]!;
    const first = get(request('GET', API_PATH));
    expect(first.headers).toEqual({ ETag: 'W/"7"' });
    expect(get(request('GET', API_PATH, undefined, { 'If-None-Match': projectETag(7) }))).toMatchObject({
      status: 304,
    });

    server.write((draft) => {
      cardIn(draft, CARD.lamp)!.card.title = 'Leuchten montieren';
      draft.columns[2]!.cards = [];
    });
    expect(get(request('GET', API_PATH, undefined, { 'If-None-Match': projectETag(7) })).status).toBeUndefined();
    const delta = changes(get(request('GET', `${API_PATH}?since=7`)));
    expect(delta).toMatchObject({ kind: 'delta', since: 7, revision: 8, deleted: [CARD.finished] });
    if (delta.kind !== 'delta') throw new Error('a delta expected');
    expect(delta.cards.map((card) => card.id)).toEqual([CARD.lamp]);
    expect(applyProjectDelta(buildProject(), delta)).toEqual(server.document);
    expect(changes(get(request('GET', `${API_PATH}?since=3`)))).toEqual({
      kind: 'document',
      document: server.document,
    });
  });

  it("composes a PATCH onto the stored document, answers what changed since the writer's base, and records the writer's copy", () => {
    const server = createProjectServer(buildProject(), API_PATH);
    server.write((draft) => {
      draft.name = 'Von Kollegen umbenannt';
    });
    const mine: ProjectDocument = buildProject();
    cardIn(mine, CARD.cable)!.card.title = 'Kabel ziehen (OG)';
    const answer = changes(
      server.routes[`PATCH ${API_PATH}`]!(request('PATCH', API_PATH, documentDelta(buildProject(), mine))),
    );

    expect(server.document.revision).toBe(9);
    expect(server.document.name).toBe('Von Kollegen umbenannt');
    expect(cardIn(server.document, CARD.cable)!.card).toMatchObject({ title: 'Kabel ziehen (OG)', rev: 9 });
    expect(cardIn(server.document, CARD.socket)!.card.rev).toBe(1);
    expect(server.saved).toEqual([mine]);
    expect(answer).toMatchObject({ kind: 'delta', since: 7, revision: 9, name: 'Von Kollegen umbenannt' });
    expect(applyProjectDelta(buildProject(), answer as Extract<ProjectChangesDto, { kind: 'delta' }>)).toEqual(
      server.document,
    );

    // Nothing changed: the same revision; a completed project refuses a change.
    server.routes[`PATCH ${API_PATH}`]!(request('PATCH', API_PATH, documentDelta(server.document, server.document)));
    expect(server.document.revision).toBe(9);
    server.write((draft) => {
      draft.status = 'completed';
    });
    const moved = structuredClone(server.document);
    moved.columns[0]!.cards = [];
    const refused = server.routes[`PUT ${API_PATH}`]!(request('PUT', API_PATH, moved));
    expect(refused.status).toBe(403);
    expect(cardIn(server.document, CARD.cable)!.column.id).toBe(COLUMN.todo);
  });
});
