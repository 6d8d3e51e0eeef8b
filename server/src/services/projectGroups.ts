import { de, type ProjectGroupDto, type ProjectGroupInput } from '@werkboard/common';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { invalidField, licenseRequired } from '../errors';
import { currentLicenseType } from './license';
import { recordFieldsChangedElsewhere } from './projects';

const SELECT = `SELECT id, name, description, color, icon, icon_color AS "iconColor" FROM project_groups`;

export async function listProjectGroups(sequelize: Sequelize): Promise<ProjectGroupDto[]> {
  return sequelize.query<ProjectGroupDto>(`${SELECT} ORDER BY lower(name), id`, { type: QueryTypes.SELECT });
}

/** Project groups are disabled on the Free license (spec sections 2 and 9). */
export async function requireGroupsLicensed(transaction?: Transaction): Promise<void> {
  if ((await currentLicenseType(transaction)) === 'Free') throw licenseRequired(de.organisation.groups.freeLicense);
}

/** Creates the group under the client's id or replaces its fields. */
export async function saveProjectGroup(
  sequelize: Sequelize,
  transaction: Transaction,
  id: string,
  input: ProjectGroupInput,
): Promise<ProjectGroupDto> {
  const [rows] = await sequelize.query(
    `INSERT INTO project_groups (id, name, description, color, icon, icon_color)
     VALUES (:id, :name, :description, :color, :icon, :iconColor)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, color = EXCLUDED.color,
       icon = EXCLUDED.icon, icon_color = EXCLUDED.icon_color, updated_at = now()
     RETURNING id, name, description, color, icon, icon_color AS "iconColor"`,
    { replacements: { id, ...input }, transaction },
  );
  return (rows as ProjectGroupDto[])[0]!;
}

/** Deletes the group; its projects become ungrouped (as a field change of each, see recordFieldsChangedElsewhere). */
export async function deleteProjectGroup(sequelize: Sequelize, transaction: Transaction, id: string): Promise<boolean> {
  const [members] = await sequelize.query('SELECT id FROM projects WHERE group_id = :id FOR UPDATE', {
    replacements: { id },
    transaction,
  });
  const [rows] = await sequelize.query('DELETE FROM project_groups WHERE id = :id RETURNING id', {
    replacements: { id },
    transaction,
  });
  await recordFieldsChangedElsewhere(
    sequelize,
    transaction,
    (members as { id: string }[]).map((row) => row.id),
    null,
  );
  return rows.length > 0;
}

/**
 * A project's group as a PUT sets it: null always; otherwise an existing group, and only
 * while the license allows groups.
 */
export async function checkGroupOfProject(
  sequelize: Sequelize,
  groupId: string | null,
  transaction: Transaction,
): Promise<void> {
  if (groupId === null) return;
  await requireGroupsLicensed(transaction);
  const [row] = await sequelize.query('SELECT 1 FROM project_groups WHERE id = :groupId', {
    type: QueryTypes.SELECT,
    replacements: { groupId },
    transaction,
  });
  if (!row) throw invalidField('groupId', de.organisation.groups.unknownForProject);
}
