import type { QueryInterface } from 'sequelize';

/**
 * Project groups (spec section 3) and the organisation issue's indexes: a project's group is
 * a foreign key that empties when the group is deleted; customer types are referenced by
 * name from projects, so renaming and deleting a type updates them by an expression index.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    CREATE TABLE project_groups (
      id uuid PRIMARY KEY,
      name varchar(100) NOT NULL,
      description text NOT NULL DEFAULT '',
      color varchar(7) NOT NULL,
      icon varchar(40) NOT NULL,
      icon_color varchar(7) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    UPDATE projects SET group_id = NULL WHERE group_id IS NOT NULL;
    ALTER TABLE projects ADD CONSTRAINT projects_group_fk
      FOREIGN KEY (group_id) REFERENCES project_groups (id) ON DELETE SET NULL;
    CREATE INDEX projects_group ON projects (group_id);
    CREATE INDEX projects_customer_type ON projects (lower(customer_type));
  `);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    DROP INDEX projects_customer_type;
    DROP INDEX projects_group;
    ALTER TABLE projects DROP CONSTRAINT projects_group_fk;
    DROP TABLE project_groups;
  `);
}
