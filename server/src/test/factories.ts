import crypto from 'node:crypto';
import {
  blankCard,
  type CardDto,
  keyBetween,
  keysAfter,
  newId,
  type ProjectDocument,
  type Role,
} from '@werkboard/common';
import { hashPassword } from '../auth/passwords';
import { User } from '../models';
import type { TestServer } from './testServer';

/**
 * Factories for the API tests (conventions: Outline's buildUser/buildProject): each builds
 * through the real app where the app can (projects and templates over HTTP, as a client
 * would) and straight in the database only for what no route does (a user with a known
 * password, a team placed directly).
 */

/** A name no other test of the file uses: the prefix and a random suffix. */
export const unique = (prefix: string) => `${prefix} ${crypto.randomBytes(4).toString('hex')}`;

/** A user of the given role (Monteur by default) with a known password. */
export async function buildUser(
  options: { role?: Role; username?: string; password?: string } = {},
): Promise<{ user: User; password: string }> {
  const password = options.password ?? `pw-${crypto.randomBytes(4).toString('hex')}`;
  const user = await User.create({
    username: options.username ?? `user-${crypto.randomBytes(4).toString('hex')}`,
    passwordHash: await hashPassword(password),
    role: options.role ?? 'Monteur',
  });
  return { user, password };
}

/** A user of the given role, signed in: the user, the password and a token. */
export async function signedIn(
  t: TestServer,
  role: Role,
  options: { username?: string; password?: string } = {},
): Promise<{ user: User; password: string; token: string }> {
  const { user, password } = await buildUser({ role, ...options });
  const { token } = await t.login(user.username, password);
  return { user, password, token };
}

/** A signed-in user as route tests pass them around. */
export interface Person {
  id: string;
  username: string;
  token: string;
}

export async function signedInPerson(t: TestServer, role: Role): Promise<Person> {
  const { user, token } = await signedIn(t, role);
  return { id: user.id, username: user.username, token };
}

export interface ProjectOptions {
  name?: string;
  projectNumber?: string;
  customerType?: string;
  /** Put on the team directly (no invitation): members and a deputy. */
  memberIds?: readonly string[];
  deputyId?: string | null;
}

/**
 * A project of the token's user, created with POST /api/projects (from the default
 * template), with the team asked for; answers the document as its owner reads it.
 */
export async function buildProject(
  t: TestServer,
  token: string,
  options: ProjectOptions = {},
): Promise<ProjectDocument> {
  const created = await t.request<ProjectDocument>('POST', '/api/projects', {
    token,
    body: {
      name: options.name ?? unique('Projekt'),
      ...(options.projectNumber !== undefined ? { projectNumber: options.projectNumber } : {}),
      ...(options.customerType !== undefined ? { customerType: options.customerType } : {}),
    },
  });
  if (created.status !== 201) throw new Error(`POST /api/projects answered ${created.status}`);
  const { id } = created.body;
  const sequelize = User.sequelize!;
  for (const userId of options.memberIds ?? [])
    await sequelize.query('INSERT INTO project_members (project_id, user_id) VALUES (:id, :userId)', {
      replacements: { id, userId },
    });
  if (options.deputyId)
    await sequelize.query('UPDATE projects SET deputy_owner_id = :userId WHERE id = :id', {
      replacements: { id, userId: options.deputyId },
    });
  if (!options.memberIds?.length && !options.deputyId) return created.body;
  return (await t.request<ProjectDocument>('GET', `/api/projects/${id}`, { token })).body;
}

/** The document with one card more at the end of its first column: the fields given, the rest empty. */
export function withCard<T extends Pick<ProjectDocument, 'columns'>>(
  document: T,
  fields: Partial<CardDto> & Pick<CardDto, 'title'>,
): T {
  const [first, ...rest] = document.columns;
  const card: CardDto = {
    ...blankCard({
      id: newId(),
      rev: 0,
      position: keyBetween(first!.cards.at(-1)?.position ?? null, null),
      title: fields.title,
    }),
    ...fields,
  };
  return { ...document, columns: [{ ...first!, cards: [...first!.cards, card] }, ...rest] };
}

/** The body of a template editor's first save: a new template with the given columns (one 'To Do' by default). */
export function templateDocument(options: { name?: string; customerType?: string; columns?: string[] } = {}) {
  const titles = options.columns ?? ['To Do'];
  const positions = keysAfter(null, titles.length);
  return {
    revision: 0,
    name: options.name ?? unique('Vorlage'),
    description: '',
    icon: 'clipboard',
    projectNumber: '',
    customerType: options.customerType ?? 'Allgemein',
    groupId: null,
    groupAssignments: {},
    thumbnailImageId: null,
    tagIds: [],
    cardGroups: [],
    columns: titles.map((title, index) => ({ id: newId(), rev: 0, position: positions[index]!, title, cards: [] })),
    appointments: [],
    notes: [],
    changeLog: [],
  };
}

/** A personal template of the token's user, created by the editor's first save (PUT to a new id). */
export async function buildTemplate(
  t: TestServer,
  token: string,
  options: Parameters<typeof templateDocument>[0] = {},
): Promise<ProjectDocument> {
  const response = await t.request<ProjectDocument>('PUT', `/api/templates/${newId()}`, {
    token,
    body: templateDocument(options),
  });
  if (response.status !== 200) throw new Error(`PUT /api/templates answered ${response.status}`);
  return response.body;
}

/** Deletes every project, templates kept: each test starts below the Free license's project limit. */
export async function deleteAllProjects(): Promise<void> {
  await User.sequelize!.query('DELETE FROM projects WHERE NOT is_template');
}
