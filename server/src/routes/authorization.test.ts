import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  DEFAULT_ROLE_PERMISSIONS,
  documentDelta,
  newId,
  type ProjectDocument,
  ROLES,
  type Role,
} from '@werkboard/common';
import { ExternalUser, User } from '../models';
import { createTestLicenseKeys, grantLifetimeLicense } from '../test/licenseKeys';
import { openEventStream } from '../test/eventStream';
import { buildProject, buildUser, templateDocument, unique, withCard } from '../test/factories';
import { envelope, giveMessageKey, messageKeyRequest } from '../test/sealedMessages';
import { TEST_ADMIN, testServer, type TestServer } from '../test/testServer';
import { totpCode } from '../test/totp';

/**
 * The authorization matrix: every route of the API x anonymous and all six roles ->
 * expected status. Each issue adds its routes here.
 */
type Who = 'anonymous' | Role;
const WHO: Who[] = ['anonymous', ...ROLES];

interface Request {
  path: string;
  /** Replaces `{id}` in the documented route (the part before any note in brackets). */
  id: string;
  body?: unknown;
  /** A session of its own, for routes that end the caller's session (password change). */
  token?: string;
}

interface RouteCase {
  method: string;
  /** The route as documented; `prepare` gives the concrete path when it has an id. */
  route: string;
  expect: (who: Who) => number;
  body?: unknown;
  /** Runs before each request: creates what the request changes or deletes. */
  prepare?: (who: Who) => Promise<Partial<Request>>;
}

const everyone = () => 200;
const signedIn = (who: Who) => (who === 'anonymous' ? 401 : 200);
const adminOnly = (who: Who) => (who === 'anonymous' ? 401 : who === 'Admin' ? 200 : 403);
/** Admin and Firmenleiter holding the permission (the role-only routes of spec section 2). */
const management =
  (success = 200) =>
  (who: Who) =>
    who === 'anonymous' ? 401 : who === 'Admin' || who === 'Firmenleiter' ? success : 403;
/**
 * The roles that hold can_create_projects, can_edit_projects and can_delete_own_projects by
 * default (Admin, Firmenleiter, Projektleiter, Monteur); Auszubildender and Helfer do not.
 */
const projectWorkers =
  (success = 200) =>
  (who: Who) =>
    who === 'anonymous' ? 401 : who === 'Auszubildender' || who === 'Helfer' ? 403 : success;

const keys = createTestLicenseKeys();

/** A user holding a message key (written directly: no login needed); answers id and key id. */
async function keyedUser(options: { directMessagesEnabled?: boolean } = {}): Promise<{ id: string; keyId: string }> {
  const { user } = await buildUser({ role: 'Helfer' });
  if (options.directMessagesEnabled === false) await user.update({ directMessagesEnabled: false });
  const keyId = newId();
  const key = messageKeyRequest();
  await User.sequelize!.query(
    `INSERT INTO message_keys (user_id, key_id, public_key, wrapped_private_key, wrap_iv, salt, iterations)
     VALUES (:userId, :keyId, :publicKey, :wrappedPrivateKey, :wrapIv, :salt, :iterations)`,
    { replacements: { userId: user.id, keyId, ...key } },
  );
  return { id: user.id, keyId };
}

/** `prepare` of a message row: a recipient with a key, and a body sealed for both current keys. */
const messageTo =
  (options: { directMessagesEnabled?: boolean } = {}) =>
  async (who: Who): Promise<Partial<Request>> => {
    const recipient = await keyedUser(options);
    const token = tokens.get(who);
    const senderKey = token ? await giveMessageKey(t, token) : newId();
    return { body: { recipientId: recipient.id, content: envelope(recipient.keyId, senderKey) } };
  };
const helferTarget = async () => (await buildUser({ role: 'Helfer' })).user;
const externalTarget = () => ExternalUser.create({ name: unique('extern') });

let t: TestServer;
const tokens = new Map<Who, string>();
const userIds = new Map<Who, string>();
/** Owns the projects of the project rows: a Projektleiter who is none of the callers. */
let ownerToken: string;
let ownerUserId: string;

interface ProjectSetup {
  status?: 'active' | 'completed' | 'archived';
  /** The caller's place: not in the team (default), a member, or the owner. */
  caller?: 'stranger' | 'member' | 'owner';
}

/** A project of someone else's in the given state, with the caller placed in it as asked. */
async function projectFor(
  who: Who,
  { status = 'active', caller = 'stranger' }: ProjectSetup,
): Promise<ProjectDocument> {
  const { id } = await buildProject(t, ownerToken);
  if (status === 'completed') await t.request('POST', `/api/projects/${id}/complete`, { token: ownerToken });
  if (status === 'archived') await t.request('DELETE', `/api/projects/${id}`, { token: ownerToken });
  const userId = userIds.get(who);
  if (userId && caller === 'member')
    await User.sequelize!.query('INSERT INTO project_members (project_id, user_id) VALUES (:id, :userId)', {
      replacements: { id, userId },
    });
  if (userId && caller === 'owner')
    await User.sequelize!.query('UPDATE projects SET owner_id = :userId WHERE id = :id', {
      replacements: { id, userId },
    });
  return (await t.request<ProjectDocument>('GET', `/api/projects/${id}`, { token: tokens.get('Admin') })).body;
}

