import type { QueryInterface } from 'sequelize';

/**
 * Issue 13's hardening of what is stored:
 * - idempotency keys are claimed before the write runs (a row without status is a claim in
 *   progress), bound to a hash of their request, and deleted after 30 days (by created_at).
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    ALTER TABLE idempotency_keys ALTER COLUMN status DROP NOT NULL;
    ALTER TABLE idempotency_keys ADD COLUMN request_hash char(64);
    CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
  `);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    DROP INDEX idempotency_keys_created_at;
    ALTER TABLE idempotency_keys DROP COLUMN request_hash;
    DELETE FROM idempotency_keys WHERE status IS NULL;
    ALTER TABLE idempotency_keys ALTER COLUMN status SET NOT NULL;
  `);
}
