import {
  canCompleteProject,
  canCreateProject,
  canDeleteProject,
  canEditProject,
  canManageArchivedProjects,
  canManageTeam,
  canReadProject,
  canReassignProject,
  canReassignProjects,
  canReopenProject,
  canSeeAllProjects,
  canSeeChangeLog,
  canViewArchive,
  canWorkOnProject,
  type ChangeLogEntryDto,
  de,
  deputySchema,
  type MessageResponse,
  type ProjectChangesDto,
  newOwnerSchema,
  projectCreateSchema,
  projectDeltaSchema,
  type ProjectDeltaInput,
  projectDocumentSchema,
  projectSaveBatchSchema,
} from '@werkboard/common';
import type { SessionActor } from '../auth/sessionActor';
import { ApiError, authorize, invalidField } from '../errors';
import { type Endpoint, type Params, type ApiRoutes, type UserRequest } from '../http/endpoint';
import { idParam } from '../http/params';
import type { PreparedAnswer } from '../http/preparedAnswer';
import { answerInOrder } from '../http/writeBatch';
import { removeProjectImageFiles } from '../images/imageStore';
import { presentInvitation } from '../presenters/invitation';
import { presentProjectSummary } from '../presenters/project';
import { writeDelta, writeDocument } from '../services/documentWrite';
import { projectInvitations } from '../services/invitations';
import { requireRoomFor } from '../services/limits';
import { documentAnswer } from '../services/projectAnswers';
import type { ProjectRow } from '../services/projectStore';
import {
  changeStatus,
  createProject,
  deleteProjectPermanently,
  findProject,
  listArchivedProjects,
  listProjects,
  logEntry,
  readChanges,
  readDocument,
  requireArchived,
  withUniqueName,
} from '../services/projects';
import { handOver, reassign, recordTeamChange, removeFromTeam, setDeputy, type TeamChange } from '../services/team';

const projectId = (params: Params) => idParam(params.id, de.projects.notFound);

/** Loads the path's project, locked when the endpoint runs in a transaction (one writer at a time). */
const loadProject = ({ sequelize, params, transaction }: UserRequest<unknown, unknown, undefined>) =>
  findProject(sequelize, projectId(params), { transaction, lock: transaction !== undefined });

const mayRead = (actor: SessionActor, row: ProjectRow) =>
  authorize(canReadProject(actor, row), de.projects.accessForbidden);

/** `?since={revision}` of a delta read; absent: the whole document. */
function sinceQuery(raw: unknown): { since: number | null } {
  const value = (raw as Record<string, unknown>).since;
  if (value === undefined) return { since: null };
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) throw invalidField('since', de.projects.revisionInvalid);
  return { since: Number(value) };
}

/**
 * A read's entity tag: the revision (every write raises it), and whether the answer holds
 * the change log (not for every reader). Weak: a delta and the whole document of one revision
 * say the same.
 */
const projectTag = (actor: SessionActor, row: ProjectRow) =>
  `W/"${row.revision}${canSeeChangeLog(actor, row) ? '' : '-n'}"`;

/**
 * A team change by the project's owner on an active project (deputy, removal, hand-over),
 * or the Admin's reassignment: one transaction on the locked project, a new revision with
 * the change's log entry, and the document as the answer.
 */
function teamChange<Body>(
  spec: Pick<Endpoint<Body, unknown, ProjectRow, unknown, true>, 'body' | 'authorize'>,
  change: (team: TeamChange, body: Body, params: Params) => Promise<ChangeLogEntryDto>,
): Endpoint<Body, unknown, ProjectRow, unknown, true> {
  return {
    ...spec,
    transaction: true,
    load: loadProject,
    handle: async ({ sequelize, transaction, actor, resource: row, body, params }) => {
      const entry = await change({ sequelize, transaction, actor, row }, body, params);
      await recordTeamChange(sequelize, row.id, entry, transaction);
      return readDocument(sequelize, actor, row.id, transaction);
    },
  };
}

/** Completing and reopening: who sees the project and may edit its fields (can_edit_projects). */
const byProjectEditor = ({ actor, resource }: { actor: SessionActor; resource: ProjectRow }) => {
  mayRead(actor, resource);
  authorize(canEditProject(actor, resource), de.projects.editForbidden);
};