/** `prepare` of a project row: the project's id, and the body `body` makes of the document. */
const onProject =
  (setup: ProjectSetup = {}, body?: (project: ProjectDocument) => unknown) =>
  async (who: Who): Promise<Partial<Request>> => {
    const project = await projectFor(who, setup);
    return { id: project.id, ...(body ? { body: body(project) } : {}) };
  };

/** The document with one card more in its first column (a change any team member may make). */
const withNewCard = (project: ProjectDocument) => withCard(project, { title: 'Neue Aufgabe' });
/** The same as a delta save (PATCH). */
const newCardDelta = (project: ProjectDocument) => documentDelta(project, withNewCard(project));

/** An archived template (templates are rows of `projects`; the template issue adds their editing). */
async function archivedTemplate(): Promise<Partial<Request>> {
  const id = newId();
  await User.sequelize!.query(
    `INSERT INTO projects (id, is_template, name, icon, customer_type, status, archived_at)
     VALUES (:id, true, :name, 'briefcase', 'Allgemein', 'archived', now())`,
    { replacements: { id, name: unique('Vorlage') } },
  );
  return { id };
}

/** The roles holding can_manage_templates, can_manage_own_templates and can_manage_customer_types by default. */
const organisers =
  (success = 200) =>
  (who: Who) =>
    who === 'anonymous' ? 401 : who === 'Admin' || who === 'Firmenleiter' || who === 'Projektleiter' ? success : 403;

async function templateFor(who: Who, owner: 'caller' | 'other' | 'global'): Promise<ProjectDocument> {
  const id = newId();
  const created = await t.request('PUT', `/api/templates/${id}`, { token: ownerToken, body: templateDocument() });
  expect(created.status).toBe(200);
  const ownerId = owner === 'global' ? null : owner === 'caller' ? (userIds.get(who) ?? null) : ownerUserId;
  await User.sequelize!.query('UPDATE projects SET owner_id = :ownerId WHERE id = :id', {
    replacements: { id, ownerId },
  });
  return (await t.request<ProjectDocument>('GET', `/api/templates/${id}`, { token: tokens.get('Admin') })).body;
}

const onTemplate =
  (owner: 'caller' | 'other' | 'global', body?: (template: ProjectDocument, who: Who) => unknown) =>
  async (who: Who): Promise<Partial<Request>> => {
    const template = await templateFor(who, owner);
    return { id: template.id, ...(body ? { body: body(template, who) } : {}) };
  };

async function groupRow(): Promise<Partial<Request>> {
  const id = newId();
  await User.sequelize!.query(
    `INSERT INTO project_groups (id, name, color, icon, icon_color) VALUES (:id, :name, '#ff0000', 'folder', '#ffffff')`,
    { replacements: { id, name: unique('Gruppe') } },
  );
  return { id };
}

async function customerTypeRow(): Promise<Partial<Request>> {
  const name = unique('Kundentyp');
  await User.sequelize!.query(
    'INSERT INTO customer_types (id, name, created_at, updated_at) VALUES (:id, :name, now(), now())',
    { replacements: { id: newId(), name } },
  );
  return { path: `/api/customer-types/${encodeURIComponent(name)}` };
}

async function tagRow(): Promise<Partial<Request>> {
  const id = newId();
  await User.sequelize!.query(
    `INSERT INTO tags (id, customer_type_id, label) SELECT :id, id, :label FROM customer_types WHERE name = 'Allgemein'`,
    { replacements: { id, label: unique('Tag') } },
  );
  return { id };
}

/** A project of the caller's own (the owner routes) with the usual owner as a member. */
async function ownProjectWithMember(who: Who): Promise<ProjectDocument> {
  const project = await projectFor(who, { caller: 'owner' });
  await User.sequelize!.query(
    'INSERT INTO project_members (project_id, user_id) VALUES (:id, :userId) ON CONFLICT DO NOTHING',
    { replacements: { id: project.id, userId: ownerUserId } },
  );
  return project;
}

/** A pending invitation of the caller to someone else's project (for anonymous: to a Helfer). */
async function invitationTo(who: Who): Promise<Partial<Request>> {
  const project = await projectFor(who, {});
  const id = newId();
  const toUserId = userIds.get(who) ?? (await helferTarget()).id;
  await User.sequelize!.query(
    `INSERT INTO project_invitations (id, project_id, to_user_id, from_user_id, from_username)
     VALUES (:id, :projectId, :toUserId, :fromUserId, 'chef')`,
    { replacements: { id, projectId: project.id, toUserId, fromUserId: ownerUserId } },
  );
  return { id };
}

