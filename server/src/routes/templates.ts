import {
  canCreateTemplate,
  canDeleteTemplate,
  canEditTemplate,
  canMakeGlobalTemplates,
  canManageArchivedProjects,
  canPublishTemplate,
  canReadProject,
  canReadTemplate,
  canShareTemplate,
  canViewArchive,
  de,
  isGlobalTemplate,
  isProjectReadOnly,
  type MessageResponse,
  projectDocumentSchema,
  templateFromProjectSchema,
  templateShareSchema,
} from '@werkboard/common';
import { randomUUID } from 'node:crypto';
import type { SessionActor } from '../auth/sessionActor';
import { ApiError, authorize, invalidField, notFound } from '../errors';
import type { ApiRoutes, Params, UserRequest } from '../http/endpoint';
import { idParam } from '../http/params';
import { presentTemplateSummary } from '../presenters/project';
import { writeDocument } from '../services/documentWrite';
import { requireRoomFor } from '../services/limits';
import { findProjectRow, loadEntities } from '../services/projectStore';
import {
  changeStatus,
  deleteProjectPermanently,
  findProject,
  listTemplates,
  logEntry,
  presentFor,
  requireArchived,
} from '../services/projects';
import {
  copyIntoTemplate,
  createEmptyTemplate,
  findTemplate,
  publishTemplate,
  templateSummary,
} from '../services/templates';
import { usernameOf } from '../services/users';

const t = de.organisation.templates;
const templateId = (params: Params) => idParam(params.id, t.notFound);

/** Loads the path's template, locked when the endpoint runs in a transaction. */
const loadTemplate = ({ sequelize, params, transaction }: UserRequest<unknown, unknown, undefined>) =>
  findTemplate(sequelize, templateId(params), { transaction, lock: transaction !== undefined });

/** The archive's restore and permanent delete of a template: Admin only, and only when archived. */
const archivedTemplate = {
  load: async ({ sequelize, params }: UserRequest<unknown, unknown, undefined>) => {
    const row = await findProjectRow(sequelize, templateId(params));
    if (!row || !row.isTemplate) throw notFound(de.projects.templateNotFound);
    return row;
  },
  authorize: ({ actor }: { actor: SessionActor }) =>
    authorize(canManageArchivedProjects(actor), de.projects.archiveForbidden),
};

/**
 * Templates (spec sections 2, 4, 6 and 7): the list, the editor's GET and merging PUT (a PUT
 * to a new id creates a personal template), archive, save from a project, share (the
 * chosen user gets a personal copy) and publish (personal to global, irreversible).
 */
