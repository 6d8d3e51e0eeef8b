import type { QueryInterface } from 'sequelize';

/**
 * The second factor (TOTP, RFC 6238; issue 13): one row per user who began enrolment. The
 * secret is sealed with the installation's key (auth/secretBox.ts); `confirmed_at` is null
 * while enrolment waits for the first code; `last_used_step` refuses a code a second time;
 * `recovery_codes` are SHA-256 hashes, each removed when used.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    CREATE TABLE second_factors (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      secret jsonb NOT NULL,
      confirmed_at timestamptz,
      last_used_step bigint,
      recovery_codes text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query('DROP TABLE second_factors');
}
