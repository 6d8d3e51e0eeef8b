import { DEFAULT_CUSTOMER_TYPE, DEFAULT_TEMPLATE_ICON, de, type ProjectDocumentInput } from '@werkboard/common';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { SessionActor } from '../auth/sessionActor';
import { notFound } from '../errors';
import type { TemplateSummaryRow } from '../presenters/project';
import { findProjectRow, insertChangeLog, type ProjectRow, writeEntities } from './projectStore';
import { canonicalCustomerType, copyBoard, logEntry, recordFields, TEMPLATE_SUMMARY_SELECT } from './projects';

const t = de.organisation.templates;

/**
 * Templates (spec sections 2, 4 and 6): rows of the projects table with is_template; owner
 * null means global. Creating one copies a board (columns, cards, task groups; never time or
 * material entries, appointments or notes) or starts from the editor's first save.
 */

/** A template (not a project); 404 when there is none. Locked for the transaction when `lock`. */
export async function findTemplate(
  sequelize: Sequelize,
  id: string,
  options: { transaction?: Transaction; lock?: boolean } = {},
): Promise<ProjectRow> {
  const row = await findProjectRow(sequelize, id, options);
  if (!row || !row.isTemplate) throw notFound(t.notFound);
  return row;
}

interface NewTemplate {
  id: string;
  name: string;
  description: string;
  icon: string;
  customerType: string;
  ownerId: string | null;
  cardGroups: string[];
  tagIds?: string[];
}

/** Inserts the template's row and the first version of its fields; true when the id was free. */
async function insertTemplateRow(
  sequelize: Sequelize,
  transaction: Transaction,
  actorId: string,
  template: NewTemplate,
): Promise<boolean> {
  const [rows] = await sequelize.query(
    `INSERT INTO projects (id, is_template, name, description, icon, customer_type, owner_id, card_groups, tag_ids)
     VALUES (:id, true, :name, :description, :icon, :customerType, :ownerId, :cardGroups::jsonb, :tagIds::jsonb)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    {
      replacements: {
        ...template,
        customerType: await canonicalCustomerType(sequelize, template.customerType, transaction),
        cardGroups: JSON.stringify(template.cardGroups),
        tagIds: JSON.stringify(template.tagIds ?? []),
      },
      transaction,
    },
  );
  if (rows.length === 0) return false;
  await recordFields(sequelize, transaction, template.id, actorId);
  return true;
}

/** The editor's first save: an empty personal template of the caller, filled by the merge that follows. */
export async function createEmptyTemplate(
  sequelize: Sequelize,
  transaction: Transaction,
  actor: SessionActor,
  id: string,
  document: ProjectDocumentInput,
): Promise<boolean> {
  const created = await insertTemplateRow(sequelize, transaction, actor.id, {
    id,
    name: document.name,
    description: document.description,
    icon: document.icon ?? DEFAULT_TEMPLATE_ICON,
    customerType: document.customerType || DEFAULT_CUSTOMER_TYPE,
    ownerId: actor.id,
    cardGroups: document.cardGroups,
    tagIds: document.tagIds,
  });
  if (created) await insertChangeLog(sequelize, transaction, id, [logEntry(actor, t.log.created)]);
  return created;
}

/** A new template with a copy of the source's board (a project or another template). */
export async function copyIntoTemplate(
  sequelize: Sequelize,
  transaction: Transaction,
  actor: SessionActor,
  source: ProjectRow,
  template: Omit<NewTemplate, 'cardGroups' | 'icon'> & { logAction: string },
): Promise<void> {
  const { logAction, ...fields } = template;
  await insertTemplateRow(sequelize, transaction, actor.id, {
    ...fields,
    icon: source.icon,
    cardGroups: source.cardGroups,
    tagIds: source.tagIds,
  });
  const entities = await copyBoard(sequelize, source.id, transaction);
  // A card's assignment belongs to its project's team, not to a template.
  for (const entity of entities) if (entity.kind === 'card') entity.content = { ...entity.content, assignedTo: null };
  await writeEntities(sequelize, transaction, template.id, entities, actor.id);
  await insertChangeLog(sequelize, transaction, template.id, [logEntry(actor, logAction)]);
}

/** One template in list form. */
export async function templateSummary(
  sequelize: Sequelize,
  id: string,
  transaction?: Transaction,
): Promise<TemplateSummaryRow> {
  const [row] = await sequelize.query<TemplateSummaryRow>(`${TEMPLATE_SUMMARY_SELECT} WHERE p.id = :id`, {
    type: QueryTypes.SELECT,
    replacements: { id },
    transaction,
  });
  if (!row) throw notFound(t.notFound);
  return row;
}

/** Personal to global: irreversible (spec section 4). */
export async function publishTemplate(
  sequelize: Sequelize,
  transaction: Transaction,
  actor: SessionActor,
  row: ProjectRow,
) {
  await sequelize.query(
    'UPDATE projects SET owner_id = NULL, revision = revision + 1, last_modified = now(), updated_at = now() WHERE id = :id',
    { replacements: { id: row.id }, transaction },
  );
  await insertChangeLog(sequelize, transaction, row.id, [logEntry(actor, t.log.published)]);
}
