import {
  de,
  DEFAULT_ROLE_PERMISSIONS,
  type InvitationDto,
  type MessageResponse,
  newId,
  type ProjectDocument,
  type ProjectSummaryDto,
  type Role,
  type TemplateSummaryDto,
} from '@werkboard/common';
import { QueryTypes } from 'sequelize';
import { RolePermission, User } from '../models';
import { grantLifetimeLicense } from '../test/licenseKeys';
import { buildProject, unique, type Person, signedInPerson } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer, type ErrorBody, type ApiArgs } from '../test/testServer';

/**
 * Teams, invitations and the admin overview (issue 6; docs/api.md "Teams", "Invitations",
 * "Admin overview"). The German texts are written out as the contract quotes them.
 *
 * A read-only (completed or archived) project refuses team changes, invitations and joining
 * with 403, as every other change to it: one rule (canWorkOnProject in common), one status
 * (issue 14). These were 400 before.
 */

const MSG = {
  unauthorized: 'Sitzung abgelaufen oder ungültig. Bitte erneut anmelden.',
  projectNotFound: 'Projekt nicht gefunden.',
  accessForbidden: 'Sie haben keinen Zugriff auf dieses Projekt.',
  teamForbidden: 'Nur der Projektleiter kann das Team verwalten.',
  teamReadOnly: 'Das Team eines abgeschlossenen oder archivierten Projekts kann nicht geändert werden.',
  userRequired: 'Bitte wählen Sie einen Benutzer aus.',
  notMember: 'Der gewählte Benutzer gehört nicht zum Team dieses Projekts.',
  cannotRemoveOwner: 'Der Projektleiter kann nicht aus dem Team entfernt werden.',
  ownerRequired: 'Bitte wählen Sie einen neuen Besitzer aus.',
  sameOwner: 'Der gewählte Benutzer ist bereits Projektleiter.',
  ownerUnknown: 'Der gewählte Benutzer existiert nicht.',
  reassignForbidden: 'Keine Berechtigung, Projekte neu zuzuweisen.',
  projectRequired: 'Bitte wählen Sie ein Projekt aus.',
  userUnknown: 'Der gewählte Benutzer existiert nicht.',
  alreadyMember: 'Der Benutzer gehört bereits zum Team dieses Projekts.',
  inviteReadOnly: 'Zu abgeschlossenen oder archivierten Projekten kann nicht eingeladen werden.',
  inviteConflict: 'Benutzer konnte nicht eingeladen werden. Möglicherweise existiert bereits eine Einladung.',
  inviteForbidden: 'Nur Projektleiter und Vertretung können Benutzer einladen.',
  statusInvalid: 'Bitte nehmen Sie die Einladung an oder lehnen Sie sie ab.',
  notPending: 'Die Einladung wurde bereits beantwortet oder zurückgezogen.',
  respondForbidden: 'Nur der eingeladene Benutzer kann die Einladung beantworten.',
  invitationNotFound: 'Die Einladung wurde nicht gefunden.',
  withdrawForbidden: 'Nur der Projektleiter kann Einladungen zurückziehen.',
  withdrawn: 'Die Einladung wurde zurückgezogen.',
  adminForbidden: 'Keine Berechtigung für die Admin-Übersicht.',
} as const;