/** A pending invitation to the caller's own project (the owner may withdraw it). */
async function invitationFromOwnProject(who: Who): Promise<Partial<Request>> {
  const project = await projectFor(who, { caller: 'owner' });
  const id = newId();
  const target = await helferTarget();
  await User.sequelize!.query(
    `INSERT INTO project_invitations (id, project_id, to_user_id, from_username) VALUES (:id, :projectId, :toUserId, 'chef')`,
    { replacements: { id, projectId: project.id, toUserId: target.id } },
  );
  return { id };
}

let pngDataUrl = '';

/** An image in a project where the caller is as asked. */
async function imageIn(who: Who, caller: 'member' | 'stranger'): Promise<Partial<Request>> {
  const project = await projectFor(who, { caller });
  const uploaded = await t.request<{ id: string }>('POST', '/api/images', {
    token: ownerToken,
    body: { projectId: project.id, name: 'foto.png', dataUrl: pngDataUrl },
  });
  expect(uploaded.status).toBe(201);
  return { id: uploaded.body.id };
}

/** A second login of the caller's own account (a user of the caller's role), for routes that end sessions. */
async function ownLogin(who: Who): Promise<Partial<Request>> {
  if (who === 'anonymous') return {};
  const { user, password } = await buildUser({ role: who });
  return { token: (await t.login(user.username, password)).token };
}

/** A user of the caller's role with a confirmed second factor: their login, password and secret. */
async function enrolledLogin(who: Who): Promise<{ token: string; password: string; secret: string; username: string }> {
  const { user, password } = await buildUser({ role: who === 'anonymous' ? 'Helfer' : who });
  const { token } = await t.login(user.username, password);
  const { secret } = (await t.request<{ secret: string }>('POST', '/api/auth/second-factor', { token })).body;
  const confirmed = await t.request('POST', '/api/auth/second-factor/confirm', {
    token,
    body: { code: totpCode(secret, Date.now()) },
  });
  expect(confirmed.status).toBe(200);
  return { token, password, secret, username: user.username };
}

const ownerOnly = (who: Who) => (who === 'anonymous' ? 401 : 403);

