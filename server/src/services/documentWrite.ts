import {
  canRevokeSignoff,
  de,
  EXTERNAL_ASSIGNEE_PREFIX,
  type ProjectChangesDto,
  type ProjectDeltaInput,
  type ProjectDocument,
  type ProjectDocumentInput,
  type ProjectFieldsDto,
} from '@werkboard/common';
import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { SessionActor } from '../auth/sessionActor';
import type { LogNames } from '../commands/projectChangeLog';
import { type EntityMap, fieldsOf, flattenDocument } from '../commands/projectEntities';
import { composeDelta } from '../commands/projectDelta';
import {
  historyNeeded,
  type IncomingProject,
  mergeProject,
  MergeRefused,
  type MergeResult,
  type StoredProject,
} from '../commands/projectMerger';
import { DeltaSlice } from '../commands/projectSlice';
import { isImageOfProject } from '../images/imageStore';
import { ApiError, forbidden } from '../errors';
import { checkGroupOfProject } from './projectGroups';
import {
  applyMerge,
  countAndLoadSomeEntities,
  loadEntities,
  loadHistory,
  loadSomeEntities,
  mergedProject,
  type ProjectRow,
  storedProject,
} from './projectStore';
import { canonicalCustomerType, presentFor, readChanges } from './projects';

export interface WriteRules {
  /**
   * May edit the project (templates: the template): its own fields (name, icon, groups …),
   * its columns, and cards holding other people's time entries.
   */
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
  // The document's change log is the client's copy of the server's: never taken (the merge writes the log).
  const written = await mergeAndWrite(sequelize, transaction, actor, row, loaded.entities, rules, () => ({
    base: rules.base ?? document.revision,
    fields: fieldsOf(document),
    entities: flattenDocument(document),
  }));
  return presentFor(
    sequelize,
    actor,
    written ? mergedProject(loaded, written.result, written.row) : loaded,
    transaction,
  );
}

/**
 * The delta save (PATCH, issue 17): the stored document with the delta on top goes through
 * the same merge as a whole document; the answer is what changed since the writer's base
 * (its own write and others'), or the whole document when the history does not reach back.
 * Of the stored document only the slice the merge looks at for this delta is loaded
 * (`DeltaSlice`), and counts for the limits.
 */
export async function writeDelta(
  sequelize: Sequelize,
  transaction: Transaction,
  actor: SessionActor,
  row: ProjectRow,
  delta: ProjectDeltaInput,
  rules: WriteRules,
): Promise<ProjectChangesDto> {
  const slice = new DeltaSlice(delta);
  // The first round (never empty: it asks for the sign-offs) with the counts, in one round trip.
  const first = slice.next()!;
  const { counts, entities } = await countAndLoadSomeEntities(
    sequelize,
    row.id,
    slice.entryCards(),
    first,
    transaction,
  );
  slice.add(first, entities);
  for (let reads = slice.next(); reads; reads = slice.next())
    slice.add(reads, await loadSomeEntities(sequelize, row.id, reads, transaction));
  const written = await mergeAndWrite(sequelize, transaction, actor, row, slice.entities, rules, (stored) =>
    composeDelta(stored, delta, counts),
  );
  const now = written?.row ?? row;
  // Nobody else wrote since the writer's base: what changed since is this write alone, and
  // only the tables it wrote are read back (the answer is read, not built, so that it is
  // exactly what a delta read gives).
  const known =
    delta.revision === row.revision
      ? {
          kinds: new Set([...(written?.result.upserts ?? []), ...(written?.result.deletes ?? [])].map((e) => e.kind)),
          deletions: (written?.result.deletes.length ?? 0) > 0,
        }
      : undefined;
  return readChanges(sequelize, actor, now, Math.min(delta.revision, now.revision), transaction, known);
}

/**
 * The one merge of both: what `incomingOf` makes of the stored project (`entities`: all of
 * it, or a delta's slice), merged, checked and written. Null when the write changes nothing.
 */
async function mergeAndWrite(
  sequelize: Sequelize,
  transaction: Transaction,
  actor: SessionActor,
  row: ProjectRow,
  entities: EntityMap,
  rules: WriteRules,
  incomingOf: (stored: StoredProject) => IncomingProject,
): Promise<{ row: ProjectRow; result: MergeResult } | null> {
  const stored = storedProject(row, entities);
  let result;
  try {
    const incoming = incomingOf(stored);
    // A customer signs a project's work; a template has none (projects made from it start unsigned).
    if (row.isTemplate && [...incoming.entities.values()].some((entity) => entity.kind === 'signoff'))
      throw new ApiError(400, de.projects.signoff.inTemplate, 'validation');
    result = mergeProject({
      stored,
      incoming,
      history: await loadHistory(sequelize, historyNeeded(stored, incoming), transaction),
      actor,
      mayEditProject: rules.canEditFields,
      mayRevokeSignoffs: canRevokeSignoff(actor, row),
      names: await logNames(sequelize, row.id, stored.fields, incoming.fields, transaction),
      now: new Date(),
      newId: randomUUID,
    });
  } catch (error) {
    if (!(error instanceof MergeRefused)) throw error;
    if (error.status === 403 && !rules.canChangeAnything) throw forbidden(de.organisation.templates.editForbidden);
    throw new ApiError(error.status, error.message, error.status === 403 ? 'forbidden' : 'validation');
  }
  if (!result.changed) return null;
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
  return { row: await applyMerge(sequelize, transaction, row, result, actor.id, new Date()), result };
}

/** The names the change log of this write may need: assignees of task groups and a new thumbnail. */
async function logNames(
  sequelize: Sequelize,
  projectId: string,
  stored: ProjectFieldsDto,
  incoming: ProjectFieldsDto,
  transaction: Transaction,
): Promise<LogNames> {
  const names = new Map<string, string>();
  const assignees = Object.entries(incoming.groupAssignments)
    .filter(([group, assignee]) => stored.groupAssignments[group] !== assignee)
    .map(([, assignee]) => assignee);
  const external = (id: string) => id.startsWith(EXTERNAL_ASSIGNEE_PREFIX);
  const users = assignees.filter((id) => !external(id));
  const externals = assignees.filter(external).map((id) => id.slice(EXTERNAL_ASSIGNEE_PREFIX.length));
  const select = (sql: string, replacements: Record<string, unknown>) =>
    sequelize.query<{ id: string; name: string }>(sql, { type: QueryTypes.SELECT, replacements, transaction });
  if (users.length > 0)
    for (const user of await select('SELECT id, username AS name FROM users WHERE id = ANY(ARRAY[:ids]::uuid[])', {
      ids: users,
    }))
      names.set(user.id, user.name);
  if (externals.length > 0)
    for (const worker of await select('SELECT id, name FROM external_users WHERE id = ANY(ARRAY[:ids]::uuid[])', {
      ids: externals,
    }))
      names.set(`${EXTERNAL_ASSIGNEE_PREFIX}${worker.id}`, worker.name);
  const image = incoming.thumbnailImageId;
  if (image !== null && image !== stored.thumbnailImageId)
    for (const row of await select(
      'SELECT id, name FROM project_images WHERE id = :image AND project_id = :projectId',
      {
        image,
        projectId,
      },
    ))
      names.set(row.id, row.name);
  return {
    assignee: (id) => names.get(id) ?? de.board.task.unknownAssignee,
    image: (id) => names.get(id) ?? '',
  };
}