const LOG = {
  deputySet: (name: string) => `hat ${name} als Vertretung festgelegt.`,
  deputyRemoved: (name: string) => `hat ${name} die Vertretung entzogen.`,
  memberRemoved: (name: string) => `hat ${name} aus dem Projekt entfernt.`,
  handedOver: (name: string) => `hat die Projektleitung an ${name} übertragen.`,
  reassigned: (from: string, to: string) => `hat das Projekt von ${from} an ${to} neu zugewiesen.`,
  joined: 'ist dem Projekt beigetreten.',
  invited: (name: string) => `hat ${name} eingeladen.`,
  withdrawn: (name: string) => `hat die Einladung an ${name} zurückgezogen.`,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

let t: TestServer;
let admin: Person;

beforeAll(async () => {
  t = await testServer();
  const login = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
  admin = { id: login.user.id, username: login.user.username, token: login.token };
  // The Free license allows 6 users and 10 active projects; these tests make many more.
  await grantLifetimeLicense();
});
afterAll(() => t.close());

const api = <T = ErrorBody>(...args: ApiArgs) => t.api<T>(...args);

const person = (role: Role) => signedInPerson(t, role);

/** A project of `owner` with the given deputy and members placed straight into the database. */
const teamProject = (
  owner: Person,
  { deputy = null, members = [] }: { deputy?: Person | null; members?: Person[] } = {},
) => buildProject(t, owner.token, { deputyId: deputy?.id ?? null, memberIds: members.map((member) => member.id) });

async function read(who: Person, id: string): Promise<ProjectDocument> {
  const response = await api<ProjectDocument>('GET', `/api/projects/${id}`, who.token);
  expect(response.status).toBe(200);
  return response.body;
}

/** The project as Admin reads it (Admin sees every project and its change log). */
const readAsAdmin = (id: string) => read(admin, id);

/** Who has which place in the team, as the document says it (owner, deputy, members and `team`). */
function teamOf(document: ProjectDocument) {
  return {
    ownerId: document.ownerId,
    deputyOwnerId: document.deputyOwnerId,
    memberIds: [...document.memberIds].sort(),
    team: Object.fromEntries(document.team.map((entry) => [entry.id, entry.teamRole])),
  };
}

const expectedTeam = (teamOwner: Person, teamDeputy: Person | null, teamMembers: Person[]) => ({
  ownerId: teamOwner.id,
  deputyOwnerId: teamDeputy?.id ?? null,
  memberIds: teamMembers.map((entry) => entry.id).sort(),
  team: Object.fromEntries<string>([
    [teamOwner.id, 'owner'],
    ...(teamDeputy ? [[teamDeputy.id, 'deputy'] as [string, string]] : []),
    ...teamMembers.map((entry): [string, string] => [entry.id, 'member']),
  ]),
});

/** The project's revision, team and change log, read as Admin: what a refused request must not change. */
async function snapshot(id: string) {
  const document = await readAsAdmin(id);
  return {
    revision: document.revision,
    status: document.status,
    team: teamOf(document),
    changeLog: document.changeLog.map((entry) => entry.id),
  };
}

async function complete(owner: Person, id: string) {
  expect((await api('POST', `/api/projects/${id}/complete`, owner.token)).status).toBe(200);
}

async function archive(owner: Person, id: string) {
  expect((await api('DELETE', `/api/projects/${id}`, owner.token)).status).toBe(200);
}

/** The newest change-log entry must be exactly this one, one revision after `before`. */
function expectLogged(document: ProjectDocument, before: ProjectDocument, actor: Person, action: string) {
  expect(document.revision).toBe(before.revision + 1);
  expect(document.changeLog).toHaveLength(before.changeLog.length + 1);
  expect(document.changeLog[0]).toEqual({
    id: expect.stringMatching(UUID) as string,
    timestamp: expect.stringMatching(ISO_TIME) as string,
    userId: actor.id,
    username: actor.username,
    action,
  });
}

const myInvitations = async (who: Person) => {
  const response = await api<InvitationDto[]>('GET', '/api/invitations', who.token);
  expect(response.status).toBe(200);
  return response.body;
};

const projectInvitations = async (owner: Person, projectId: string) => {
  const response = await api<InvitationDto[]>('GET', `/api/projects/${projectId}/invitations`, owner.token);
  expect(response.status).toBe(200);
  return response.body;
};

async function invite(from: Person, projectId: string, to: Person): Promise<InvitationDto> {
  const response = await api<InvitationDto>('POST', '/api/invitations', from.token, {
    project: projectId,
    toUserId: to.id,
  });
  expect(response.status).toBe(201);
  return response.body;
}

/** The stored invitations of a user to a project, straight from the database. */
const storedInvitations = (projectId: string, userId: string) =>
  User.sequelize!.query<{ id: string; status: string }>(
    'SELECT id, status FROM project_invitations WHERE project_id = :projectId AND to_user_id = :userId ORDER BY created_at',
    { type: QueryTypes.SELECT, replacements: { projectId, userId } },
  );

const summaryIds = async (who: Person, path = '/api/projects') => {
  const response = await api<ProjectSummaryDto[]>('GET', path, who.token);
  expect(response.status).toBe(200);
  return response.body.map((project) => project.id);
};

// The cast of the tests; each test makes its own projects, so they stay independent.
let owner: Person;
let deputy: Person;
let member: Person;
let helfer: Person;
let outsider: Person;
let firmenleiter: Person;
let projektleiter: Person;

beforeAll(async () => {
  owner = await person('Projektleiter');
  deputy = await person('Monteur');
  member = await person('Monteur');
  helfer = await person('Helfer');
  outsider = await person('Monteur');
  firmenleiter = await person('Firmenleiter');
  projektleiter = await person('Projektleiter');
});

describe('authentication', () => {
  it('answers 401 on every team, invitation and admin-overview route without a token and changes nothing', async () => {
    const project = await teamProject(owner, { deputy, members: [member] });
    const pending = await invite(owner, project.id, outsider);
    const before = await snapshot(project.id);
    const routes: [string, string, unknown?][] = [
      ['PUT', `/api/projects/${project.id}/deputy`, { userId: member.id }],
      ['DELETE', `/api/projects/${project.id}/members/${member.id}`],
      ['POST', `/api/projects/${project.id}/handover`, { newOwnerId: member.id }],
      ['POST', `/api/projects/${project.id}/reassign`, { newOwnerId: member.id }],
      ['GET', '/api/invitations'],
      ['POST', '/api/invitations', { project: project.id, toUserId: helfer.id }],
      ['POST', `/api/invitations/${pending.id}/respond`, { status: 'accepted' }],
      ['GET', `/api/projects/${project.id}/invitations`],
      ['DELETE', `/api/invitations/${pending.id}`],
      ['GET', '/api/admin/projects'],
      ['GET', '/api/admin/templates'],
    ];
    for (const [method, path, body] of routes) {
      const response = await api(method, path, undefined, body);
      // (docs/api.md also names code 'session_invalid'; without any token the server leaves the code out.)
      expect([method, path, response.status, response.body.message]).toEqual([method, path, 401, MSG.unauthorized]);
    }
    expect(await snapshot(project.id)).toEqual(before);
    expect(await storedInvitations(project.id, outsider.id)).toEqual([{ id: pending.id, status: 'pending' }]);
    expect(await storedInvitations(project.id, helfer.id)).toEqual([]);
  });
});

describe('PUT /api/projects/{id}/deputy', () => {
  it('makes a member the deputy, with a new revision and the change-log entry', async () => {
    const project = await teamProject(owner, { members: [member, helfer] });
    const response = await api<ProjectDocument>('PUT', `/api/projects/${project.id}/deputy`, owner.token, {
      userId: member.id,
    });
    expect(response.status).toBe(200);
    expect(teamOf(response.body)).toEqual(expectedTeam(owner, member, [helfer]));
    expectLogged(response.body, project, owner, LOG.deputySet(member.username));
    const stored = await read(owner, project.id);
    expect(teamOf(stored)).toEqual(expectedTeam(owner, member, [helfer]));
    expect(stored.revision).toBe(project.revision + 1);
    expect(stored.changeLog[0]!.action).toBe(LOG.deputySet(member.username));
  });

  it('makes the previous deputy a member when another member becomes deputy', async () => {
    const project = await teamProject(owner, { deputy, members: [member] });
    const response = await api<ProjectDocument>('PUT', `/api/projects/${project.id}/deputy`, owner.token, {
      userId: member.id,
    });
    expect(response.status).toBe(200);
    expect(teamOf(response.body)).toEqual(expectedTeam(owner, member, [deputy]));
    expectLogged(response.body, project, owner, LOG.deputySet(member.username));
    expect(teamOf(await readAsAdmin(project.id))).toEqual(expectedTeam(owner, member, [deputy]));
  });

  it('accepts the id in upper case as the same user', async () => {
    const project = await teamProject(owner, { members: [member] });
    const response = await api<ProjectDocument>('PUT', `/api/projects/${project.id}/deputy`, owner.token, {
      userId: member.id.toUpperCase(),
    });
    expect(response.status).toBe(200);
    expect(teamOf(response.body)).toEqual(expectedTeam(owner, member, []));
  });

  it('makes the deputy a member with {userId: null}', async () => {
    const project = await teamProject(owner, { deputy, members: [member] });
    const response = await api<ProjectDocument>('PUT', `/api/projects/${project.id}/deputy`, owner.token, {
      userId: null,
    });
    expect(response.status).toBe(200);
    expect(teamOf(response.body)).toEqual(expectedTeam(owner, null, [member, deputy]));
    expectLogged(response.body, project, owner, LOG.deputyRemoved(deputy.username));
    expect(teamOf(await readAsAdmin(project.id))).toEqual(expectedTeam(owner, null, [member, deputy]));
    // The former deputy still sees the project, now as a member.
    expect((await api('GET', `/api/projects/${project.id}`, deputy.token)).status).toBe(200);
  });

  it.each([
    ['no userId', {}],
    ['a malformed id', { userId: 'kein-benutzer' }],
    ['a number', { userId: 42 }],
    ['an empty id', { userId: '' }],
  ])('answers 400 "Bitte wählen Sie einen Benutzer aus." for %s and changes nothing', async (_case, body) => {
    const project = await teamProject(owner, { deputy, members: [member] });
    const before = await snapshot(project.id);
    const response = await api('PUT', `/api/projects/${project.id}/deputy`, owner.token, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: MSG.userRequired, code: 'validation' });
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('answers 400 for someone who is not on the team (an outsider, the owner, an unknown id) and changes nothing', async () => {
    const project = await teamProject(owner, { deputy, members: [member] });
    const before = await snapshot(project.id);
    for (const userId of [outsider.id, owner.id, newId()]) {
      const response = await api('PUT', `/api/projects/${project.id}/deputy`, owner.token, { userId });
      expect([userId, response.status, response.body.message]).toEqual([userId, 400, MSG.notMember]);
    }
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('answers 400 for {userId: null} when the project has no deputy', async () => {
    const project = await teamProject(owner, { members: [member] });
    const before = await snapshot(project.id);
    const response = await api('PUT', `/api/projects/${project.id}/deputy`, owner.token, { userId: null });
    expect([response.status, response.body.message]).toEqual([400, MSG.notMember]);
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('lets only the owner manage the team: members, the deputy, Admin and Firmenleiter get 403', async () => {
    const project = await teamProject(owner, { deputy, members: [member, helfer] });
    const before = await snapshot(project.id);
    for (const caller of [member, deputy, helfer, admin, firmenleiter]) {
      const response = await api('PUT', `/api/projects/${project.id}/deputy`, caller.token, { userId: member.id });
      expect([caller.username, response.status, response.body.message, response.body.code]).toEqual([
        caller.username,
        403,
        MSG.teamForbidden,
        'forbidden',
      ]);
    }
    const stranger = await api('PUT', `/api/projects/${project.id}/deputy`, outsider.token, { userId: member.id });
    expect([stranger.status, stranger.body.message]).toEqual([403, MSG.accessForbidden]);
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('answers 404 for an unknown or malformed project id', async () => {
    for (const id of [newId(), 'kein-projekt']) {
      const response = await api('PUT', `/api/projects/${id}/deputy`, owner.token, { userId: member.id });
      expect([id, response.status, response.body.message]).toEqual([id, 404, MSG.projectNotFound]);
    }
  });

  it('refuses team changes on completed and archived projects with 403', async () => {
    for (const finish of [complete, archive]) {
      const project = await teamProject(owner, { deputy, members: [member] });
      await finish(owner, project.id);
      const before = await snapshot(project.id);
      for (const userId of [member.id, null]) {
        const response = await api('PUT', `/api/projects/${project.id}/deputy`, owner.token, { userId });
        expect([finish.name, response.status, response.body.message]).toEqual([finish.name, 403, MSG.teamReadOnly]);
      }
      expect(await snapshot(project.id)).toEqual(before);
    }
  });
});

describe('DELETE /api/projects/{id}/members/{userId}', () => {
  it('removes a member, who then no longer sees the project', async () => {
    const project = await teamProject(owner, { deputy, members: [member, helfer] });
    expect(await summaryIds(member)).toContain(project.id);
    const response = await api<ProjectDocument>(
      'DELETE',
      `/api/projects/${project.id}/members/${member.id}`,
      owner.token,
    );
    expect(response.status).toBe(200);
    expect(teamOf(response.body)).toEqual(expectedTeam(owner, deputy, [helfer]));
    expectLogged(response.body, project, owner, LOG.memberRemoved(member.username));
    expect(teamOf(await readAsAdmin(project.id))).toEqual(expectedTeam(owner, deputy, [helfer]));
    const afterwards = await api('GET', `/api/projects/${project.id}`, member.token);
    expect([afterwards.status, afterwards.body.message]).toEqual([403, MSG.accessForbidden]);
    expect(await summaryIds(member)).not.toContain(project.id);
  });

  it('removes the deputy: the project has no deputy afterwards', async () => {
    const project = await teamProject(owner, { deputy, members: [member] });
    const response = await api<ProjectDocument>(
      'DELETE',
      `/api/projects/${project.id}/members/${deputy.id}`,
      owner.token,
    );
    expect(response.status).toBe(200);
    expect(teamOf(response.body)).toEqual(expectedTeam(owner, null, [member]));
    expectLogged(response.body, project, owner, LOG.memberRemoved(deputy.username));
    expect(teamOf(await readAsAdmin(project.id))).toEqual(expectedTeam(owner, null, [member]));
    expect((await api('GET', `/api/projects/${project.id}`, deputy.token)).status).toBe(403);
  });

  it('answers 400 "Der Projektleiter kann nicht aus dem Team entfernt werden." for the owner', async () => {
    const project = await teamProject(owner, { deputy, members: [member] });
    const before = await snapshot(project.id);
    const response = await api('DELETE', `/api/projects/${project.id}/members/${owner.id}`, owner.token);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: MSG.cannotRemoveOwner, code: 'validation' });
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('answers 400 for a user who is not on the team, and 404 for a malformed user id', async () => {
    const project = await teamProject(owner, { deputy, members: [member] });
    const before = await snapshot(project.id);
    for (const userId of [outsider.id, newId()]) {
      const response = await api('DELETE', `/api/projects/${project.id}/members/${userId}`, owner.token);
      expect([userId, response.status, response.body.message]).toEqual([userId, 400, MSG.notMember]);
    }
    const malformed = await api('DELETE', `/api/projects/${project.id}/members/kein-benutzer`, owner.token);
    expect(malformed.status).toBe(404);
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('lets only the owner remove people: 403 for a member, the deputy and Admin; a stranger gets the access 403', async () => {
    const project = await teamProject(owner, { deputy, members: [member, helfer] });
    const before = await snapshot(project.id);
    for (const caller of [member, deputy, admin]) {
      const response = await api('DELETE', `/api/projects/${project.id}/members/${helfer.id}`, caller.token);
      expect([caller.username, response.status, response.body.message]).toEqual([
        caller.username,
        403,
        MSG.teamForbidden,
      ]);
    }
    const self = await api('DELETE', `/api/projects/${project.id}/members/${member.id}`, member.token);
    expect([self.status, self.body.message]).toEqual([403, MSG.teamForbidden]);
    const stranger = await api('DELETE', `/api/projects/${project.id}/members/${member.id}`, outsider.token);
    expect([stranger.status, stranger.body.message]).toEqual([403, MSG.accessForbidden]);
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('answers 404 for an unknown project and 403 on a completed project', async () => {
    const unknown = await api('DELETE', `/api/projects/${newId()}/members/${member.id}`, owner.token);
    expect([unknown.status, unknown.body.message]).toEqual([404, MSG.projectNotFound]);
    const project = await teamProject(owner, { members: [member] });
    await complete(owner, project.id);
    const before = await snapshot(project.id);
    const response = await api('DELETE', `/api/projects/${project.id}/members/${member.id}`, owner.token);
    expect([response.status, response.body.message]).toEqual([403, MSG.teamReadOnly]);
    expect(await snapshot(project.id)).toEqual(before);
  });
});

describe('POST /api/projects/{id}/handover', () => {
  it('hands the project over to a member: the old owner becomes a member and can no longer manage the team', async () => {
    const oldOwner = await person('Projektleiter');
    const project = await teamProject(oldOwner, { deputy, members: [member, helfer] });
    const response = await api<ProjectDocument>('POST', `/api/projects/${project.id}/handover`, oldOwner.token, {
      newOwnerId: member.id,
    });
    expect(response.status).toBe(200);
    expect(teamOf(response.body)).toEqual(expectedTeam(member, deputy, [helfer, oldOwner]));
    expect(response.body.ownerUsername).toBe(member.username);
    expect(response.body.revision).toBe(project.revision + 1);
    // The answer is the document as the old owner may now read it: without the change log.
    expect(response.body.changeLog).toEqual([]);
    const asNewOwner = await read(member, project.id);
    expect(teamOf(asNewOwner)).toEqual(expectedTeam(member, deputy, [helfer, oldOwner]));
    expectLogged(asNewOwner, project, oldOwner, LOG.handedOver(member.username));

    const before = await snapshot(project.id);
    for (const [method, path, body] of [
      ['PUT', `/api/projects/${project.id}/deputy`, { userId: helfer.id }],
      ['DELETE', `/api/projects/${project.id}/members/${helfer.id}`, undefined],
      ['POST', `/api/projects/${project.id}/handover`, { newOwnerId: oldOwner.id }],
      ['GET', `/api/projects/${project.id}/invitations`, undefined],
    ] as const) {
      const refused = await api(method, path, oldOwner.token, body);
      expect([method, path, refused.status, refused.body.message]).toEqual([method, path, 403, MSG.teamForbidden]);
    }
    expect(await snapshot(project.id)).toEqual(before);
    // The new owner manages the team now.
    const byNewOwner = await api<ProjectDocument>('PUT', `/api/projects/${project.id}/deputy`, member.token, {
      userId: oldOwner.id,
    });
    expect(byNewOwner.status).toBe(200);
    expect(teamOf(byNewOwner.body)).toEqual(expectedTeam(member, oldOwner, [helfer, deputy]));
  });

  it('hands the project over to the deputy: the project has no deputy afterwards', async () => {
    const oldOwner = await person('Projektleiter');
    const project = await teamProject(oldOwner, { deputy, members: [member] });
    const response = await api<ProjectDocument>('POST', `/api/projects/${project.id}/handover`, oldOwner.token, {
      newOwnerId: deputy.id,
    });
    expect(response.status).toBe(200);
    expect(teamOf(response.body)).toEqual(expectedTeam(deputy, null, [member, oldOwner]));
    const asNewOwner = await read(deputy, project.id);
    expect(teamOf(asNewOwner)).toEqual(expectedTeam(deputy, null, [member, oldOwner]));
    expectLogged(asNewOwner, project, oldOwner, LOG.handedOver(deputy.username));
    expect(await summaryIds(oldOwner)).toContain(project.id);
  });

  it.each([
    ['no newOwnerId', {}],
    ['null', { newOwnerId: null }],
    ['a malformed id', { newOwnerId: 'niemand' }],
    ['the old field name', { userId: newId() }],
  ])('answers 400 "Bitte wählen Sie einen neuen Besitzer aus." for %s and changes nothing', async (_case, body) => {
    const project = await teamProject(owner, { deputy, members: [member] });
    const before = await snapshot(project.id);
    const response = await api('POST', `/api/projects/${project.id}/handover`, owner.token, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: MSG.ownerRequired, code: 'validation' });
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('answers 400 for someone who is not on the team (outsider, the owner, unknown id) and changes nothing', async () => {
    const project = await teamProject(owner, { deputy, members: [member] });
    const before = await snapshot(project.id);
    for (const newOwnerId of [outsider.id, owner.id, newId()]) {
      const response = await api('POST', `/api/projects/${project.id}/handover`, owner.token, { newOwnerId });
      expect([newOwnerId, response.status, response.body.message]).toEqual([newOwnerId, 400, MSG.notMember]);
    }
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('lets only the owner hand over (403 for member, deputy, Admin, Firmenleiter); 404 unknown; 403 completed', async () => {
    const project = await teamProject(owner, { deputy, members: [member] });
    const before = await snapshot(project.id);
    for (const caller of [member, deputy, admin, firmenleiter]) {
      const response = await api('POST', `/api/projects/${project.id}/handover`, caller.token, {
        newOwnerId: caller.id === member.id ? deputy.id : member.id,
      });
      expect([caller.username, response.status, response.body.message]).toEqual([
        caller.username,
        403,
        MSG.teamForbidden,
      ]);
    }
    expect(await snapshot(project.id)).toEqual(before);
    const unknown = await api('POST', `/api/projects/${newId()}/handover`, owner.token, { newOwnerId: member.id });
    expect([unknown.status, unknown.body.message]).toEqual([404, MSG.projectNotFound]);
    await complete(owner, project.id);
    const completed = await snapshot(project.id);
    const response = await api('POST', `/api/projects/${project.id}/handover`, owner.token, { newOwnerId: member.id });
    expect([response.status, response.body.message]).toEqual([403, MSG.teamReadOnly]);
    expect(await snapshot(project.id)).toEqual(completed);
  });
});

describe('POST /api/projects/{id}/reassign', () => {
  it('lets Admin give the project to a user outside the team; the old owner becomes a member', async () => {
    const oldOwner = await person('Projektleiter');
    const newOwner = await person('Projektleiter');
    const project = await teamProject(oldOwner, { deputy, members: [member] });
    const response = await api<ProjectDocument>('POST', `/api/projects/${project.id}/reassign`, admin.token, {
      newOwnerId: newOwner.id,
    });
    expect(response.status).toBe(200);
    expect(teamOf(response.body)).toEqual(expectedTeam(newOwner, deputy, [member, oldOwner]));
    expect(response.body.ownerUsername).toBe(newOwner.username);
    expectLogged(response.body, project, admin, LOG.reassigned(oldOwner.username, newOwner.username));
    const asNewOwner = await read(newOwner, project.id);
    expect(teamOf(asNewOwner)).toEqual(expectedTeam(newOwner, deputy, [member, oldOwner]));
    expect(asNewOwner.changeLog[0]!.action).toBe(LOG.reassigned(oldOwner.username, newOwner.username));
    expect(await summaryIds(newOwner)).toContain(project.id);
    // The old owner is a member now: may read, may not manage.
    expect((await api('GET', `/api/projects/${project.id}`, oldOwner.token)).status).toBe(200);
    const refused = await api('PUT', `/api/projects/${project.id}/deputy`, oldOwner.token, { userId: member.id });
    expect([refused.status, refused.body.message]).toEqual([403, MSG.teamForbidden]);
  });

  it('lets Firmenleiter give the project to a member, who leaves the member list', async () => {
    const oldOwner = await person('Projektleiter');
    const project = await teamProject(oldOwner, { deputy, members: [member, helfer] });
    const response = await api<ProjectDocument>('POST', `/api/projects/${project.id}/reassign`, firmenleiter.token, {
      newOwnerId: member.id,
    });
    expect(response.status).toBe(200);
    expect(teamOf(response.body)).toEqual(expectedTeam(member, deputy, [helfer, oldOwner]));
    expectLogged(response.body, project, firmenleiter, LOG.reassigned(oldOwner.username, member.username));
    expect(teamOf(await readAsAdmin(project.id))).toEqual(expectedTeam(member, deputy, [helfer, oldOwner]));
  });

  it('gives the project to its deputy, who leaves the deputy role', async () => {
    const oldOwner = await person('Projektleiter');
    const project = await teamProject(oldOwner, { deputy, members: [member] });
    const response = await api<ProjectDocument>('POST', `/api/projects/${project.id}/reassign`, admin.token, {
      newOwnerId: deputy.id,
    });
    expect(response.status).toBe(200);
    expect(teamOf(response.body)).toEqual(expectedTeam(deputy, null, [member, oldOwner]));
    expect(teamOf(await readAsAdmin(project.id))).toEqual(expectedTeam(deputy, null, [member, oldOwner]));
  });

  it('works on a completed project, which stays completed', async () => {
    const oldOwner = await person('Projektleiter');
    const project = await teamProject(oldOwner, { members: [member] });
    await complete(oldOwner, project.id);
    const completed = await readAsAdmin(project.id);
    const response = await api<ProjectDocument>('POST', `/api/projects/${project.id}/reassign`, admin.token, {
      newOwnerId: projektleiter.id,
    });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('completed');
    expect(teamOf(response.body)).toEqual(expectedTeam(projektleiter, null, [member, oldOwner]));
    expectLogged(response.body, completed, admin, LOG.reassigned(oldOwner.username, projektleiter.username));
  });

  it('answers 403 on an archived project and changes nothing', async () => {
    const project = await teamProject(owner, { members: [member] });
    await archive(owner, project.id);
    const before = await snapshot(project.id);
    const response = await api('POST', `/api/projects/${project.id}/reassign`, admin.token, {
      newOwnerId: projektleiter.id,
    });
    expect([response.status, response.body.message]).toEqual([403, MSG.teamReadOnly]);
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('answers 400 for a missing or malformed new owner, the same owner, and an unknown user', async () => {
    const project = await teamProject(owner, { deputy, members: [member] });
    const before = await snapshot(project.id);
    const cases: [unknown, string][] = [
      [{}, MSG.ownerRequired],
      [{ newOwnerId: null }, MSG.ownerRequired],
      [{ newOwnerId: 'x' }, MSG.ownerRequired],
      [{ newOwnerId: owner.id }, MSG.sameOwner],
      [{ newOwnerId: owner.id.toUpperCase() }, MSG.sameOwner],
      [{ newOwnerId: newId() }, MSG.ownerUnknown],
    ];
    for (const [body, message] of cases) {
      const response = await api('POST', `/api/projects/${project.id}/reassign`, admin.token, body);
      expect([body, response.status, response.body.message]).toEqual([body, 400, message]);
    }
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('answers 403 "Keine Berechtigung, Projekte neu zuzuweisen." to the owner, the deputy and members', async () => {
    const project = await teamProject(owner, { deputy, members: [member] });
    const before = await snapshot(project.id);
    for (const caller of [owner, deputy, member, projektleiter]) {
      const response = await api('POST', `/api/projects/${project.id}/reassign`, caller.token, {
        newOwnerId: outsider.id,
      });
      expect([caller.username, response.status, response.body.message]).toEqual([
        caller.username,
        403,
        MSG.reassignForbidden,
      ]);
    }
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('needs read access as well: a Projektleiter granted can_reassign_projects takes over no foreign project (finding 6)', async () => {
    await RolePermission.upsert({
      role: 'Projektleiter',
      permissions: [...DEFAULT_ROLE_PERMISSIONS.Projektleiter, 'can_reassign_projects'],
    });
    try {
      const granted = await person('Projektleiter');
      const foreign = await teamProject(owner, { members: [member] });
      const before = await snapshot(foreign.id);
      const refused = await api('POST', `/api/projects/${foreign.id}/reassign`, granted.token, {
        newOwnerId: granted.id,
      });
      expect([refused.status, refused.body.message]).toEqual([403, MSG.accessForbidden]);
      expect(await snapshot(foreign.id)).toEqual(before);
      // On a project the same user belongs to, the permission works.
      const own = await teamProject(owner, { members: [member, granted] });
      const allowed = await api<ProjectDocument>('POST', `/api/projects/${own.id}/reassign`, granted.token, {
        newOwnerId: member.id,
      });
      expect(allowed.status).toBe(200);
      expect(allowed.body.ownerId).toBe(member.id);
    } finally {
      await RolePermission.upsert({ role: 'Projektleiter', permissions: [...DEFAULT_ROLE_PERMISSIONS.Projektleiter] });
    }
  });

  it('answers 404 for an unknown project, a malformed id and a template', async () => {
    const templates = await api<TemplateSummaryDto[]>('GET', '/api/templates', admin.token);
    const template = templates.body.find((entry) => entry.ownerId === null)!;
    for (const id of [newId(), 'kein-projekt', template.id]) {
      const response = await api('POST', `/api/projects/${id}/reassign`, admin.token, { newOwnerId: outsider.id });
      expect([id, response.status, response.body.message]).toEqual([id, 404, MSG.projectNotFound]);
    }
  });
});

describe('POST /api/invitations', () => {
  it('lets the owner invite a Monteur: 201 with the invitation, listed for the invitee, logged', async () => {
    const project = await teamProject(owner, { members: [member] });
    const invitee = await person('Monteur');
    const response = await api<InvitationDto>('POST', '/api/invitations', owner.token, {
      project: project.id,
      toUserId: invitee.id,
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(UUID) as string,
      project: project.id,
      projectName: project.name,
      toUserId: invitee.id,
      toUsername: invitee.username,
      fromUserId: owner.id,
      fromUsername: owner.username,
      timestamp: expect.stringMatching(ISO_TIME) as string,
      status: 'pending',
    });
    expect(await myInvitations(invitee)).toEqual([response.body]);
    expect(await projectInvitations(owner, project.id)).toEqual([response.body]);
    const after = await read(owner, project.id);
    expectLogged(after, project, owner, LOG.invited(invitee.username));
    // An invitation is not membership yet.
    expect(teamOf(after)).toEqual(expectedTeam(owner, null, [member]));
    expect((await api('GET', `/api/projects/${project.id}`, invitee.token)).status).toBe(403);
  });

  it('answers 409 to a second invitation of the same user to the same project', async () => {
    const project = await teamProject(owner, { deputy });
    const invitee = await person('Monteur');
    const first = await invite(owner, project.id, invitee);
    const before = await snapshot(project.id);
    for (const from of [owner, deputy]) {
      const response = await api('POST', '/api/invitations', from.token, { project: project.id, toUserId: invitee.id });
      expect([response.status, response.body.message]).toEqual([409, MSG.inviteConflict]);
    }
    expect(await myInvitations(invitee)).toEqual([first]);
    expect(await storedInvitations(project.id, invitee.id)).toEqual([{ id: first.id, status: 'pending' }]);
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('makes only one invitation of two sent at the same moment; the other gets 409', async () => {
    const project = await teamProject(owner, { deputy });
    const invitee = await person('Monteur');
    const body = { project: project.id, toUserId: invitee.id };
    const answers = await Promise.all([
      api<InvitationDto>('POST', '/api/invitations', owner.token, body),
      api<InvitationDto>('POST', '/api/invitations', deputy.token, body),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const created = answers.find((answer) => answer.status === 201)!.body;
    expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({ message: MSG.inviteConflict });
    expect(await storedInvitations(project.id, invitee.id)).toEqual([{ id: created.id, status: 'pending' }]);
    expect(await myInvitations(invitee)).toEqual([created]);
  });

  it('answers 400 "Der Benutzer gehört bereits zum Team dieses Projekts." for owner, deputy and members', async () => {
    const project = await teamProject(owner, { deputy, members: [member] });
    const before = await snapshot(project.id);
    for (const target of [owner, deputy, member]) {
      const response = await api('POST', '/api/invitations', owner.token, { project: project.id, toUserId: target.id });
      expect([target.username, response.status, response.body.message]).toEqual([
        target.username,
        400,
        MSG.alreadyMember,
      ]);
      expect(await storedInvitations(project.id, target.id)).toEqual([]);
    }
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('answers 400 for missing or malformed fields and an unknown user, storing nothing', async () => {
    const project = await teamProject(owner);
    const before = await snapshot(project.id);
    const unknownUser = newId();
    const cases: [unknown, string][] = [
      [{ toUserId: outsider.id }, MSG.projectRequired],
      [{ project: 'kein-projekt', toUserId: outsider.id }, MSG.projectRequired],
      [{ project: project.id }, MSG.userRequired],
      [{ project: project.id, toUserId: 'kein-benutzer' }, MSG.userRequired],
      [{ project: project.id, toUserId: null }, MSG.userRequired],
      [{ project: project.id, toUserId: unknownUser }, MSG.userUnknown],
    ];
    for (const [body, message] of cases) {
      const response = await api('POST', '/api/invitations', owner.token, body);
      expect([body, response.status, response.body.message]).toEqual([body, 400, message]);
    }
    expect(await storedInvitations(project.id, outsider.id)).toEqual([]);
    expect(await storedInvitations(project.id, unknownUser)).toEqual([]);
    expect(await projectInvitations(owner, project.id)).toEqual([]);
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('answers 403 to a plain member and to a stranger; 404 for an unknown project', async () => {
    const project = await teamProject(owner, { deputy, members: [member, helfer] });
    const invitee = await person('Monteur');
    const before = await snapshot(project.id);
    for (const caller of [member, helfer]) {
      const response = await api('POST', '/api/invitations', caller.token, {
        project: project.id,
        toUserId: invitee.id,
      });
      expect([caller.username, response.status, response.body.message, response.body.code]).toEqual([
        caller.username,
        403,
        MSG.inviteForbidden,
        'forbidden',
      ]);
    }
    const stranger = await api('POST', '/api/invitations', outsider.token, {
      project: project.id,
      toUserId: invitee.id,
    });
    expect([stranger.status, stranger.body.message]).toEqual([403, MSG.accessForbidden]);
    expect(await storedInvitations(project.id, invitee.id)).toEqual([]);
    expect(await myInvitations(invitee)).toEqual([]);
    expect(await snapshot(project.id)).toEqual(before);
    const unknown = await api('POST', '/api/invitations', owner.token, { project: newId(), toUserId: invitee.id });
    expect([unknown.status, unknown.body.message]).toEqual([404, MSG.projectNotFound]);
  });

  it('lets the deputy, Admin and Firmenleiter invite', async () => {
    const project = await teamProject(owner, { deputy });
    for (const from of [deputy, admin, firmenleiter]) {
      const invitee = await person('Helfer');
      const invitation = await invite(from, project.id, invitee);
      expect(invitation).toMatchObject({
        project: project.id,
        toUserId: invitee.id,
        fromUserId: from.id,
        fromUsername: from.username,
        status: 'pending',
      });
      expect(await myInvitations(invitee)).toEqual([invitation]);
      const log = await readAsAdmin(project.id);
      expect(log.changeLog[0]).toMatchObject({ userId: from.id, action: LOG.invited(invitee.username) });
    }
    expect(await projectInvitations(owner, project.id)).toHaveLength(3);
  });

  it('answers 403 for completed and archived projects, even to the owner', async () => {
    for (const finish of [complete, archive]) {
      const project = await teamProject(owner, { deputy });
      await finish(owner, project.id);
      const before = await snapshot(project.id);
      for (const from of [owner, deputy, admin]) {
        const response = await api('POST', '/api/invitations', from.token, {
          project: project.id,
          toUserId: outsider.id,
        });
        expect([finish.name, from.username, response.status, response.body.message]).toEqual([
          finish.name,
          from.username,
          403,
          MSG.inviteReadOnly,
        ]);
      }
      expect(await storedInvitations(project.id, outsider.id)).toEqual([]);
      expect(await snapshot(project.id)).toEqual(before);
    }
  });
});

describe('GET /api/invitations', () => {
  it('lists only the caller’s pending invitations, newest first', async () => {
    const invitee = await person('Monteur');
    const first = await teamProject(owner);
    const second = await teamProject(projektleiter);
    const third = await teamProject(owner);
    const older = await invite(owner, first.id, invitee);
    const newer = await invite(projektleiter, second.id, invitee);
    const declined = await invite(owner, third.id, invitee);
    await invite(owner, first.id, helfer);
    expect(
      (await api('POST', `/api/invitations/${declined.id}/respond`, invitee.token, { status: 'declined' })).status,
    ).toBe(200);
    const response = await api<InvitationDto[]>('GET', '/api/invitations', invitee.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual([newer, older]);
    expect(response.body[0]).toMatchObject({ projectName: second.name, fromUsername: projektleiter.username });
  });
});

describe('POST /api/invitations/{id}/respond', () => {
  it('accepting makes the invitee a member who sees the project', async () => {
    const project = await teamProject(owner, { members: [member] });
    const invitee = await person('Monteur');
    const invitation = await invite(owner, project.id, invitee);
    const invited = await read(owner, project.id);
    const response = await api<InvitationDto>('POST', `/api/invitations/${invitation.id}/respond`, invitee.token, {
      status: 'accepted',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...invitation, status: 'accepted' });
    const document = await read(owner, project.id);
    expect(teamOf(document)).toEqual(expectedTeam(owner, null, [member, invitee]));
    expectLogged(document, invited, invitee, LOG.joined);
    expect((await api('GET', `/api/projects/${project.id}`, invitee.token)).status).toBe(200);
    expect(await summaryIds(invitee)).toContain(project.id);
    expect(await myInvitations(invitee)).toEqual([]);
    expect(await projectInvitations(owner, project.id)).toEqual([]);
    expect(await storedInvitations(project.id, invitee.id)).toEqual([{ id: invitation.id, status: 'accepted' }]);
  });

  it('refuses joining a completed project with 403 and keeps the invitation pending until it is reopened', async () => {
    const project = await teamProject(owner);
    const invitee = await person('Monteur');
    const invitation = await invite(owner, project.id, invitee);
    await complete(owner, project.id);
    const before = await snapshot(project.id);
    const refused = await api('POST', `/api/invitations/${invitation.id}/respond`, invitee.token, {
      status: 'accepted',
    });
    expect([refused.status, refused.body.message]).toEqual([403, de.team.invitations.readOnly]);
    expect(await snapshot(project.id)).toEqual(before);
    expect(await storedInvitations(project.id, invitee.id)).toEqual([{ id: invitation.id, status: 'pending' }]);

    expect((await api('POST', `/api/projects/${project.id}/reopen`, owner.token)).status).toBe(200);
    const accepted = await api('POST', `/api/invitations/${invitation.id}/respond`, invitee.token, {
      status: 'accepted',
    });
    expect(accepted.status).toBe(200);
    expect((await api('GET', `/api/projects/${project.id}`, invitee.token)).status).toBe(200);
  });

  it('declining does not make the invitee a member', async () => {
    const project = await teamProject(owner, { members: [member] });
    const invitee = await person('Monteur');
    const invitation = await invite(owner, project.id, invitee);
    const response = await api<InvitationDto>('POST', `/api/invitations/${invitation.id}/respond`, invitee.token, {
      status: 'declined',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...invitation, status: 'declined' });
    const document = await read(owner, project.id);
    expect(teamOf(document)).toEqual(expectedTeam(owner, null, [member]));
    expect(document.changeLog.map((entry) => entry.action)).not.toContain(LOG.joined);
    expect((await api('GET', `/api/projects/${project.id}`, invitee.token)).status).toBe(403);
    expect(await summaryIds(invitee)).not.toContain(project.id);
    expect(await myInvitations(invitee)).toEqual([]);
    expect(await projectInvitations(owner, project.id)).toEqual([]);
  });

  it('answers 400 "Die Einladung wurde bereits beantwortet oder zurückgezogen." to a second answer', async () => {
    const project = await teamProject(owner);
    for (const [firstAnswer, secondAnswer] of [
      ['accepted', 'declined'],
      ['declined', 'accepted'],
      ['accepted', 'accepted'],
    ] as const) {
      const invitee = await person('Helfer');
      const invitation = await invite(owner, project.id, invitee);
      const path = `/api/invitations/${invitation.id}/respond`;
      expect((await api('POST', path, invitee.token, { status: firstAnswer })).status).toBe(200);
      const before = await snapshot(project.id);
      const response = await api('POST', path, invitee.token, { status: secondAnswer });
      expect([firstAnswer, secondAnswer, response.status, response.body.message]).toEqual([
        firstAnswer,
        secondAnswer,
        400,
        MSG.notPending,
      ]);
      expect(await storedInvitations(project.id, invitee.id)).toEqual([{ id: invitation.id, status: firstAnswer }]);
      expect(await snapshot(project.id)).toEqual(before);
    }
  });

  it('answers 403 to anyone but the invitee, leaving the invitation pending', async () => {
    const project = await teamProject(owner, { deputy });
    const invitee = await person('Monteur');
    const invitation = await invite(owner, project.id, invitee);
    const before = await snapshot(project.id);
    for (const caller of [owner, deputy, admin, outsider]) {
      const response = await api('POST', `/api/invitations/${invitation.id}/respond`, caller.token, {
        status: 'accepted',
      });
      expect([caller.username, response.status, response.body.message]).toEqual([
        caller.username,
        403,
        MSG.respondForbidden,
      ]);
    }
    expect(await storedInvitations(project.id, invitee.id)).toEqual([{ id: invitation.id, status: 'pending' }]);
    expect(await myInvitations(invitee)).toEqual([invitation]);
    expect(await snapshot(project.id)).toEqual(before);
  });

  it.each([
    ['no status', {}],
    ['pending', { status: 'pending' }],
    ['withdrawn', { status: 'withdrawn' }],
    ['German', { status: 'angenommen' }],
  ])('answers 400 "Bitte nehmen Sie die Einladung an oder lehnen Sie sie ab." for %s', async (_case, body) => {
    const project = await teamProject(owner);
    const invitee = await person('Monteur');
    const invitation = await invite(owner, project.id, invitee);
    const response = await api('POST', `/api/invitations/${invitation.id}/respond`, invitee.token, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: MSG.statusInvalid, code: 'validation' });
    expect(await storedInvitations(project.id, invitee.id)).toEqual([{ id: invitation.id, status: 'pending' }]);
  });

  it('answers 404 "Die Einladung wurde nicht gefunden." for an unknown or malformed id', async () => {
    for (const id of [newId(), 'keine-einladung']) {
      const response = await api('POST', `/api/invitations/${id}/respond`, outsider.token, { status: 'accepted' });
      expect([id, response.status, response.body.message]).toEqual([id, 404, MSG.invitationNotFound]);
    }
  });
});

describe('GET /api/projects/{id}/invitations', () => {
  it('lists the project’s pending invitations to its owner, newest first', async () => {
    const project = await teamProject(owner, { deputy });
    const other = await teamProject(owner);
    const first = await person('Monteur');
    const second = await person('Helfer');
    const third = await person('Monteur');
    const older = await invite(owner, project.id, first);
    const newer = await invite(deputy, project.id, second);
    const answered = await invite(owner, project.id, third);
    await invite(owner, other.id, first);
    expect(
      (await api('POST', `/api/invitations/${answered.id}/respond`, third.token, { status: 'accepted' })).status,
    ).toBe(200);
    expect(await projectInvitations(owner, project.id)).toEqual([newer, older]);
  });

  it('answers 403 to the deputy, members, Admin and Firmenleiter; strangers get the access 403; 404 unknown', async () => {
    const project = await teamProject(owner, { deputy, members: [member] });
    await invite(owner, project.id, await person('Helfer'));
    for (const caller of [deputy, member, admin, firmenleiter]) {
      const response = await api('GET', `/api/projects/${project.id}/invitations`, caller.token);
      expect([caller.username, response.status, response.body.message]).toEqual([
        caller.username,
        403,
        MSG.teamForbidden,
      ]);
    }
    const stranger = await api('GET', `/api/projects/${project.id}/invitations`, outsider.token);
    expect([stranger.status, stranger.body.message]).toEqual([403, MSG.accessForbidden]);
    for (const id of [newId(), 'kein-projekt']) {
      const response = await api('GET', `/api/projects/${id}/invitations`, owner.token);
      expect([id, response.status, response.body.message]).toEqual([id, 404, MSG.projectNotFound]);
    }
  });
});

describe('DELETE /api/invitations/{id}', () => {
  it('lets the owner withdraw a pending invitation: gone from both lists, answering it is refused, logged', async () => {
    const project = await teamProject(owner, { deputy });
    const invitee = await person('Monteur');
    const invitation = await invite(deputy, project.id, invitee);
    const invited = await read(owner, project.id);
    const response = await api<MessageResponse>('DELETE', `/api/invitations/${invitation.id}`, owner.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: MSG.withdrawn });
    expect(await myInvitations(invitee)).toEqual([]);
    expect(await projectInvitations(owner, project.id)).toEqual([]);
    expect(await storedInvitations(project.id, invitee.id)).toEqual([{ id: invitation.id, status: 'withdrawn' }]);
    expectLogged(await read(owner, project.id), invited, owner, LOG.withdrawn(invitee.username));

    const answer = await api('POST', `/api/invitations/${invitation.id}/respond`, invitee.token, {
      status: 'accepted',
    });
    expect([answer.status, answer.body.message]).toEqual([400, MSG.notPending]);
    expect((await api('GET', `/api/projects/${project.id}`, invitee.token)).status).toBe(403);
    const again = await api('DELETE', `/api/invitations/${invitation.id}`, owner.token);
    expect([again.status, again.body.message]).toEqual([400, MSG.notPending]);
  });

  it('answers 400 for an invitation that was already answered', async () => {
    const project = await teamProject(owner);
    const invitee = await person('Monteur');
    const invitation = await invite(owner, project.id, invitee);
    await api('POST', `/api/invitations/${invitation.id}/respond`, invitee.token, { status: 'declined' });
    const before = await snapshot(project.id);
    const response = await api('DELETE', `/api/invitations/${invitation.id}`, owner.token);
    expect([response.status, response.body.message]).toEqual([400, MSG.notPending]);
    expect(await storedInvitations(project.id, invitee.id)).toEqual([{ id: invitation.id, status: 'declined' }]);
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('answers 403 to everyone but the owner (the deputy who invited, Admin, the invitee), leaving it pending', async () => {
    const project = await teamProject(owner, { deputy, members: [member] });
    const invitee = await person('Monteur');
    const invitation = await invite(deputy, project.id, invitee);
    const before = await snapshot(project.id);
    for (const caller of [deputy, member, admin, firmenleiter, invitee, outsider]) {
      const response = await api('DELETE', `/api/invitations/${invitation.id}`, caller.token);
      expect([caller.username, response.status, response.body.message]).toEqual([
        caller.username,
        403,
        MSG.withdrawForbidden,
      ]);
    }
    expect(await myInvitations(invitee)).toEqual([invitation]);
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('answers 404 "Die Einladung wurde nicht gefunden." for an unknown or malformed id', async () => {
    for (const id of [newId(), 'keine-einladung']) {
      const response = await api('DELETE', `/api/invitations/${id}`, owner.token);
      expect([id, response.status, response.body.message]).toEqual([id, 404, MSG.invitationNotFound]);
    }
  });

  it('allows a new invitation of the same user after a withdrawal and after a decline', async () => {
    const project = await teamProject(owner);
    const invitee = await person('Monteur');
    const withdrawn = await invite(owner, project.id, invitee);
    expect((await api('DELETE', `/api/invitations/${withdrawn.id}`, owner.token)).status).toBe(200);
    const second = await invite(owner, project.id, invitee);
    expect(second.id).not.toBe(withdrawn.id);
    expect(await myInvitations(invitee)).toEqual([second]);
    expect(
      (await api('POST', `/api/invitations/${second.id}/respond`, invitee.token, { status: 'declined' })).status,
    ).toBe(200);
    const third = await invite(owner, project.id, invitee);
    expect(await myInvitations(invitee)).toEqual([third]);
    expect(await storedInvitations(project.id, invitee.id)).toEqual([
      { id: withdrawn.id, status: 'withdrawn' },
      { id: second.id, status: 'declined' },
      { id: third.id, status: 'pending' },
    ]);
    // And the third one, accepted, makes the invitee a member.
    expect(
      (await api('POST', `/api/invitations/${third.id}/respond`, invitee.token, { status: 'accepted' })).status,
    ).toBe(200);
    expect((await read(owner, project.id)).memberIds).toEqual([invitee.id]);
  });
});

describe('admin overview', () => {
  it('GET /api/admin/projects lists active and completed projects of every owner to Admin and Firmenleiter', async () => {
    const ownerA = await person('Projektleiter');
    const ownerB = await person('Monteur');
    const active = await teamProject(ownerA, { members: [member] });
    const completed = await teamProject(ownerB);
    await complete(ownerB, completed.id);
    const archived = await teamProject(ownerA);
    await archive(ownerA, archived.id);
    for (const caller of [admin, firmenleiter]) {
      const response = await api<ProjectSummaryDto[]>('GET', '/api/admin/projects', caller.token);
      expect(response.status).toBe(200);
      const mine = response.body.filter((project) => [active.id, completed.id, archived.id].includes(project.id));
      expect(mine.map((project) => project.id).sort()).toEqual([active.id, completed.id].sort());
      expect(mine.find((project) => project.id === active.id)).toEqual({
        id: active.id,
        revision: active.revision,
        name: active.name,
        description: active.description,
        icon: active.icon,
        projectNumber: active.projectNumber,
        customerType: active.customerType,
        status: 'active',
        ownerId: ownerA.id,
        ownerUsername: ownerA.username,
        deputyOwnerId: null,
        memberIds: [member.id],
        groupId: null,
        tagIds: [],
        thumbnailImageId: null,
        cardCount: expect.any(Number) as number,
        doneCount: expect.any(Number) as number,
        lastModified: expect.stringMatching(ISO_TIME) as string,
        createdAt: active.createdAt,
      });
      expect(mine.find((project) => project.id === completed.id)).toMatchObject({
        status: 'completed',
        ownerId: ownerB.id,
        ownerUsername: ownerB.username,
      });
    }
  });

  it('GET /api/admin/projects answers 403 to Projektleiter and Monteur', async () => {
    for (const caller of [projektleiter, member]) {
      const response = await api('GET', '/api/admin/projects', caller.token);
      expect([caller.username, response.status, response.body.message]).toEqual([
        caller.username,
        403,
        MSG.adminForbidden,
      ]);
    }
  });

  it('GET /api/admin/templates includes other users’ personal templates with their ownerUsername', async () => {
    const author = await person('Projektleiter');
    const source = await teamProject(author);
    const name = unique('Persönliche Vorlage');
    const saved = await api<TemplateSummaryDto>('POST', '/api/templates/save-from-project', author.token, {
      project: source.id,
      name,
      ownerId: author.id,
    });
    expect(saved.status).toBe(201);
    const archivedName = unique('Archivierte Vorlage');
    const toArchive = await api<TemplateSummaryDto>('POST', '/api/templates/save-from-project', author.token, {
      project: source.id,
      name: archivedName,
      ownerId: author.id,
    });
    expect(toArchive.status).toBe(201);
    expect((await api('DELETE', `/api/templates/${toArchive.body.id}`, author.token)).status).toBe(200);

    for (const caller of [admin, firmenleiter]) {
      const response = await api<TemplateSummaryDto[]>('GET', '/api/admin/templates', caller.token);
      expect(response.status).toBe(200);
      expect(response.body).toContainEqual({
        ...saved.body,
        ownerId: author.id,
        ownerUsername: author.username,
      });
      expect(response.body.map((template) => template.id)).not.toContain(toArchive.body.id);
      const global = response.body.find((template) => template.name === 'Standardvorlage');
      expect(global).toMatchObject({ ownerId: null, ownerUsername: null });
      // Their own template list shows only the global ones and their own.
      const own = await api<TemplateSummaryDto[]>('GET', '/api/templates', caller.token);
      expect(own.body.map((template) => template.id)).not.toContain(saved.body.id);
    }
  });

  it('GET /api/admin/templates answers 403 to Projektleiter and Monteur', async () => {
    for (const caller of [projektleiter, member]) {
      const response = await api('GET', '/api/admin/templates', caller.token);
      expect([caller.username, response.status, response.body.message]).toEqual([
        caller.username,
        403,
        MSG.adminForbidden,
      ]);
    }
  });
});