const ROUTES: RouteCase[] = [
  { method: 'GET', route: '/api/status', expect: everyone },
  { method: 'GET', route: '/api/server-info', expect: everyone },
  // The desktop app's update feed: public like the app's files (the updater has no session).
  {
    method: 'GET',
    route: '/updates/latest.yml',
    expect: everyone,
    prepare: () => {
      const dir = path.join(t.server.services.config.dataDir, 'updates');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'latest.yml'), 'version: 0.2.0\n');
      return Promise.resolve({});
    },
  },
  { method: 'GET', route: '/api/auth/me', expect: signedIn },
  { method: 'GET', route: '/api/auth/sessions', expect: signedIn },
  // The routes that end sessions get a login of their own, so the table's tokens live on.
  { method: 'POST', route: '/api/auth/logout', expect: signedIn, prepare: ownLogin },
  { method: 'DELETE', route: '/api/auth/sessions/others', expect: signedIn, prepare: ownLogin },
  {
    method: 'DELETE',
    route: '/api/auth/sessions/{id}',
    expect: signedIn,
    prepare: async (who) => {
      const login = await ownLogin(who);
      if (!login.token) return { id: newId() };
      const sessions = await t.request<{ id: string }[]>('GET', '/api/auth/sessions', { token: login.token });
      return { ...login, id: sessions.body[0]!.id };
    },
  },
  { method: 'GET', route: '/api/logs/server.log', expect: adminOnly },
  // The second factor (issue 13): one's own, each caller a user of its role of its own.
  { method: 'GET', route: '/api/auth/second-factor', expect: signedIn },
  { method: 'POST', route: '/api/auth/second-factor', expect: signedIn, prepare: ownLogin },
  {
    method: 'POST',
    route: '/api/auth/second-factor/confirm',
    expect: signedIn,
    prepare: async (who) => {
      const login = await ownLogin(who);
      if (!login.token) return { body: { code: '123456' } };
      const { secret } = (await t.request<{ secret: string }>('POST', '/api/auth/second-factor', login)).body;
      return { ...login, body: { code: totpCode(secret, Date.now()) } };
    },
  },
  {
    method: 'POST',
    route: '/api/auth/second-factor/disable',
    expect: signedIn,
    prepare: async (who) => {
      if (who === 'anonymous') return { body: { password: 'x', code: '123456' } };
      const { token, password, secret } = await enrolledLogin(who);
      return { token, body: { password, code: totpCode(secret, Date.now() + 30_000) } };
    },
  },
  // Public: the challenge of the password step is what it checks.
  {
    method: 'POST',
    route: '/api/auth/login/second-factor',
    expect: everyone,
    prepare: async (who) => {
      const { username, password, secret } = await enrolledLogin(who);
      const first = await t.request<{ challenge: string }>('POST', '/api/auth/login', { body: { username, password } });
      return { token: '', body: { challenge: first.body.challenge, code: totpCode(secret, Date.now() + 30_000) } };
    },
  },

  { method: 'GET', route: '/api/permissions/keys', expect: signedIn },
  { method: 'GET', route: '/api/permissions/roles', expect: adminOnly },
  {
    method: 'PUT',
    route: '/api/permissions/roles',
    expect: adminOnly,
    body: { Helfer: DEFAULT_ROLE_PERMISSIONS.Helfer },
  },

  { method: 'GET', route: '/api/users', expect: management() },
  { method: 'GET', route: '/api/users/directory', expect: signedIn },
  {
    method: 'POST',
    route: '/api/users',
    expect: management(201),
    prepare: () =>
      Promise.resolve({ body: { username: unique('neu'), password: 'Lager-Schluessel-7', role: 'Helfer' } }),
  },
  {
    method: 'PUT',
    route: '/api/users/profile',
    expect: signedIn,
    body: { phone: '0171 000' },
  },
  {
    method: 'POST',
    route: '/api/users/change-password',
    expect: signedIn,
    prepare: async (who) => {
      if (who === 'anonymous') return { body: { currentPassword: 'x', newPassword: 'neu-Werkbank' } };
      const { user, password } = await buildUser({ role: who });
      const { token } = await t.login(user.username, password);
      return { token, body: { currentPassword: password, newPassword: 'neu-neu-Werk' } };
    },
  },
  {
    method: 'GET',
    route: '/api/users/{id}/profile',
    expect: signedIn,
    prepare: async () => ({ path: `/api/users/${(await helferTarget()).id}/profile` }),
  },
  {
    method: 'PUT',
    route: '/api/users/{id}',
    expect: management(),
    prepare: async () => {
      const target = await helferTarget();
      return { path: `/api/users/${target.id}`, body: { username: target.username, phone: '0171 111' } };
    },
  },
  {
    method: 'DELETE',
    route: '/api/users/{id}/sessions',
    expect: management(),
    prepare: async () => ({ path: `/api/users/${(await helferTarget()).id}/sessions` }),
  },
  {
    method: 'DELETE',
    route: '/api/users/{id}/second-factor',
    expect: management(),
    prepare: async () => ({ path: `/api/users/${(await helferTarget()).id}/second-factor` }),
  },
  {
    method: 'DELETE',
    route: '/api/users/{id}/lockout',
    expect: management(),
    prepare: async () => ({ path: `/api/users/${(await helferTarget()).id}/lockout` }),
  },
  {
    method: 'DELETE',
    route: '/api/users/{id}',
    expect: management(),
    prepare: async () => ({ path: `/api/users/${(await helferTarget()).id}` }),
  },

  { method: 'GET', route: '/api/external-users', expect: signedIn },
  {
    method: 'POST',
    route: '/api/external-users',
    expect: management(201),
    body: { name: 'Zimmerei Holz' },
  },
  {
    method: 'PUT',
    route: '/api/external-users/{id}',
    expect: management(),
    prepare: async () => ({ path: `/api/external-users/${(await externalTarget()).id}`, body: { name: 'Neu' } }),
  },
  {
    method: 'DELETE',
    route: '/api/external-users/{id}',
    expect: management(),
    prepare: async () => ({ path: `/api/external-users/${(await externalTarget()).id}` }),
  },

  { method: 'GET', route: '/api/settings', expect: signedIn },
  { method: 'PUT', route: '/api/settings', expect: signedIn, body: { appearance: { theme: 'dots' } } },
  {
    method: 'PUT',
    route: '/api/settings (with smtp)',
    expect: adminOnly,
    prepare: () => Promise.resolve({ path: '/api/settings', body: { smtp: { fromName: 'Werkboard' } } }),
  },
  { method: 'GET', route: '/api/settings/security', expect: adminOnly },
  { method: 'PUT', route: '/api/settings/security', expect: adminOnly, body: { passwordMinLength: 8 } },

  { method: 'GET', route: '/api/stats/counts', expect: signedIn },
  { method: 'GET', route: '/api/system-info', expect: management() },
  {
    method: 'POST',
    route: '/api/license/activate',
    expect: adminOnly,
    body: { email: 'chefin@firma.de', licenseKey: keys.sign({ email: 'chefin@firma.de' }), deviceId: 'device-a' },
  },

  // Projects (issue 4). "Someone else's" project: owned by a Projektleiter, the caller not in
  // its team; Admin and Firmenleiter see every project (spec sections 1 and 6).
  { method: 'GET', route: '/api/projects', expect: signedIn },
  {
    method: 'POST',
    route: '/api/projects',
    expect: projectWorkers(201),
    prepare: () => Promise.resolve({ body: { name: unique('Projekt'), projectNumber: 'P-7' } }),
  },
  { method: 'GET', route: '/api/projects/archived', expect: management() },
  { method: 'GET', route: "/api/projects/{id} (someone else's)", expect: management(), prepare: onProject() },
  {
    method: 'GET',
    route: '/api/projects/{id} (as member)',
    expect: signedIn,
    prepare: onProject({ caller: 'member' }),
  },
  {
    method: 'PUT',
    route: "/api/projects/{id} (someone else's)",
    expect: management(),
    prepare: onProject({}, withNewCard),
  },
  {
    method: 'PUT',
    route: '/api/projects/{id} (as member, a new card)',
    expect: signedIn,
    prepare: onProject({ caller: 'member' }, withNewCard),
  },
  {
    method: 'PUT',
    route: '/api/projects/{id} (as member, renamed)',
    expect: projectWorkers(),
    prepare: onProject({ caller: 'member' }, (project) => ({ ...project, name: unique('Umbenannt') })),
  },
  {
    method: 'PUT',
    route: '/api/projects/{id} (archived, a new card)',
    expect: (who) => (who === 'anonymous' ? 401 : 403),
    prepare: onProject({ status: 'archived', caller: 'member' }, withNewCard),
  },
  // Delta reads and saves (issue 17): the rules of the whole GET and PUT.
  {
    method: 'GET',
    route: "/api/projects/{id}?since=1 (someone else's)",
    expect: management(),
    prepare: onProject(),
  },
  {
    method: 'GET',
    route: '/api/projects/{id}?since=1 (as member)',
    expect: signedIn,
    prepare: onProject({ caller: 'member' }),
  },
  {
    method: 'PATCH',
    route: "/api/projects/{id} (someone else's)",
    expect: management(),
    prepare: onProject({}, newCardDelta),
  },
  {
    method: 'PATCH',
    route: '/api/projects/{id} (as member, a new card)',
    expect: signedIn,
    prepare: onProject({ caller: 'member' }, newCardDelta),
  },
  {
    method: 'PATCH',
    route: '/api/projects/{id} (as member, renamed)',
    expect: projectWorkers(),
    prepare: onProject({ caller: 'member' }, (project) =>
      documentDelta(project, { ...project, name: unique('Umbenannt') }),
    ),
  },
  {
    method: 'PATCH',
    route: '/api/projects/{id} (archived, a new card)',
    expect: (who) => (who === 'anonymous' ? 401 : 403),
    prepare: onProject({ status: 'archived', caller: 'member' }, newCardDelta),
  },
  {
    method: 'DELETE',
    route: "/api/projects/{id} (someone else's)",
    expect: management(),
    prepare: onProject(),
  },
  {
    method: 'DELETE',
    route: '/api/projects/{id} (as member)',
    expect: management(),
    prepare: onProject({ caller: 'member' }),
  },
  {
    method: 'DELETE',
    route: '/api/projects/{id} (own project)',
    expect: projectWorkers(),
    prepare: onProject({ caller: 'owner' }),
  },
  {
    method: 'POST',
    route: '/api/projects/{id}/restore',
    expect: adminOnly,
    prepare: onProject({ status: 'archived', caller: 'owner' }),
  },
  {
    method: 'DELETE',
    route: '/api/projects/{id}/permanent',
    expect: adminOnly,
    prepare: onProject({ status: 'archived', caller: 'owner' }),
  },
  {
    method: 'POST',
    route: "/api/projects/{id}/complete (someone else's)",
    expect: management(),
    prepare: onProject(),
  },
  {
    method: 'POST',
    route: '/api/projects/{id}/complete (as member)',
    expect: projectWorkers(),
    prepare: onProject({ caller: 'member' }),
  },
  {
    method: 'POST',
    route: "/api/projects/{id}/reopen (someone else's)",
    expect: management(),
    prepare: onProject({ status: 'completed' }),
  },
  {
    method: 'POST',
    route: '/api/projects/{id}/reopen (as member)',
    expect: projectWorkers(),
    prepare: onProject({ status: 'completed', caller: 'member' }),
  },

  { method: 'GET', route: '/api/templates', expect: signedIn },
  { method: 'GET', route: '/api/templates/archived', expect: management() },
  { method: 'POST', route: '/api/templates/{id}/restore', expect: adminOnly, prepare: archivedTemplate },
  { method: 'DELETE', route: '/api/templates/{id}/permanent', expect: adminOnly, prepare: archivedTemplate },

  { method: 'GET', route: '/api/tags', expect: signedIn },
  { method: 'GET', route: '/api/customer-types', expect: signedIn },

  // Organisation (issue 5).
  { method: 'GET', route: '/api/templates/{id} (global)', expect: signedIn, prepare: onTemplate('global') },
  {
    method: 'GET',
    route: "/api/templates/{id} (someone else's personal)",
    expect: management(),
    prepare: onTemplate('other'),
  },
  {
    method: 'PUT',
    route: '/api/templates/{id} (new template)',
    expect: organisers(),
    prepare: () => Promise.resolve({ id: newId(), body: templateDocument() }),
  },
  {
    method: 'PUT',
    route: '/api/templates/{id} (own, a new card)',
    expect: organisers(),
    prepare: onTemplate('caller', withNewCard),
  },
  {
    method: 'PUT',
    route: '/api/templates/{id} (global, a new card)',
    expect: management(),
    prepare: onTemplate('global', withNewCard),
  },
  {
    method: 'DELETE',
    route: '/api/templates/{id} (own)',
    expect: organisers(),
    prepare: onTemplate('caller'),
  },
  {
    method: 'DELETE',
    route: '/api/templates/{id} (global)',
    expect: management(),
    prepare: onTemplate('global'),
  },
  {
    method: 'POST',
    route: '/api/templates/{id}/share (own)',
    expect: organisers(201),
    prepare: onTemplate('caller', () => ({ userId: ownerUserId })),
  },
  {
    method: 'POST',
    route: '/api/templates/{id}/publish (own)',
    expect: management(),
    prepare: onTemplate('caller'),
  },
  {
    method: 'POST',
    route: '/api/templates/save-from-project (personal)',
    expect: organisers(201),
    prepare: async (who) => {
      const { id } = await onProject({ caller: 'owner' })(who);
      return { body: { project: id, name: unique('Vorlage'), ownerId: userIds.get(who) ?? null } };
    },
  },
  {
    method: 'POST',
    route: '/api/templates/save-from-project (global)',
    expect: management(201),
    prepare: async (who) => {
      const { id } = await onProject({ caller: 'owner' })(who);
      return { body: { project: id, name: unique('Vorlage'), ownerId: null } };
    },
  },

  { method: 'GET', route: '/api/project-groups', expect: signedIn },
  {
    method: 'PUT',
    route: '/api/project-groups/{id}',
    expect: management(),
    prepare: () => Promise.resolve({ id: newId(), body: { name: unique('Gruppe') } }),
  },
  { method: 'DELETE', route: '/api/project-groups/{id}', expect: management(), prepare: groupRow },

  {
    method: 'POST',
    route: '/api/customer-types',
    expect: organisers(201),
    prepare: () => Promise.resolve({ body: { name: unique('Kundentyp') } }),
  },
  {
    method: 'PUT',
    route: '/api/customer-types/{name}',
    expect: organisers(),
    prepare: async () => ({ ...(await customerTypeRow()), body: { name: unique('Umbenannt') } }),
  },
  { method: 'DELETE', route: '/api/customer-types/{name}', expect: organisers(), prepare: customerTypeRow },
  {
    method: 'POST',
    route: '/api/tags',
    expect: organisers(201),
    prepare: () => Promise.resolve({ body: { customerType: 'Allgemein', label: unique('Tag') } }),
  },
  {
    method: 'PUT',
    route: '/api/tags/{id}',
    expect: organisers(),
    prepare: async () => ({ ...(await tagRow()), body: { priority: 3 } }),
  },
  { method: 'DELETE', route: '/api/tags/{id}', expect: organisers(), prepare: tagRow },

  {
    method: 'GET',
    route: '/api/search',
    expect: signedIn,
    prepare: () => Promise.resolve({ path: '/api/search?q=Kabel&tag=Dringend' }),
  },
  { method: 'GET', route: '/api/appointments', expect: signedIn },

  {
    method: 'PUT',
    route: '/api/projects/{id}/deputy (as owner)',
    expect: signedIn,
    prepare: async (who) => ({ id: (await ownProjectWithMember(who)).id, body: { userId: ownerUserId } }),
  },
  {
    method: 'PUT',
    route: '/api/projects/{id}/deputy (not the owner, a member)',
    expect: ownerOnly,
    prepare: onProject({ caller: 'member' }, () => ({ userId: null })),
  },
  {
    method: 'DELETE',
    route: '/api/projects/{id}/members/{userId} (as owner)',
    expect: signedIn,
    prepare: async (who) => ({ path: `/api/projects/${(await ownProjectWithMember(who)).id}/members/${ownerUserId}` }),
  },
  {
    method: 'DELETE',
    route: '/api/projects/{id}/members/{userId} (not the owner)',
    expect: ownerOnly,
    prepare: async (who) => {
      const project = await projectFor(who, { caller: 'member' });
      return { path: `/api/projects/${project.id}/members/${userIds.get(who) ?? ownerUserId}` };
    },
  },
  {
    method: 'POST',
    route: '/api/projects/{id}/handover (as owner)',
    expect: signedIn,
    prepare: async (who) => ({ id: (await ownProjectWithMember(who)).id, body: { newOwnerId: ownerUserId } }),
  },
  {
    method: 'POST',
    route: '/api/projects/{id}/handover (not the owner)',
    expect: ownerOnly,
    prepare: onProject({ caller: 'member' }, () => ({ newOwnerId: ownerUserId })),
  },
  {
    method: 'POST',
    route: '/api/projects/{id}/reassign',
    expect: management(),
    prepare: async (who) => {
      const project = await projectFor(who, {});
      return { id: project.id, body: { newOwnerId: (await helferTarget()).id } };
    },
  },
  {
    method: 'GET',
    route: '/api/projects/{id}/invitations (as owner)',
    expect: signedIn,
    prepare: onProject({ caller: 'owner' }),
  },
  {
    method: 'GET',
    route: '/api/projects/{id}/invitations (a member)',
    expect: ownerOnly,
    prepare: onProject({ caller: 'member' }),
  },
  { method: 'GET', route: '/api/invitations', expect: signedIn },
  {
    method: 'POST',
    route: '/api/invitations (as owner)',
    expect: (who) => (who === 'anonymous' ? 401 : 201),
    prepare: async (who) => {
      const project = await projectFor(who, { caller: 'owner' });
      return { body: { project: project.id, toUserId: (await helferTarget()).id } };
    },
  },
  {
    method: 'POST',
    route: '/api/invitations (a member)',
    expect: management(201),
    prepare: async (who) => {
      const project = await projectFor(who, { caller: 'member' });
      return { body: { project: project.id, toUserId: (await helferTarget()).id } };
    },
  },
  {
    method: 'POST',
    route: '/api/invitations/{id}/respond (the invited user)',
    expect: signedIn,
    body: { status: 'accepted' },
    prepare: invitationTo,
  },
  {
    method: 'POST',
    route: '/api/invitations/{id}/respond (someone else)',
    expect: ownerOnly,
    body: { status: 'declined' },
    prepare: async () => invitationTo('anonymous'),
  },
  {
    method: 'DELETE',
    route: '/api/invitations/{id} (the project owner)',
    expect: signedIn,
    prepare: invitationFromOwnProject,
  },
  {
    method: 'DELETE',
    route: '/api/invitations/{id} (the invited user)',
    expect: ownerOnly,
    prepare: invitationTo,
  },

  { method: 'GET', route: '/api/images/{id} (a member)', expect: signedIn, prepare: onProject({ caller: 'member' }) },
  { method: 'GET', route: '/api/images/{id} (not on the team)', expect: management(), prepare: onProject() },
  {
    method: 'POST',
    route: '/api/images (a member)',
    expect: (who) => (who === 'anonymous' ? 401 : 201),
    prepare: async (who) => {
      const project = await projectFor(who, { caller: 'member' });
      return { body: { projectId: project.id, name: 'baustelle.png', dataUrl: pngDataUrl } };
    },
  },
  {
    method: 'POST',
    route: '/api/images (not on the team)',
    expect: management(201),
    prepare: async (who) => {
      const project = await projectFor(who, {});
      return { body: { projectId: project.id, name: 'baustelle.png', dataUrl: pngDataUrl } };
    },
  },
  {
    method: 'GET',
    route: '/api/image-files/{id} (a member)',
    expect: signedIn,
    prepare: (who) => imageIn(who, 'member'),
  },
  {
    method: 'GET',
    route: '/api/image-files/{id}/thumbnail (not on the team)',
    expect: management(),
    prepare: (who) => imageIn(who, 'stranger'),
  },
  {
    method: 'DELETE',
    route: '/api/images/{id} (a member)',
    expect: signedIn,
    prepare: (who) => imageIn(who, 'member'),
  },
  {
    method: 'DELETE',
    route: '/api/images/{id} (not on the team)',
    expect: management(),
    prepare: (who) => imageIn(who, 'stranger'),
  },

  { method: 'GET', route: '/api/admin/projects', expect: management() },
  { method: 'GET', route: '/api/admin/templates', expect: management() },

  // Exports hold what the caller may read; imports (docs/permissions.md, "Import and backup"). Last: replace deletes.
  { method: 'GET', route: '/api/projects/export', expect: signedIn },
  { method: 'GET', route: '/api/templates/export', expect: signedIn },
  { method: 'GET', route: '/api/customer-types/export', expect: signedIn },
  { method: 'GET', route: '/api/tags/export', expect: signedIn },
  { method: 'GET', route: '/api/backup/export', expect: adminOnly },
  {
    method: 'POST',
    route: '/api/projects/import',
    expect: adminOnly,
    prepare: () =>
      Promise.resolve({
        body: { data: [{ id: `alt-${unique('p')}`, name: unique('Import'), columns: [{ id: 'c', title: 'A' }] }] },
      }),
  },
  {
    method: 'POST',
    route: '/api/templates/import',
    expect: adminOnly,
    prepare: () => Promise.resolve({ body: { data: [{ id: newId(), name: unique('Vorlage'), columns: [] }] } }),
  },
  {
    method: 'POST',
    route: '/api/customer-types/import (merge)',
    expect: organisers(),
    prepare: () => Promise.resolve({ body: { data: [unique('Importtyp')] } }),
  },
  {
    method: 'POST',
    route: '/api/tags/import (merge)',
    expect: organisers(),
    prepare: () => Promise.resolve({ body: { data: { Allgemein: [{ id: newId(), label: unique('Tag') }] } } }),
  },
  {
    method: 'POST',
    route: '/api/backup/import',
    expect: adminOnly,
    body: { data: { type: 'Werkboard-backup', version: 2, data: { customerTypes: ['Allgemein'] } } },
  },
  {
    method: 'POST',
    route: '/api/customer-types/import (replace)',
    expect: adminOnly,
    prepare: () => Promise.resolve({ body: { data: ['Allgemein', unique('Ersatztyp')], mode: 'replace' } }),
  },
  {
    method: 'POST',
    route: '/api/tags/import (replace)',
    expect: adminOnly,
    body: { data: {}, mode: 'replace' },
  },

  // Live updates: the test event goes to the caller's own streams (GET /api/events is the stream, below).
  { method: 'POST', route: '/api/events/test', expect: (who) => (who === 'anonymous' ? 401 : 204) },
  // Web push: every signed-in user manages their own subscriptions only.
  { method: 'GET', route: '/api/push/key', expect: signedIn },
  {
    method: 'POST',
    route: '/api/push/subscriptions',
    expect: (who) => (who === 'anonymous' ? 401 : 204),
    body: { endpoint: 'https://push.example.test/abc', keys: { p256dh: 'BAAA', auth: 'AAAA' } },
  },
  {
    method: 'DELETE',
    route: '/api/push/subscriptions',
    expect: (who) => (who === 'anonymous' ? 401 : 204),
    prepare: () => Promise.resolve({ path: '/api/push/subscriptions?endpoint=https%3A%2F%2Fpush.example.test%2Fabc' }),
  },
  // The daily message digest: every signed-in user, their own setting only.
  { method: 'GET', route: '/api/message-digest', expect: signedIn },
  { method: 'PUT', route: '/api/message-digest', expect: signedIn, body: { enabled: false } },
  // The Admin passes and is told that no SMTP server is set up (400); nothing is sent here.
  {
    method: 'POST',
    route: '/api/settings/smtp/test',
    expect: (who) => (who === 'anonymous' ? 401 : who === 'Admin' ? 400 : 403),
    body: { to: 'pruefung@example.test' },
  },
  // Direct messages (issue 16): every signed-in user, on their own messages only.
  { method: 'GET', route: '/api/messages/unread-count', expect: signedIn },
  { method: 'GET', route: '/api/messages/conversations', expect: signedIn },
  {
    method: 'GET',
    route: '/api/messages/conversation/{id}',
    expect: signedIn,
    prepare: async () => ({ id: (await helferTarget()).id }),
  },
  {
    method: 'POST',
    route: '/api/messages/read/{id}',
    expect: signedIn,
    prepare: async () => ({ id: (await helferTarget()).id }),
  },
  {
    method: 'POST',
    route: '/api/messages',
    expect: (who) => (who === 'anonymous' ? 401 : 201),
    prepare: messageTo(),
  },
  {
    method: 'POST',
    route: '/api/messages (recipient does not accept direct messages)',
    expect: management(201),
    prepare: messageTo({ directMessagesEnabled: false }),
  },
  { method: 'GET', route: '/api/messages/keys/me', expect: signedIn },
  {
    method: 'PUT',
    route: '/api/messages/keys/me',
    expect: signedIn,
    prepare: () => Promise.resolve({ body: messageKeyRequest() }),
  },
  {
    method: 'GET',
    route: '/api/messages/keys/{id}',
    expect: signedIn,
    prepare: async () => ({ id: (await keyedUser()).id }),
  },
];

