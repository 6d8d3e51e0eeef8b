import type { QueryInterface } from 'sequelize';

/**
 * The daily e-mail digest of unread messages (issue 16; docs/decisions.md "Message digest"):
 * whether the user wants it (default off), and the server-local day it was last sent. The job
 * claims a user by moving `last_digest_on` to today in the same statement that selects them,
 * so that with several replicas each digest goes out once.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    ALTER TABLE users ADD COLUMN message_digest boolean NOT NULL DEFAULT false;
    ALTER TABLE users ADD COLUMN last_digest_on date;
  `);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    ALTER TABLE users DROP COLUMN last_digest_on;
    ALTER TABLE users DROP COLUMN message_digest;
  `);
}
