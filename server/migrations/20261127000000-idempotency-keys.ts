import type { QueryInterface } from 'sequelize';

/**
 * The answers to writes sent with an Idempotency-Key (the offline sync queue, issue 7): a
 * replayed write whose first answer was lost gets that answer again instead of being applied
 * twice. Keys are per user.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    CREATE TABLE idempotency_keys (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      key varchar(100) NOT NULL,
      method varchar(10) NOT NULL,
      path varchar(1000) NOT NULL,
      status integer NOT NULL,
      body jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    );
  `);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query('DROP TABLE idempotency_keys;');
}
