import type { QueryInterface } from 'sequelize';

/**
 * Direct messages (issue 16), end-to-end encrypted: the server keeps only ciphertext.
 *
 * - message_keys: each user's current key pair, the private key wrapped under a key derived
 *   from the password. Replaced at the user's next login after an Admin reset (the row is
 *   deleted then), so old messages stay sealed.
 * - messages: metadata (who, to whom, when, type, read) and the sealed envelope. The
 *   generated pair columns let one index serve both the thread and the conversation list's
 *   "last message per partner" (docs/performance.md, "Conversation list"); the partial index
 *   counts unread messages without touching read ones.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(`
    CREATE TABLE message_keys (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      key_id uuid NOT NULL UNIQUE,
      public_key text NOT NULL,
      wrapped_private_key text NOT NULL,
      wrap_iv text NOT NULL,
      salt text NOT NULL,
      iterations integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE messages (
      id uuid PRIMARY KEY,
      sender_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      recipient_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      pair_low uuid GENERATED ALWAYS AS (LEAST(sender_id, recipient_id)) STORED,
      pair_high uuid GENERATED ALWAYS AS (GREATEST(sender_id, recipient_id)) STORED,
      message_type varchar(40) NOT NULL,
      content jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      read_at timestamptz,
      CHECK (sender_id <> recipient_id)
    );
    CREATE INDEX messages_pair_time ON messages (pair_low, pair_high, created_at DESC, id DESC);
    CREATE INDEX messages_unread ON messages (recipient_id, sender_id) WHERE read_at IS NULL;
  `);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query('DROP TABLE messages; DROP TABLE message_keys;');
}
