import {
  type Actor,
  DEFAULT_ROLE_PERMISSIONS,
  documentDelta,
  isManagementRole,
  newId,
  type ProjectDocument,
  randomSeeds,
  seededRandom,
  type Role,
  can,
} from '@werkboard/common';
import { PreparedAnswer } from '../http/preparedAnswer';
import { User } from '../models';
import { decodedText, rawRequest as raw } from '../test/rawHttp';
import { buildProject, deleteAllProjects, type Person, signedInPerson, withCard } from '../test/factories';
import { randomEdits, type Writer } from '../test/projectMergeRandom';
import { statementsWhile } from '../test/sqlStatements';
import { testServer, type TestServer } from '../test/testServer';
import { ProjectAnswerCache, projectAnswers } from './projectAnswers';
import { deleteProjectPermanently, readDocument } from './projects';

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

describe('the first read after a write: the kept document brought to the new revision', () => {
  let t: TestServer;
  /** The owner (Projektleiter), a Monteur on the team, an Admin: each a person and a writer. */
  let people: { person: Person; writer: Writer }[];

  const personOf = async (role: Role) => {
    const person = await signedInPerson(t, role);
    const actor: Actor = { id: person.id, role, permissions: DEFAULT_ROLE_PERMISSIONS[role] };
    const writer: Writer = {
      ...actor,
      username: person.username,
      mayEditProject: can(actor, 'can_edit_projects'),
      mayRevokeSignoffs: isManagementRole(role),
    };
    return { person, writer };
  };

  beforeAll(async () => {
    t = await testServer();
    people = [await personOf('Projektleiter'), await personOf('Monteur'), await personOf('Admin')];
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await deleteAllProjects();
    projectAnswers.clear();
  });

  /**
   * Reads the project through the cache as `who`, and checks the answer is the text a fresh
   * read gives (the same document, its keys in the same order). Answers the document and the
   * number of statements that read all the board's cards.
   */
  async function readAndCompare(
    who: { person: Person; writer: Writer },
    id: string,
  ): Promise<{ document: ProjectDocument; wholeCardReads: number }> {
    let response: Awaited<ReturnType<typeof raw>> | undefined;
    const statements = await statementsWhile(async () => {
      response = await raw(`${t.url}/api/projects/${id}`, { token: who.person.token });
    });
    expect(response!.status).toBe(200);
    const text = decodedText(response!);
    const fresh = await readDocument(User.sequelize!, who.writer, id);
    expect(text).toBe(JSON.stringify(fresh));
    const wholeCardReads = statements.filter((sql) => /FROM project_cards/.test(sql) && !/rev >/.test(sql)).length;
    return { document: JSON.parse(text) as ProjectDocument, wholeCardReads };
  }

  /** A write's status and, when refused, its message (so that a failing test says why). */
  async function write(method: string, path: string, token: string, body?: unknown): Promise<string> {
    const response = await t.request(method, path, { token, ...(body === undefined ? {} : { body }) });
    return response.status === 200 ? 'ok' : `${method} ${response.status} ${JSON.stringify(response.body)}`;
  }

  it('equals a fresh read after every kind of write, and reads no whole board for it', async () => {
    const [owner, member, admin] = people as [
      (typeof people)[number],
      (typeof people)[number],
      (typeof people)[number],
    ];
    const created = await buildProject(t, owner.person.token, { memberIds: [member.person.id] });
    const path = `/api/projects/${created.id}`;
    let document = (await readAndCompare(owner, created.id)).document;
    await readAndCompare(member, created.id);
    await readAndCompare(admin, created.id);

    /** After each write: every reader's answer is the fresh one; the owner's came from the kept document. */
    const afterWrite = async (status: string, readers = [owner, member, admin]) => {
      expect(status).toBe('ok');
      for (const reader of readers) {
        const read = await readAndCompare(reader, created.id);
        expect(read.wholeCardReads).toBe(0);
        if (reader === owner) document = read.document;
      }
    };
    const patch = async (change: (next: ProjectDocument) => void, token = owner.person.token) => {
      const next = structuredClone(document);
      change(next);
      return write('PATCH', path, token, documentDelta(document, next));
    };

    await afterWrite(await patch((next) => Object.assign(next, withCard(next, { title: 'Leitungen verlegen' }))));
    await afterWrite(await patch((next) => Object.assign(next, withCard(next, { title: 'Dosen setzen' }))));
    const firstCard = () => document.columns[0]!.cards[0]!;
    // A card moved to the last column by the Monteur, its time entry, a material entry.
    await afterWrite(
      await patch((next) => {
        const card = next.columns[0]!.cards.shift()!;
        next.columns.at(-1)!.cards.push({ ...card, position: 'zz' });
      }, member.person.token),
    );
    await afterWrite(
      await patch((next) => {
        const card = next.columns[0]!.cards[0]!;
        card.timeEntries.push({
          id: newId(),
          rev: 0,
          userId: owner.person.id,
          username: owner.person.username,
          date: '2026-11-02',
          hours: 2,
        });
        card.materialEntries.push({ id: newId(), rev: 0, quantity: 3, unit: 'm', name: 'NYM-J 3x1,5' });
      }),
    );
    await afterWrite(
      await patch((next) => {
        next.notes.push({
          id: newId(),
          rev: 0,
          title: 'Zugang',
          content: 'Schlüssel beim Hausmeister',
          authorId: owner.person.id,
          authorUsername: owner.person.username,
          timestamp: new Date().toISOString(),
        });
        next.appointments.push({
          id: newId(),
          rev: 0,
          title: 'Übergabe an "Bauherr"',
          date: '2026-12-03T14:30',
          status: 'active',
          contactName: 'Frau Berg',
          contactPhone: '0171 234567',
          tagIds: [],
          notes: 'Zählerschrank\nzeigen',
        });
      }),
    );
    // The whole document (PUT): a title and the project's name.
    const renamed = structuredClone(document);
    renamed.name = `${renamed.name} (neu)`;
    renamed.columns[0]!.cards[0]!.title = 'Leitungen verlegt';
    await afterWrite(await write('PUT', path, owner.person.token, renamed));
    // A card deleted with its entries, a column deleted with its cards.
    await afterWrite(await patch((next) => void next.columns[0]!.cards.shift()));
    await afterWrite(await patch((next) => void next.columns.pop()));
    expect(firstCard()).toBeUndefined();
    // Status and team: the header, the log.
    await afterWrite(await write('POST', `${path}/complete`, owner.person.token));
    await afterWrite(await write('POST', `${path}/reopen`, owner.person.token));
    await afterWrite(await write('PUT', `${path}/deputy`, owner.person.token, { userId: member.person.id }));
    await afterWrite(await write('PUT', `${path}/deputy`, owner.person.token, { userId: null }));
    await afterWrite(await write('DELETE', `${path}/members/${member.person.id}`, owner.person.token), [owner, admin]);
    await afterWrite(await write('DELETE', path, owner.person.token), [admin]);
    await afterWrite(await write('POST', `${path}/restore`, admin.person.token), [owner, admin]);
  });

  it('reads the board afresh when the project is forgotten while its kept document is brought forward', async () => {
    const [owner] = people as [(typeof people)[number]];
    const created = await buildProject(t, owner.person.token);
    const document = (await readAndCompare(owner, created.id)).document;
    const status = await write(
      'PATCH',
      `/api/projects/${created.id}`,
      owner.person.token,
      documentDelta(document, withCard(document, { title: 'Zwischendurch' })),
    );
    expect(status).toBe('ok');
    // As an import would, between the delta read and its use.
    const sequelize = User.sequelize!;
    const hook = 'forgetDuringDeltaRead';
    sequelize.addHook('afterQuery', hook, (_options, query) => {
      if (/FROM project_cards/.test((query as unknown as { sql?: string }).sql ?? ''))
        projectAnswers.forget(created.id);
    });
    let read: Awaited<ReturnType<typeof readAndCompare>>;
    try {
      read = await readAndCompare(owner, created.id);
    } finally {
      sequelize.removeHook('afterQuery', hook);
    }
    expect(read.wholeCardReads).toBe(1);
    expect(read.document.columns[0]!.cards.map((card) => card.title)).toEqual(['Zwischendurch']);
  });

  it.each(randomSeeds([1, 2, 3], process.env.RANDOM_SEEDS))(
    'equals a fresh read after random writes of random people, as PATCH or PUT (seed %i)',
    async (seed) => {
      const rand = seededRandom(seed * 104729);
      const [owner, member] = people as [(typeof people)[number], (typeof people)[number]];
      const created = await buildProject(t, owner.person.token, { memberIds: [member.person.id] });
      const path = `/api/projects/${created.id}`;
      const copies = new Map<string, ProjectDocument>();
      for (const who of people) copies.set(who.writer.id, (await readAndCompare(who, created.id)).document);
      const earlier: ProjectDocument[] = [];
      let derived = 0;
      for (let round = 0; round < 12; round++) {
        const who = people[Math.floor(rand() * people.length)]!;
        const base = copies.get(who.writer.id)!;
        const copy = structuredClone(base);
        randomEdits(
          copy,
          who.writer,
          rand,
          earlier,
          people.map((p) => p.writer),
        );
        // Refused writes (403, 400, 409) change nothing: the next reads must still be fresh ones.
        if (rand() < 0.75) await write('PATCH', path, who.person.token, documentDelta(base, copy));
        else await write('PUT', path, who.person.token, copy);
        earlier.push(base);
        for (const reader of people)
          if (rand() < 0.7 || reader === who) {
            const read = await readAndCompare(reader, created.id);
            if (read.wholeCardReads === 0) derived += 1;
            copies.set(reader.writer.id, read.document);
          }
      }
      expect(derived).toBeGreaterThan(0);
    },
    120_000,
  );
});
