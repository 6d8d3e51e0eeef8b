import type { QueryInterface } from 'sequelize';

/**
 * Live updates (issue 16; docs/architecture.md "Live updates"): every committed change of a
 * project's revision and of a user's pending invitations is announced on the channel
 * `werkboard_events` by a trigger, so that every write path (the merge, team changes, status
 * changes, imports, restores) announces itself without remembering to. NOTIFY inside a
 * transaction is delivered only at its commit, and to every server replica listening.
 *
 * The payload is an envelope `{to, event}`: `to` is `{projectId}` (the server delivers to the
 * project's readers) or `{userId}`. Templates are not announced: no board shows them live.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    CREATE FUNCTION announce_project_revision() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('werkboard_events', json_build_object(
        'to', json_build_object('projectId', NEW.id),
        'event', json_build_object('type', 'project-revision', 'projectId', NEW.id, 'revision', NEW.revision)
      )::text);
      RETURN NULL;
    END $$;

    CREATE TRIGGER projects_announce_insert AFTER INSERT ON projects
      FOR EACH ROW WHEN (NOT NEW.is_template) EXECUTE FUNCTION announce_project_revision();
    CREATE TRIGGER projects_announce_update AFTER UPDATE OF revision ON projects
      FOR EACH ROW WHEN (NOT NEW.is_template AND NEW.revision IS DISTINCT FROM OLD.revision)
      EXECUTE FUNCTION announce_project_revision();

    CREATE FUNCTION announce_invitation_count() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      affected uuid;
    BEGIN
      FOR affected IN
        SELECT DISTINCT u FROM unnest(ARRAY[
          CASE WHEN TG_OP <> 'INSERT' THEN OLD.to_user_id END,
          CASE WHEN TG_OP <> 'DELETE' THEN NEW.to_user_id END
        ]) AS u WHERE u IS NOT NULL
      LOOP
        -- The same rule as GET /api/invitations: pending, to a project that is not archived.
        PERFORM pg_notify('werkboard_events', json_build_object(
          'to', json_build_object('userId', affected),
          'event', json_build_object('type', 'invitation-count', 'count', (
            SELECT count(*) FROM project_invitations i JOIN projects p ON p.id = i.project_id
             WHERE i.to_user_id = affected AND i.status = 'pending' AND p.status <> 'archived'))
        )::text);
      END LOOP;
      RETURN NULL;
    END $$;

    CREATE TRIGGER project_invitations_announce AFTER INSERT OR UPDATE OR DELETE ON project_invitations
      FOR EACH ROW EXECUTE FUNCTION announce_invitation_count();

    -- Web push subscriptions, one per browser (its endpoint), of the user signed in there.
    CREATE TABLE push_subscriptions (
      endpoint varchar(1000) PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      p256dh varchar(200) NOT NULL,
      auth varchar(100) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
  `);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    DROP TABLE push_subscriptions;
    DROP TRIGGER project_invitations_announce ON project_invitations;
    DROP FUNCTION announce_invitation_count();
    DROP TRIGGER projects_announce_update ON projects;
    DROP TRIGGER projects_announce_insert ON projects;
    DROP FUNCTION announce_project_revision();
  `);
}
