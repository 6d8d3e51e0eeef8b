import type { QueryInterface } from 'sequelize';

/**
 * Projects and templates (one table: a template is a project-like document), stored
 * normalised (architecture decision 4), the version history the merge reads, and tags
 * per customer type. Written as SQL: partial and expression indexes read better so.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    CREATE TABLE projects (
      id uuid PRIMARY KEY,
      is_template boolean NOT NULL DEFAULT false,
      name varchar(200) NOT NULL,
      description text NOT NULL DEFAULT '',
      icon varchar(40) NOT NULL,
      project_number varchar(100) NOT NULL DEFAULT '',
      customer_type varchar(100) NOT NULL,
      status varchar(20) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'archived')),
      owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
      deputy_owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
      group_id uuid,
      group_assignments jsonb NOT NULL DEFAULT '{}',
      thumbnail_image_id uuid,
      tag_ids jsonb NOT NULL DEFAULT '[]',
      card_groups jsonb NOT NULL DEFAULT '[]',
      revision integer NOT NULL DEFAULT 1,
      fields_rev integer NOT NULL DEFAULT 1,
      archived_at timestamptz,
      last_modified timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX projects_owner_name_unique ON projects (owner_id, lower(name))
      WHERE NOT is_template AND status <> 'archived';
    CREATE INDEX projects_owner ON projects (owner_id);
    CREATE INDEX projects_deputy ON projects (deputy_owner_id);
    CREATE INDEX projects_status ON projects (is_template, status);

    CREATE TABLE project_members (
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, user_id)
    );
    CREATE INDEX project_members_user ON project_members (user_id);

    CREATE TABLE project_columns (
      id uuid PRIMARY KEY,
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      position varchar(1000) NOT NULL,
      title varchar(500) NOT NULL,
      rev integer NOT NULL
    );
    CREATE INDEX project_columns_project ON project_columns (project_id);

    CREATE TABLE project_cards (
      id uuid PRIMARY KEY,
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      column_id uuid NOT NULL REFERENCES project_columns (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
      position varchar(1000) NOT NULL,
      title varchar(500) NOT NULL,
      description text NOT NULL DEFAULT '',
      tag_ids jsonb NOT NULL DEFAULT '[]',
      group_name varchar(500),
      assigned_to varchar(60),
      rev integer NOT NULL
    );
    CREATE INDEX project_cards_project ON project_cards (project_id);
    CREATE INDEX project_cards_column ON project_cards (column_id);

    CREATE TABLE time_entries (
      id uuid PRIMARY KEY,
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      card_id uuid NOT NULL REFERENCES project_cards (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
      user_id uuid,
      username varchar(100) NOT NULL,
      day date NOT NULL,
      hours numeric(6, 2) NOT NULL CHECK (hours > 0),
      rev integer NOT NULL
    );
    CREATE INDEX time_entries_project ON time_entries (project_id);
    CREATE INDEX time_entries_card ON time_entries (card_id);

    CREATE TABLE material_entries (
      id uuid PRIMARY KEY,
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      card_id uuid NOT NULL REFERENCES project_cards (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
      seq bigserial,
      quantity numeric(14, 3) NOT NULL CHECK (quantity > 0),
      unit varchar(50) NOT NULL DEFAULT '',
      name varchar(500) NOT NULL,
      rev integer NOT NULL
    );
    CREATE INDEX material_entries_project ON material_entries (project_id);
    CREATE INDEX material_entries_card ON material_entries (card_id);

    CREATE TABLE appointments (
      id uuid PRIMARY KEY,
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      title varchar(500) NOT NULL,
      starts_at varchar(16) NOT NULL,
      status varchar(30) NOT NULL DEFAULT 'active',
      contact_name varchar(200) NOT NULL DEFAULT '',
      contact_phone varchar(200) NOT NULL DEFAULT '',
      tag_ids jsonb NOT NULL DEFAULT '[]',
      notes text NOT NULL DEFAULT '',
      rev integer NOT NULL
    );
    CREATE INDEX appointments_project ON appointments (project_id);
    CREATE INDEX appointments_starts_at ON appointments (starts_at);

    CREATE TABLE project_notes (
      id uuid PRIMARY KEY,
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      title varchar(500) NOT NULL,
      content text NOT NULL,
      author_id uuid,
      author_username varchar(100) NOT NULL,
      written_at timestamptz NOT NULL,
      rev integer NOT NULL
    );
    CREATE INDEX project_notes_project ON project_notes (project_id);

    CREATE TABLE change_log_entries (
      id uuid PRIMARY KEY,
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      logged_at timestamptz NOT NULL,
      user_id uuid,
      username varchar(100) NOT NULL,
      action text NOT NULL
    );
    CREATE INDEX change_log_entries_project ON change_log_entries (project_id, logged_at DESC);

    CREATE TABLE entity_versions (
      entity_id uuid NOT NULL,
      rev integer NOT NULL,
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      kind varchar(20) NOT NULL,
      actor_id uuid,
      data jsonb,
      PRIMARY KEY (entity_id, rev)
    );
    CREATE INDEX entity_versions_project ON entity_versions (project_id);

    CREATE TABLE tags (
      id uuid PRIMARY KEY,
      customer_type_id uuid NOT NULL REFERENCES customer_types (id) ON DELETE CASCADE,
      label varchar(100) NOT NULL,
      color varchar(20) NOT NULL DEFAULT 'slate',
      priority smallint NOT NULL DEFAULT 1 CHECK (priority BETWEEN 0 AND 4),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX tags_label_unique ON tags (customer_type_id, lower(label));
  `);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    DROP TABLE tags;
    DROP TABLE entity_versions;
    DROP TABLE change_log_entries;
    DROP TABLE project_notes;
    DROP TABLE appointments;
    DROP TABLE material_entries;
    DROP TABLE time_entries;
    DROP TABLE project_cards;
    DROP TABLE project_columns;
    DROP TABLE project_members;
    DROP TABLE projects;
  `);
}
