import {
  type CustomerTypeCreateRequest,
  DEFAULT_CUSTOMER_TYPE,
  de,
  type TagCreateRequest,
  type TagDto,
  type TagUpdateRequest,
} from '@werkboard/common';
import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction, UniqueConstraintError } from 'sequelize';
import { ApiError, invalidField, notFound } from '../errors';
import { recordFieldsChangedElsewhere } from './projects';

const types = de.organisation.customerTypes;
const tagTexts = de.organisation.tags;

/**
 * Customer types and their tags (spec sections 3 and 5). Projects and templates name their
 * type by its spelling, so a rename or a delete rewrites them in the same transaction.
 */

function isDefault(name: string): boolean {
  return name.trim().toLocaleLowerCase('de') === DEFAULT_CUSTOMER_TYPE.toLocaleLowerCase('de');
}

const nameTaken = () => invalidField('name', types.nameTaken);

async function findType(sequelize: Sequelize, name: string, transaction?: Transaction) {
  const [row] = await sequelize.query<{ id: string; name: string }>(
    'SELECT id, name FROM customer_types WHERE lower(name) = lower(:name)',
    { type: QueryTypes.SELECT, replacements: { name: name.trim() }, transaction },
  );
  return row ?? null;
}

/** Unique violations of the case-insensitive indexes become the spec's messages. */
async function uniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = (error as { parent?: { constraint?: string } }).parent?.constraint;
    if (error instanceof UniqueConstraintError && constraint === 'customer_types_name_lower_unique') throw nameTaken();
    if (error instanceof UniqueConstraintError && constraint === 'tags_label_unique')
      throw invalidField('label', tagTexts.labelTaken);
    throw error;
  }
}

/** Every type's name, Allgemein first, then by name. */
export async function listCustomerTypes(sequelize: Sequelize): Promise<string[]> {
  const rows = await sequelize.query<{ name: string }>(
    'SELECT name FROM customer_types ORDER BY lower(name) = lower(:general) DESC, lower(name)',
    { type: QueryTypes.SELECT, replacements: { general: DEFAULT_CUSTOMER_TYPE } },
  );
  return rows.map((row) => row.name);
}

export async function createCustomerType(
  sequelize: Sequelize,
  transaction: Transaction,
  request: CustomerTypeCreateRequest,
): Promise<string> {
  return uniquely(async () => {
    if (await findType(sequelize, request.name, transaction)) throw nameTaken();
    const source = request.copyTagsFrom ? await findType(sequelize, request.copyTagsFrom, transaction) : null;
    if (request.copyTagsFrom && !source) throw invalidField('copyTagsFrom', types.copySourceUnknown);
    const id = randomUUID();
    await sequelize.query(
      'INSERT INTO customer_types (id, name, created_at, updated_at) VALUES (:id, :name, now(), now())',
      { replacements: { id, name: request.name }, transaction },
    );
    if (source)
      await sequelize.query(
        `INSERT INTO tags (id, customer_type_id, label, color, priority)
         SELECT gen_random_uuid(), :id, label, color, priority FROM tags WHERE customer_type_id = :sourceId`,
        { replacements: { id, sourceId: source.id }, transaction },
      );
    return request.name;
  });
}

async function requireChangeableType(sequelize: Sequelize, name: string, transaction: Transaction) {
  const type = await findType(sequelize, name, transaction);
  if (!type) throw notFound(types.notFound);
  if (isDefault(type.name)) throw new ApiError(400, types.defaultLocked, 'validation');
  return type;
}

const idsOf = (rows: unknown) => (rows as { id: string }[]).map((row) => row.id);