beforeAll(async () => {
  t = await testServer({ licensePublicKey: keys.publicKeyPem });
  // The table creates many users and external workers; the Free limits have their own tests.
  await grantLifetimeLicense();
  const admin = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
  tokens.set('Admin', admin.token);
  userIds.set('Admin', admin.user.id);
  for (const role of ROLES.filter((role) => role !== 'Admin')) {
    const { user, password } = await buildUser({ role });
    tokens.set(role, (await t.login(user.username, password)).token);
    userIds.set(role, user.id);
  }
  const owner = await buildUser({ role: 'Projektleiter' });
  ownerToken = (await t.login(owner.user.username, owner.password)).token;
  ownerUserId = owner.user.id;
  const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  pngDataUrl = `data:image/png;base64,${png.toString('base64')}`;
  // Seven argon2 logins and a server start: generous under a loaded machine (setup, not speed).
}, 60_000);
afterAll(() => t.close());

describe.each(ROUTES)('$method $route', (route) => {
  it.each(WHO)('as %s', async (who) => {
    const prepared = (await route.prepare?.(who)) ?? {};
    const token = who === 'anonymous' ? undefined : (prepared.token ?? tokens.get(who));
    const body = prepared.body ?? route.body;
    const documented = route.route.split(' ')[0]!;
    const path = prepared.path ?? (prepared.id ? documented.replace('{id}', prepared.id) : documented);
    const response = await t.request(route.method, path, {
      ...(token ? { token } : {}),
      ...(body !== undefined ? { body } : {}),
    });
    expect(response.status).toBe(route.expect(who));
  });
});

// The live stream never ends on its own, so its row opens it and looks at the answer's head.
describe('GET /api/events', () => {
  it.each(WHO)('as %s', async (who) => {
    const stream = await openEventStream(t.url, who === 'anonymous' ? undefined : tokens.get(who));
    stream.close();
    expect(stream.status).toBe(signedIn(who));
  });
});
