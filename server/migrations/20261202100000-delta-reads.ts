import type { QueryInterface } from 'sequelize';

/**
 * Delta reads (issue 17; docs/decisions.md "Deltas"): "what changed in project X since
 * revision N" from indexes, not by loading the document.
 *
 * - Entities: every entity row carries `rev`, the revision of its last change; indexes on
 *   (project_id, rev) of the big tables find the changed ones.
 * - Deletions: the merge's history already records a tombstone (a version with `data` NULL)
 *   for each deleted entity; a partial index finds those of a project after N.
 * - Change log: each entry gets the revision of the write that made it, set by a trigger from
 *   the project's row, so every path that logs (merge, status, team, import) is covered.
 *   Writers raise the revision before they log.
 * - `delta_from`: the first revision a delta may start from. Entries logged before this
 *   migration have no revision, and an import replaces a project's log; a client behind
 *   `delta_from` gets the whole document instead.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    ALTER TABLE projects ADD COLUMN delta_from integer NOT NULL DEFAULT 0;
    UPDATE projects SET delta_from = revision;

    ALTER TABLE change_log_entries ADD COLUMN revision integer;
    CREATE INDEX change_log_entries_revision ON change_log_entries (project_id, revision);
    CREATE FUNCTION change_log_revision() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.revision := (SELECT revision FROM projects WHERE id = NEW.project_id);
      RETURN NEW;
    END $$;
    CREATE TRIGGER change_log_entries_revision BEFORE INSERT ON change_log_entries
      FOR EACH ROW EXECUTE FUNCTION change_log_revision();

    CREATE INDEX project_cards_project_rev ON project_cards (project_id, rev);
    CREATE INDEX time_entries_project_rev ON time_entries (project_id, rev);
    CREATE INDEX material_entries_project_rev ON material_entries (project_id, rev);
    CREATE INDEX entity_versions_tombstones ON entity_versions (project_id, rev) WHERE data IS NULL;
  `);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    DROP INDEX entity_versions_tombstones;
    DROP INDEX material_entries_project_rev;
    DROP INDEX time_entries_project_rev;
    DROP INDEX project_cards_project_rev;
    DROP TRIGGER change_log_entries_revision ON change_log_entries;
    DROP FUNCTION change_log_revision();
    DROP INDEX change_log_entries_revision;
    ALTER TABLE change_log_entries DROP COLUMN revision;
    ALTER TABLE projects DROP COLUMN delta_from;
  `);
}