/** Renames the type; its projects and templates follow (as a field change of each, see recordFieldsChangedElsewhere). */
export async function renameCustomerType(
  sequelize: Sequelize,
  transaction: Transaction,
  name: string,
  newName: string,
): Promise<string> {
  return uniquely(async () => {
    const type = await requireChangeableType(sequelize, name, transaction);
    const other = await findType(sequelize, newName, transaction);
    if (other && other.id !== type.id) throw nameTaken();
    if (isDefault(newName)) throw nameTaken();
    await sequelize.query('UPDATE customer_types SET name = :newName, updated_at = now() WHERE id = :id', {
      replacements: { id: type.id, newName },
      transaction,
    });
    const [renamed] = await sequelize.query(
      'UPDATE projects SET customer_type = :newName WHERE lower(customer_type) = lower(:old) RETURNING id',
      { replacements: { old: type.name, newName }, transaction },
    );
    await recordFieldsChangedElsewhere(sequelize, transaction, idsOf(renamed), null);
    return newName;
  });
}

/** Deletes the type and its tags; its projects and templates fall back to Allgemein. */
export async function deleteCustomerType(sequelize: Sequelize, transaction: Transaction, name: string): Promise<void> {
  const type = await requireChangeableType(sequelize, name, transaction);
  const [moved] = await sequelize.query(
    'UPDATE projects SET customer_type = :fallback WHERE lower(customer_type) = lower(:old) RETURNING id',
    { replacements: { old: type.name, fallback: DEFAULT_CUSTOMER_TYPE }, transaction },
  );
  await recordFieldsChangedElsewhere(sequelize, transaction, idsOf(moved), null);
  await sequelize.query('DELETE FROM customer_types WHERE id = :id', { replacements: { id: type.id }, transaction });
}

const TAG_SELECT = `SELECT t.id, c.name AS "customerType", t.label, t.color, t.priority
  FROM tags t JOIN customer_types c ON c.id = t.customer_type_id`;

export function listTags(sequelize: Sequelize): Promise<TagDto[]> {
  return sequelize.query<TagDto>(`${TAG_SELECT} ORDER BY lower(c.name), t.priority DESC, lower(t.label)`, {
    type: QueryTypes.SELECT,
  });
}

/** The tag with this id (its stored colour, which the presenter checks); 404 when there is none. */
export async function findTag(sequelize: Sequelize, id: string, transaction?: Transaction): Promise<TagDto> {
  const [row] = await sequelize.query<TagDto>(`${TAG_SELECT} WHERE t.id = :id`, {
    type: QueryTypes.SELECT,
    replacements: { id },
    transaction,
  });
  if (!row) throw notFound(tagTexts.notFound);
  return row;
}

export async function createTag(
  sequelize: Sequelize,
  transaction: Transaction,
  request: TagCreateRequest,
): Promise<TagDto> {
  return uniquely(async () => {
    const type = await findType(sequelize, request.customerType, transaction);
    if (!type) throw invalidField('customerType', de.projects.customerTypeUnknown);
    const id = randomUUID();
    await sequelize.query(
      `INSERT INTO tags (id, customer_type_id, label, color, priority) VALUES (:id, :typeId, :label, :color, :priority)`,
      {
        replacements: { id, typeId: type.id, label: request.label, color: request.color, priority: request.priority },
        transaction,
      },
    );
    return findTag(sequelize, id, transaction);
  });
}

export async function updateTag(
  sequelize: Sequelize,
  transaction: Transaction,
  tag: TagDto,
  patch: TagUpdateRequest,
): Promise<TagDto> {
  return uniquely(async () => {
    const next = { ...tag, ...patch };
    await sequelize.query(
      'UPDATE tags SET label = :label, color = :color, priority = :priority, updated_at = now() WHERE id = :id',
      { replacements: { id: tag.id, label: next.label, color: next.color, priority: next.priority }, transaction },
    );
    return findTag(sequelize, tag.id, transaction);
  });
}

/**
 * Deletes the tag. Cards and projects that carried it keep the id until their next edit;
 * every screen ignores ids of tags that no longer exist.
 */
export async function deleteTag(sequelize: Sequelize, id: string): Promise<void> {
  await sequelize.query('DELETE FROM tags WHERE id = :id', { replacements: { id } });
}
