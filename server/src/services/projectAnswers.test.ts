import { documentDelta, type ProjectDocument } from '@werkboard/common';
import { PreparedAnswer } from '../http/preparedAnswer';
import { User } from '../models';
import { decodedText, rawRequest as raw } from '../test/rawHttp';
import { buildProject, deleteAllProjects, type Person, signedInPerson, withCard } from '../test/factories';
import { statementsWhile } from '../test/sqlStatements';
import { testServer, type TestServer } from '../test/testServer';
import { ProjectAnswerCache, projectAnswers } from './projectAnswers';
import { deleteProjectPermanently } from './projects';

/**
 * The answer cache of the whole board's GET (issue 17): what it keeps, what makes it forget,
 * and that every read is authorised before it is asked.
 */

const answer = (bytes: number) => new PreparedAnswer('x'.repeat(bytes));

describe('ProjectAnswerCache', () => {
  it('keeps answers up to its bytes, least recently used out first', () => {
    const cache = new ProjectAnswerCache(300);
    cache.set('a', { projectId: 'p1', revision: 1, answer: answer(100) }, cache.mark());
    cache.set('b', { projectId: 'p2', revision: 1, answer: answer(100) }, cache.mark());
    cache.set('c', { projectId: 'p3', revision: 1, answer: answer(100) }, cache.mark());
    expect(cache.get('a')).toBeDefined(); // now the most recently used
    cache.set('d', { projectId: 'p4', revision: 1, answer: answer(100) }, cache.mark());
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.get('d')).toBeDefined();
    cache.set('huge', { projectId: 'p5', revision: 1, answer: answer(301) }, cache.mark());
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(3);
  });

  it('drops older revisions of a project when a newer one is kept, and keeps other readers of one revision', () => {
    const cache = new ProjectAnswerCache(10_000);
    cache.set('p1 r1 log', { projectId: 'p1', revision: 1, answer: answer(10) }, cache.mark());
    cache.set('p1 r1 no log', { projectId: 'p1', revision: 1, answer: answer(10) }, cache.mark());
    cache.set('p2 r1', { projectId: 'p2', revision: 1, answer: answer(10) }, cache.mark());
    expect(cache.size).toBe(3);
    cache.set('p1 r2 log', { projectId: 'p1', revision: 2, answer: answer(10) }, cache.mark());
    expect(cache.get('p1 r1 log')).toBeUndefined();
    expect(cache.get('p1 r1 no log')).toBeUndefined();
    expect(cache.get('p2 r1')).toBeDefined();
    expect(cache.get('p1 r2 log')).toBeDefined();
  });

  it('forgets a project, and does not keep what a read began before the forget', () => {
    const cache = new ProjectAnswerCache(10_000);
    cache.set('p1', { projectId: 'p1', revision: 1, answer: answer(10) }, cache.mark());
    cache.set('p2', { projectId: 'p2', revision: 1, answer: answer(10) }, cache.mark());
    const mark = cache.mark();
    cache.forget('p1');
    expect(cache.get('p1')).toBeUndefined();
    expect(cache.get('p2')).toBeDefined();
    cache.set('p1 again', { projectId: 'p1', revision: 1, answer: answer(10) }, mark);
    expect(cache.get('p1 again')).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

describe('GET /api/projects/{id} through the answer cache', () => {
  let t: TestServer;
  let owner: Person;
  let member: Person;
  let admin: Person;

  beforeAll(async () => {
    t = await testServer();
    owner = await signedInPerson(t, 'Projektleiter');
    member = await signedInPerson(t, 'Monteur');
    admin = await signedInPerson(t, 'Admin');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await deleteAllProjects();
    projectAnswers.clear();
  });

  /** The SQL statements run while `work` runs that read the board's cards. */
  async function cardReads(work: () => Promise<void>): Promise<number> {
    return (await statementsWhile(work)).filter((sql) => /FROM project_cards/.test(sql)).length;
  }

  async function read(who: Person, id: string): Promise<ProjectDocument> {
    const response = await t.request<ProjectDocument>('GET', `/api/projects/${id}`, { token: who.token });
    expect(response.status).toBe(200);
    return response.body;
  }

  /** The owner's project with the Monteur on its team and one card saved by the owner. */
  async function board(): Promise<ProjectDocument> {
    const created = await buildProject(t, owner.token, { memberIds: [member.id] });
    const saved = await t.request<ProjectDocument>('PUT', `/api/projects/${created.id}`, {
      token: owner.token,
      body: withCard(created, { title: 'Leitungen verlegen' }),
    });
    expect(saved.status).toBe(200);
    return saved.body;
  }

  it('answers a second read of an unchanged board without reading its cards, the same document', async () => {
    const document = await board();
    let first: ProjectDocument | undefined;
    expect(await cardReads(async () => void (first = await read(owner, document.id)))).toBe(1);
    let second: ProjectDocument | undefined;
    expect(await cardReads(async () => void (second = await read(owner, document.id)))).toBe(0);
    expect(second).toEqual(first);
    expect(second).toEqual(document);
  });

  it('sends the kept answer in the encoding each client takes, the same JSON in each', async () => {
    const document = await board();
    await read(owner, document.id);
    const url = `${t.url}/api/projects/${document.id}`;
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const response = await raw(url, { token: owner.token, ...(acceptEncoding ? { acceptEncoding } : {}) });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
      expect(JSON.parse(decodedText(response))).toEqual(document);
    }
  });

  it('shows a save by anyone on the next read: the revision is in the key', async () => {
    const document = await board();
    await read(owner, document.id);
    await read(member, document.id);
    const changed = structuredClone(document);
    changed.columns[0]!.cards[0]!.title = 'Leitungen verlegt';
    const saved = await t.request('PATCH', `/api/projects/${document.id}`, {
      token: member.token,
      body: documentDelta(document, changed),
    });
    expect(saved.status).toBe(200);
    for (const who of [owner, member]) {
      const after = await read(who, document.id);
      expect(after.revision).toBeGreaterThan(document.revision);
      expect(after.columns[0]!.cards[0]!.title).toBe('Leitungen verlegt');
    }
  });

  it('refuses a reader taken off the team although the answer is kept, and shows the new team', async () => {
    const document = await board();
    await read(member, document.id);
    const removed = await t.request('DELETE', `/api/projects/${document.id}/members/${member.id}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    const refused = await t.request('GET', `/api/projects/${document.id}`, { token: member.token });
    expect(refused.status).toBe(403);
    expect(refused.body).not.toHaveProperty('columns');
    // Its entity tag, too, is only for readers (no 304 for the removed member).
    const tagged = await t.request('GET', `/api/projects/${document.id}`, {
      token: member.token,
      headers: { 'If-None-Match': `W/"${document.revision}-n"` },
    });
    expect(tagged.status).toBe(403);
    expect((await read(owner, document.id)).memberIds).not.toContain(member.id);
  });

  it('never gives a Monteur the answer kept for an Admin or the owner: the change log is theirs only', async () => {
    const document = await board();
    const forAdmin = await read(admin, document.id);
    const forOwner = await read(owner, document.id);
    expect(forAdmin.changeLog.length).toBeGreaterThan(0);
    expect(forOwner.changeLog).toEqual(forAdmin.changeLog);
    let forMember: ProjectDocument | undefined;
    expect(await cardReads(async () => void (forMember = await read(member, document.id)))).toBe(1);
    expect(forMember!.changeLog).toEqual([]);
    expect({ ...forMember, changeLog: forAdmin.changeLog }).toEqual(forAdmin);
  });

  it('shows a changed role, name or colour of the team, which raise no revision', async () => {
    const document = await board();
    await read(owner, document.id);
    await User.update({ role: 'Projektleiter' }, { where: { id: member.id } });
    const promoted = await read(owner, document.id);
    expect(promoted.revision).toBe(document.revision);
    expect(promoted.team.find((person) => person.id === member.id)?.role).toBe('Projektleiter');
    await User.update({ usernameColor: '#123456' }, { where: { id: owner.id } });
    const recoloured = await read(owner, document.id);
    expect(recoloured.team.find((person) => person.id === owner.id)?.usernameColor).toBe('#123456');
    const renamed = `${member.username}-neu`;
    await User.update({ username: renamed }, { where: { id: member.id } });
    const afterRename = await read(owner, document.id);
    expect(afterRename.team.find((person) => person.id === member.id)?.username).toBe(renamed);
    await User.update({ username: member.username }, { where: { id: member.id } });
    await User.update({ role: 'Monteur' }, { where: { id: member.id } });
  });

  it('answers 304 for the revision the client holds, kept or not', async () => {
    const document = await board();
    const first = await t.request('GET', `/api/projects/${document.id}`, { token: owner.token });
    const tag = first.headers.get('etag');
    expect(tag).toBe(`W/"${document.revision}"`);
    for (let time = 0; time < 2; time++) {
      const again = await t.request('GET', `/api/projects/${document.id}`, {
        token: owner.token,
        headers: { 'If-None-Match': tag! },
      });
      expect(again.status).toBe(304);
    }
  });

  it('forgets a project deleted for good: an import may bring its id back at a revision seen before', async () => {
    const document = await board();
    await read(owner, document.id);
    expect(projectAnswers.size).toBe(1);
    const sequelize = User.sequelize!;
    await sequelize.transaction((transaction) => deleteProjectPermanently(sequelize, document.id, transaction));
    expect(projectAnswers.size).toBe(0);
  });
});
