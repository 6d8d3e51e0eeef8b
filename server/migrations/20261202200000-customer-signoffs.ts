import type { QueryInterface } from 'sequelize';

/**
 * Customer sign-offs ('Abnahme durch den Kunden'), one row per sign-off: an entity of the
 * project document like a note (merged, versioned, exported), see docs/decisions.md.
 * `card_id` has no foreign key: the merge deletes a card's sign-off with the card.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    CREATE TABLE project_signoffs (
      id uuid PRIMARY KEY,
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      card_id uuid,
      signer_name varchar(200) NOT NULL,
      signed_at timestamptz NOT NULL,
      signature text NOT NULL,
      covered_time_entry_ids jsonb NOT NULL,
      covered_material_entry_ids jsonb NOT NULL,
      collected_by_id uuid,
      collected_by_name varchar(100) NOT NULL,
      rev integer NOT NULL
    );
    CREATE INDEX project_signoffs_project ON project_signoffs (project_id);
  `);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query('DROP TABLE project_signoffs;');
}