export function registerTemplateRoutes(api: ApiRoutes): void {
  api.get('/templates', {
    handle: ({ sequelize, actor }) => listTemplates(sequelize, actor, 'active'),
    present: (rows) => rows.map(presentTemplateSummary),
  });

  api.get('/templates/archived', {
    authorize: ({ actor }) => authorize(canViewArchive(actor)),
    handle: ({ sequelize, actor }) => listTemplates(sequelize, actor, 'archived'),
    present: (rows) => rows.map(presentTemplateSummary),
  });

  api.post('/templates/save-from-project', {
    body: templateFromProjectSchema,
    transaction: true,
    load: ({ sequelize, body, transaction }) => findProject(sequelize, body.project, { transaction }),
    authorize: ({ actor, body, resource }) => {
      authorize(canCreateTemplate(actor), t.createForbidden);
      if (body.ownerId === null) authorize(canMakeGlobalTemplates(actor), t.globalForbidden);
      authorize(canReadProject(actor, resource), de.projects.accessForbidden);
    },
    handle: async ({ sequelize, transaction, actor, body, resource: source }) => {
      if (body.ownerId !== null && body.ownerId !== actor.id) throw invalidField('ownerId', t.ownerInvalid);
      await requireRoomFor(sequelize, transaction, 'templates');
      const id = randomUUID();
      await copyIntoTemplate(sequelize, transaction, actor, source, {
        id,
        name: body.name,
        description: body.description,
        customerType: body.customerType ?? source.customerType,
        ownerId: body.ownerId,
        logAction: t.log.savedFromProject(source.name),
      });
      return templateSummary(sequelize, id, transaction);
    },
    status: 201,
    present: presentTemplateSummary,
  });

  api.get('/templates/:id', {
    load: loadTemplate,
    authorize: ({ actor, resource }) => authorize(canReadTemplate(actor, resource), t.readForbidden),
    handle: async ({ sequelize, actor, resource: row }) =>
      presentFor(sequelize, actor, { row, ...(await loadEntities(sequelize, row.id)) }),
  });

  api.put('/templates/:id', {
    bodySize: 'large',
    body: projectDocumentSchema,
    transaction: true,
    // null: a new template, created by this save.
    load: async ({ sequelize, params, transaction }) => {
      const row = await findProjectRow(sequelize, templateId(params), { transaction, lock: true });
      if (row && !row.isTemplate) throw notFound(t.notFound);
      return row;
    },
    authorize: ({ actor, resource }) =>
      resource === null
        ? authorize(canCreateTemplate(actor), t.createForbidden)
        : authorize(canReadTemplate(actor, resource), t.readForbidden),
    handle: async ({ sequelize, transaction, actor, resource, body, params }) => {
      let row = resource;
      let base: number | undefined;
      if (row === null) {
        await requireRoomFor(sequelize, transaction, 'templates');
        const id = templateId(params);
        const created = await createEmptyTemplate(sequelize, transaction, actor, id, body);
        row = await findTemplate(sequelize, id, { transaction, lock: true });
        // Another save of the same new id came first: it is that template now, with its rules.
        if (!created) authorize(canReadTemplate(actor, row), t.readForbidden);
        // The fields were just written from this document; its entities are all new.
        else base = row.revision;
      }
      const mayEdit = canEditTemplate(actor, row);
      return writeDocument(sequelize, transaction, actor, row, body, {
        canEditFields: mayEdit,
        canChangeAnything: mayEdit,
        ...(base !== undefined ? { base } : {}),
      });
    },
  });

  api.delete('/templates/:id', {
    transaction: true,
    load: loadTemplate,
    authorize: ({ actor, resource }) => {
      authorize(canReadTemplate(actor, resource), t.readForbidden);
      authorize(canDeleteTemplate(actor, resource), t.deleteForbidden);
    },
    handle: async ({ sequelize, transaction, actor, resource }): Promise<MessageResponse> => {
      if (resource.status === 'archived') throw notFound(t.notFound);
      await changeStatus(sequelize, transaction, resource, 'archived', logEntry(actor, t.log.archived));
      return { message: t.archived };
    },
  });

  api.post('/templates/:id/share', {
    body: templateShareSchema,
    transaction: true,
    load: loadTemplate,
    authorize: ({ actor, resource }) => {
      authorize(canReadTemplate(actor, resource), t.readForbidden);
      authorize(canShareTemplate(actor, resource), t.shareForbidden);
    },
    handle: async ({ sequelize, transaction, actor, resource: row, body: { userId } }): Promise<MessageResponse> => {
      if (userId === actor.id) throw invalidField('userId', t.shareSelf);
      const username = await usernameOf(userId, transaction);
      if (username === null) throw invalidField('userId', t.shareUserUnknown);
      if (row.status === 'archived') throw notFound(t.notFound);
      await requireRoomFor(sequelize, transaction, 'templates');
      await copyIntoTemplate(sequelize, transaction, actor, row, {
        id: randomUUID(),
        name: row.name,
        description: row.description,
        customerType: row.customerType,
        ownerId: userId,
        logAction: t.log.sharedFrom(row.name, actor.username),
      });
      return { message: t.shared(username) };
    },
    status: 201,
  });

  api.post('/templates/:id/publish', {
    transaction: true,
    load: loadTemplate,
    authorize: ({ actor, resource }) => {
      authorize(canReadTemplate(actor, resource), t.readForbidden);
      // A global one is answered below (400): publishing is irreversible, not forbidden.
      authorize(isGlobalTemplate(resource) || canPublishTemplate(actor, resource), t.globalForbidden);
      authorize(!isProjectReadOnly(resource), de.projects.readOnlyArchived);
    },
    handle: async ({ sequelize, transaction, actor, resource }) => {
      if (isGlobalTemplate(resource)) throw new ApiError(400, t.alreadyGlobal, 'validation');
      await publishTemplate(sequelize, transaction, actor, resource);
      return templateSummary(sequelize, resource.id, transaction);
    },
    present: presentTemplateSummary,
  });

  api.post('/templates/:id/restore', {
    ...archivedTemplate,
    transaction: true,
    handle: async ({ sequelize, transaction, actor, resource }): Promise<MessageResponse> => {
      requireArchived(resource, de.projects.restoreOnlyArchived);
      await requireRoomFor(sequelize, transaction, 'templates');
      await changeStatus(sequelize, transaction, resource, 'active', logEntry(actor, t.log.restored));
      return { message: de.projects.templateRestored };
    },
  });

  api.delete('/templates/:id/permanent', {
    ...archivedTemplate,
    handle: async ({ sequelize, resource }): Promise<MessageResponse> => {
      requireArchived(resource, de.projects.permanentOnlyArchived);
      await deleteProjectPermanently(sequelize, resource.id);
      return { message: de.projects.templateDeletedPermanently };
    },
  });
}
