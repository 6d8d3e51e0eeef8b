import type { QueryInterface } from 'sequelize';

/**
 * Invitations to projects and project images (issue 6). At most one pending invitation per
 * user and project (a partial unique index, so a race of two invites cannot make two). Image
 * files live under data/images; the rows hold their metadata. A project's thumbnail is a
 * foreign key to its images.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    CREATE TABLE project_invitations (
      id uuid PRIMARY KEY,
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      to_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      from_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      from_username varchar(100) NOT NULL,
      status varchar(10) NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn')),
      created_at timestamptz NOT NULL DEFAULT now(),
      responded_at timestamptz
    );
    CREATE UNIQUE INDEX project_invitations_one_pending
      ON project_invitations (project_id, to_user_id) WHERE status = 'pending';
    CREATE INDEX project_invitations_to_user ON project_invitations (to_user_id) WHERE status = 'pending';

    CREATE TABLE project_images (
      id uuid PRIMARY KEY,
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      name varchar(200) NOT NULL,
      mime_type varchar(20) NOT NULL CHECK (mime_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
      size integer NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
      uploaded_by_username varchar(100) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX project_images_project ON project_images (project_id, created_at);

    UPDATE projects SET thumbnail_image_id = NULL WHERE thumbnail_image_id IS NOT NULL;
    ALTER TABLE projects ADD CONSTRAINT projects_thumbnail_fk
      FOREIGN KEY (thumbnail_image_id) REFERENCES project_images (id) ON DELETE SET NULL;
  `);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    ALTER TABLE projects DROP CONSTRAINT projects_thumbnail_fk;
    DROP TABLE project_images;
    DROP TABLE project_invitations;
  `);
}
