import type { QueryInterface } from 'sequelize';

/**
 * Server-side sessions (issue 13, finding 5): one row per login; a token carries its row's id
 * and is refused once the row is gone (logout, 'Abmelden' per device, the Admin's 'Alle
 * Sitzungen beenden', password or role change, deletion). Rows past `expires_at` are pruned.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    CREATE TABLE sessions (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      device varchar(200) NOT NULL,
      ip varchar(64),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sessions_user_id ON sessions (user_id);
    CREATE INDEX sessions_expires_at ON sessions (expires_at);
  `);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query('DROP TABLE sessions');
}
