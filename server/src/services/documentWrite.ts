import { de, type ProjectDocument, type ProjectDocumentInput } from '@werkboard/common';
import { randomUUID } from 'node:crypto';
import type { Sequelize, Transaction } from 'sequelize';
import type { SessionActor } from '../auth/sessionActor';
import { fieldsOf, flattenDocument } from '../commands/projectEntities';
import { historyNeeded, mergeProject, MergeRefused } from '../commands/projectMerger';
import { isImageOfProject } from '../images/imageStore';
import { ApiError, forbidden } from '../errors';
import { checkGroupOfProject } from './projectGroups';
import {
  applyMerge,
  changeLogIdsElsewhere,
  loadEntities,
  loadHistory,
  type ProjectRow,
  storedProject,
} from './projectStore';
import { canonicalCustomerType, presentFor } from './projects';

export interface WriteRules {
  /** May change the project's own fields (name, icon, groups …). */
  canEditFields: boolean;
  /** May change anything at all (templates: only who may edit the template). */
  canChangeAnything: boolean;
  /** Overrides the client's base revision (a template created by this very write). */
  base?: number;
}

/**
 * The merging whole-document PUT of projects and templates (architecture decision 4, rules
 * in docs/api.md): merges the incoming document into the stored one under the row lock the
 * caller holds, refuses what the caller may not change, and answers the merged document.
 */
export async function writeDocument(
  sequelize: Sequelize,
  transaction: Transaction,
  actor: SessionActor,
  row: ProjectRow,
  document: ProjectDocumentInput,
  rules: WriteRules,
): Promise<ProjectDocument> {
  const loaded = { row, ...(await loadEntities(sequelize, row.id, transaction)) };
  const stored = storedProject(row, loaded.entities, loaded.changeLog);
  const incoming = {
    base: rules.base ?? document.revision,
    fields: fieldsOf(document),
    entities: flattenDocument(document),
    changeLog: document.changeLog,
  };
  const newLogIds = incoming.changeLog.map((entry) => entry.id).filter((logId) => !stored.changeLogIds.has(logId));
  if ((await changeLogIdsElsewhere(sequelize, row.id, newLogIds, transaction)).length > 0)
    throw new ApiError(400, de.projects.idTaken, 'validation');
  let result;
  try {
    result = mergeProject({
      stored,
      incoming,
      history: await loadHistory(sequelize, historyNeeded(stored, incoming), transaction),
      actor,
      canEditFields: rules.canEditFields,
      now: new Date(),
      newId: randomUUID,
    });
  } catch (error) {
    if (error instanceof MergeRefused)
      throw new ApiError(error.status, error.message, error.status === 403 ? 'forbidden' : 'validation');
    throw error;
  }
  if (!result.changed) return presentFor(sequelize, actor, loaded, transaction);
  if (!rules.canChangeAnything) throw forbidden(de.organisation.templates.editForbidden);
  if (row.status !== 'active')
    throw forbidden(row.status === 'archived' ? de.projects.readOnlyArchived : de.projects.readOnlyCompleted);
  if (result.fieldsChanged && result.fields.customerType !== row.customerType)
    result.fields.customerType = await canonicalCustomerType(sequelize, result.fields.customerType, transaction);
  if (result.fieldsChanged && result.fields.groupId !== row.groupId) {
    if (row.isTemplate) result.fields.groupId = null;
    else await checkGroupOfProject(sequelize, result.fields.groupId, transaction);
  }
  if (result.fieldsChanged && result.fields.thumbnailImageId !== row.thumbnailImageId) {
    const imageId = result.fields.thumbnailImageId;
    if (row.isTemplate) result.fields.thumbnailImageId = null;
    else if (imageId !== null && !(await isImageOfProject(sequelize, row.id, imageId, transaction)))
      throw new ApiError(400, de.team.images.thumbnailUnknown, 'validation');
  }
  const merged = await applyMerge(sequelize, transaction, loaded, result, actor.id, new Date());
  return presentFor(sequelize, actor, merged, transaction);
}
