import type { InvitationCountEvent, LiveEvent, ProjectDocument, ProjectRevisionEvent } from '@werkboard/common';
import { publish } from '../live/liveUpdates';
import { User } from '../models';
import { grantLifetimeLicense } from '../test/licenseKeys';
import { openEventStream, type OpenStream } from '../test/eventStream';
import { buildProject, type Person, signedInPerson, withCard } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer } from '../test/testServer';

const isTest = (event: LiveEvent) => event.type === 'test';
const revisionOf = (projectId: string) => (event: LiveEvent) =>
  event.type === 'project-revision' && event.projectId === projectId;

describe('GET /api/events (live updates)', () => {
  let t: TestServer;
  let admin: string;
  let owner: Person;
  let member: Person;
  let stranger: Person;
  const open: OpenStream[] = [];
  const stream = async (token: string | undefined) => {
    const opened = await openEventStream(t.url, token);
    open.push(opened);
    return opened;
  };

  beforeAll(async () => {
    t = await testServer();
    await grantLifetimeLicense();
    admin = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
    owner = await signedInPerson(t, 'Projektleiter');
    member = await signedInPerson(t, 'Monteur');
    stranger = await signedInPerson(t, 'Monteur');
  });
  afterEach(() => {
    for (const opened of open.splice(0)) opened.close();
  });
  afterAll(() => t.close());

  it('refuses a stream without a token and sends uncompressed, unbuffered event-stream', async () => {
    expect((await stream(undefined)).status).toBe(401);
    const events = await stream(owner.token);
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(events.headers.get('content-encoding')).toBeNull();
    expect(events.headers.get('cache-control')).toBe('no-store');
    expect(events.headers.get('x-accel-buffering')).toBe('no');
  });

  it('sends the test event to every open tab of the caller and to nobody else', async () => {
    const [tab1, tab2, other] = [await stream(owner.token), await stream(owner.token), await stream(member.token)];
    expect((await t.api('POST', '/api/events/test', owner.token)).status).toBe(204);
    for (const tab of [tab1, tab2]) expect(await tab.next()).toMatchObject({ type: 'test' });
    // The other user's first event is their own test, not the owner's.
    const sent = Date.now();
    await t.api('POST', '/api/events/test', member.token);
    const first = await other.next();
    expect(first.type).toBe('test');
    expect(Date.parse((first as { sentAt: string }).sentAt)).toBeGreaterThanOrEqual(sent - 1000);
  });

  it("announces a committed project write to the project's readers only", async () => {
    const project = await buildProject(t, owner.token, { memberIds: [member.id] });
    const [ownerTab, memberTab, adminTab, strangerTab] = [
      await stream(owner.token),
      await stream(member.token),
      await stream(admin),
      await stream(stranger.token),
    ];
    const saved = await t.request<ProjectDocument>('PUT', `/api/projects/${project.id}`, {
      token: owner.token,
      body: withCard(project, { title: 'Live' }),
    });
    expect(saved.status).toBe(200);
    const expected: ProjectRevisionEvent = {
      type: 'project-revision',
      projectId: project.id,
      revision: saved.body.revision,
    };
    for (const tab of [ownerTab, memberTab, adminTab]) expect(await tab.next(revisionOf(project.id))).toEqual(expected);
    // Events arrive in commit order: the stranger's own test event comes without the project's before it.
    await t.api('POST', '/api/events/test', stranger.token);
    expect(await strangerTab.next()).toMatchObject({ type: 'test' });
  });

  it('does not announce a write that was refused', async () => {
    const project = await buildProject(t, owner.token);
    const ownerTab = await stream(owner.token);
    const refused = await t.request('PUT', `/api/projects/${project.id}`, {
      token: stranger.token,
      body: withCard(project, { title: 'Fremd' }),
    });
    expect(refused.status).toBe(403);
    await t.api('POST', '/api/events/test', owner.token);
    await ownerTab.next(isTest);
    const newer = (event: LiveEvent) =>
      revisionOf(project.id)(event) && (event as ProjectRevisionEvent).revision > project.revision;
    await expect(ownerTab.next(newer, 300)).rejects.toThrow(/no matching event/);
  });

  it('announces the invitee its invitation count, and the new team revision to the owner', async () => {
    const project = await buildProject(t, owner.token);
    const [ownerTab, inviteeTab] = [await stream(owner.token), await stream(stranger.token)];
    const invited = await t.request<{ id: string }>('POST', '/api/invitations', {
      token: owner.token,
      body: { project: project.id, toUserId: stranger.id },
    });
    expect(invited.status).toBe(201);
    const count = (await inviteeTab.next((event) => event.type === 'invitation-count')) as InvitationCountEvent;
    expect(count.count).toBeGreaterThanOrEqual(1);
    expect(await ownerTab.next(revisionOf(project.id))).toMatchObject({ revision: project.revision + 1 });

    const declined = await t.request('POST', `/api/invitations/${invited.body.id}/respond`, {
      token: stranger.token,
      body: { status: 'declined' },
    });
    expect(declined.status).toBe(200);
    expect(await inviteeTab.next((event) => event.type === 'invitation-count')).toEqual({
      type: 'invitation-count',
      count: count.count - 1,
    });
  });

  it('announces a project written by an import', async () => {
    const project = await buildProject(t, admin);
    const adminTab = await stream(admin);
    const exported = (await t.request<ProjectDocument[]>('GET', '/api/projects/export', { token: admin })).body;
    const file = exported.filter((document) => document.id === project.id).map((d) => ({ ...d, name: 'Importiert' }));
    const imported = await t.request('POST', '/api/projects/import', {
      token: admin,
      body: { data: file, mode: 'merge' },
    });
    expect(imported.status).toBe(200);
    // The creation's own announcement may still be on its way; the import's comes after it.
    const event = await adminTab.next(
      (candidate) =>
        revisionOf(project.id)(candidate) && (candidate as ProjectRevisionEvent).revision > project.revision,
    );
    expect(event).toMatchObject({ type: 'project-revision', projectId: project.id });
  });

  it('ends the stream of a session whose password changed at the next event', async () => {
    const person = await signedInPerson(t, 'Monteur');
    const tab = await stream(person.token);
    const user = (await User.findByPk(person.id))!;
    // What a password change or a new role does to the sessions (auth/tokens.ts).
    await user.update({ tokenVersion: user.tokenVersion + 1 });
    await publish(t.server.services.database!.sequelize, { userId: person.id }, { type: 'test', sentAt: 'x' });
    await tab.ended;
    await expect(tab.next(undefined, 200)).rejects.toThrow(/no matching event/);
  });
});