const byOwnerOfActiveProject = ({ actor, resource }: { actor: SessionActor; resource: ProjectRow }) => {
  mayRead(actor, resource);
  authorize(canManageTeam(actor, resource), de.team.team.forbidden);
  authorize(canWorkOnProject(actor, resource), de.team.team.readOnly);
};

/** A project's delta save (issue 17): alone as `PATCH /projects/{id}`, or in a batch of the outbox's replay. */
const deltaSave: Endpoint<ProjectDeltaInput, unknown, ProjectRow, ProjectChangesDto, true> = {
  bodySize: 'large',
  body: projectDeltaSchema,
  transaction: true,
  load: loadProject,
  authorize: ({ actor, resource }) => mayRead(actor, resource),
  handle: ({ sequelize, transaction, actor, resource: row, body }) =>
    withUniqueName(() =>
      writeDelta(sequelize, transaction, actor, row, body, {
        canEditFields: canEditProject(actor, row),
        canChangeAnything: true,
      }),
    ),
};

/**
 * Projects (spec sections 2, 4 and 7; architecture decision 4) and their teams (spec
 * sections 3 and 6). The whole-project PUT merges concurrent writes; status changes
 * (complete, reopen, archive, restore) and team changes have their own routes and are never
 * taken from a PUT.
 */
export function registerProjectRoutes(api: ApiRoutes): void {
  api.get('/projects', {
    handle: ({ sequelize, actor }) => listProjects(sequelize, actor, canSeeAllProjects(actor)),
    present: (rows) => rows.map(presentProjectSummary),
  });

  api.post('/projects', {
    body: projectCreateSchema,
    authorize: ({ actor }) => authorize(canCreateProject(actor), de.projects.createForbidden),
    transaction: true,
    handle: async ({ sequelize, transaction, actor, body }) => {
      await requireRoomFor(sequelize, transaction, 'activeProjects');
      const id = await withUniqueName(() => createProject(sequelize, transaction, actor, body));
      return readDocument(sequelize, actor, id, transaction);
    },
    status: 201,
  });

  api.get('/projects/archived', {
    authorize: ({ actor }) => authorize(canViewArchive(actor)),
    handle: ({ sequelize }) => listArchivedProjects(sequelize),
    present: (rows) => rows.map(presentProjectSummary),
  });

  api.get('/projects/:id', {
    query: sinceQuery,
    load: loadProject,
    authorize: ({ actor, resource }) => mayRead(actor, resource),
    etag: ({ actor, resource }) => projectTag(actor, resource),
    // The whole document from the answer cache (authorised above, on every read).
    handle: ({ sequelize, actor, resource, query }): Promise<PreparedAnswer | ProjectChangesDto> =>
      query.since === null
        ? documentAnswer(sequelize, actor, resource)
        : readChanges(sequelize, actor, resource, query.since),
  });

  api.put('/projects/:id', {
    bodySize: 'large',
    body: projectDocumentSchema,
    transaction: true,
    load: loadProject,
    authorize: ({ actor, resource }) => mayRead(actor, resource),
    handle: ({ sequelize, transaction, actor, resource: row, body }) =>
      withUniqueName(() =>
        writeDocument(sequelize, transaction, actor, row, body, {
          canEditFields: canEditProject(actor, row),
          canChangeAnything: true,
        }),
      ),
  });

  api.patch('/projects/:id', deltaSave);

  // The outbox's replay (issue 17): queued delta saves of one project in one request, each run
  // as its own PATCH would run (its key, checks, lock, rules, revision, change log, kept
  // answer, one transaction each), stopping at the first that is not applied.
  api.post('/projects/:id/saves', {
    bodySize: 'large',
    body: projectSaveBatchSchema,
    handle: (request) =>
      answerInOrder(
        deltaSave,
        request,
        request.body.saves.map((save) => ({
          key: save.key,
          method: 'PATCH',
          path: request.ctx.path.replace(/\/saves$/, ''),
          rawBody: save.body,
          params: request.params,
        })),
      ),
    present: (answers) => ({ answers }),
  });

  api.delete('/projects/:id', {
    transaction: true,
    load: loadProject,
    authorize: ({ actor, resource }) => {
      mayRead(actor, resource);
      authorize(canDeleteProject(actor, resource), de.projects.deleteForbidden);
    },
    handle: async ({ sequelize, transaction, actor, resource }): Promise<MessageResponse> => {
      await changeStatus(sequelize, transaction, resource, 'archived', logEntry(actor, de.projects.log.archived));
      return { message: de.projects.archived };
    },
  });

  api.post('/projects/:id/restore', {
    transaction: true,
    load: loadProject,
    authorize: ({ actor }) => authorize(canManageArchivedProjects(actor), de.projects.archiveForbidden),
    handle: async ({ sequelize, transaction, actor, resource }) => {
      requireArchived(resource, de.projects.restoreOnlyArchived);
      await requireRoomFor(sequelize, transaction, 'activeProjects');
      await withUniqueName(() =>
        changeStatus(sequelize, transaction, resource, 'active', logEntry(actor, de.projects.log.restored)),
      );
      return readDocument(sequelize, actor, resource.id, transaction);
    },
  });

  api.delete('/projects/:id/permanent', {
    transaction: true,
    load: loadProject,
    authorize: ({ actor }) => authorize(canManageArchivedProjects(actor), de.projects.archiveForbidden),
    handle: async ({ sequelize, transaction, resource, services }): Promise<MessageResponse> => {
      requireArchived(resource, de.projects.permanentOnlyArchived);
      await deleteProjectPermanently(sequelize, resource.id, transaction);
      // The rows are gone with the commit; only then the files.
      transaction.afterCommit(() => removeProjectImageFiles(services.config.dataDir, resource.id));
      return { message: de.projects.deletedPermanently };
    },
  });

  api.post('/projects/:id/complete', {
    transaction: true,
    load: loadProject,
    authorize: byProjectEditor,
    handle: async ({ sequelize, transaction, actor, resource }) => {
      if (!canCompleteProject(actor, resource)) throw new ApiError(400, de.projects.notActive, 'validation');
      await changeStatus(sequelize, transaction, resource, 'completed', logEntry(actor, de.projects.log.completed));
      return readDocument(sequelize, actor, resource.id, transaction);
    },
  });

  api.post('/projects/:id/reopen', {
    transaction: true,
    load: loadProject,
    authorize: byProjectEditor,
    handle: async ({ sequelize, transaction, actor, resource }) => {
      if (!canReopenProject(actor, resource)) throw new ApiError(400, de.projects.notCompleted, 'validation');
      await requireRoomFor(sequelize, transaction, 'activeProjects');
      await changeStatus(sequelize, transaction, resource, 'active', logEntry(actor, de.projects.log.reopened));
      return readDocument(sequelize, actor, resource.id, transaction);
    },
  });

  api.put(
    '/projects/:id/deputy',
    teamChange({ body: deputySchema, authorize: byOwnerOfActiveProject }, (team, { userId }) =>
      setDeputy(team, userId),
    ),
  );

  api.delete(
    '/projects/:id/members/:userId',
    teamChange({ authorize: byOwnerOfActiveProject }, (team, _body, params) =>
      removeFromTeam(team, idParam(params.userId, de.team.team.notMember)),
    ),
  );

  api.post(
    '/projects/:id/handover',
    teamChange({ body: newOwnerSchema, authorize: byOwnerOfActiveProject }, (team, { newOwnerId }) =>
      handOver(team, newOwnerId),
    ),
  );

  api.post(
    '/projects/:id/reassign',
    teamChange(
      {
        body: newOwnerSchema,
        authorize: ({ actor, resource }) => {
          authorize(canReassignProjects(actor), de.team.reassign.forbidden);
          mayRead(actor, resource);
          authorize(canReassignProject(actor, resource), de.team.team.readOnly);
        },
      },
      (team, { newOwnerId }) => reassign(team, newOwnerId),
    ),
  );

  api.get('/projects/:id/invitations', {
    load: loadProject,
    authorize: ({ actor, resource }) => {
      mayRead(actor, resource);
      authorize(canManageTeam(actor, resource), de.team.team.forbidden);
    },
    handle: ({ sequelize, resource }) => projectInvitations(sequelize, resource.id),
    present: (rows) => rows.map(presentInvitation),
  });
}
