import { newId } from '@werkboard/common';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { User } from '../models';
import { AUTH_CACHE_SIZE } from './authCacheSize';

/** A stored session as the device list shows it. */
export interface StoredSession {
  id: string;
  device: string;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The database of the models (the auth layer has no request of its own to take it from). */
const database = (): Sequelize => User.sequelize!;

/**
 * Which sessions are still there, remembered for `ttlMs` so that a request does not ask the
 * database every time (docs/performance.md, "Sessions"). A miss asks once and notes the session
 * as seen in the same statement, so 'Zuletzt aktiv' is exact to `ttlMs`. Every session ended in
 * this process is forgotten at once and again when its transaction commits; a load that began
 * before an ending does not store what it read (as in the user cache). A session ended from
 * another process (the `reset-admin-password` command) ends here within `ttlMs`.
 */
export class SessionCache {
  private readonly entries = new Map<string, { userId: string; checkedAt: number }>();
  /** Raised by every ending: a load that began before one does not store what it read. */
  private generation = 0;

  constructor(
    /** The owner of a live session, noting it as seen now; null when it is gone or expired. */
    private readonly touch: (sessionId: string) => Promise<string | null>,
    private readonly maxEntries = 1000,
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async isActive(sessionId: string, userId: string): Promise<boolean> {
    const entry = this.entries.get(sessionId);
    if (entry && this.now() - entry.checkedAt < this.ttlMs) return entry.userId === userId;
    const generation = this.generation;
    const owner = await this.touch(sessionId);
    if (owner !== null && generation === this.generation && this.maxEntries > 0) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(sessionId, { userId: owner, checkedAt: this.now() });
    }
    return owner === userId;
  }

  forget(sessionId: string): void {
    this.generation += 1;
    this.entries.delete(sessionId);
  }

  forgetUser(userId: string): void {
    this.generation += 1;
    for (const [sessionId, entry] of this.entries) if (entry.userId === userId) this.entries.delete(sessionId);
  }

  get size(): number {
    return this.entries.size;
  }
}

async function touchSession(sessionId: string): Promise<string | null> {
  const rows = await database().query<{ user_id: string }>(
    'UPDATE sessions SET last_seen_at = now() WHERE id = :sessionId AND expires_at > now() RETURNING user_id',
    { replacements: { sessionId }, type: QueryTypes.SELECT },
  );
  return rows[0]?.user_id ?? null;
}

export const sessionCache = new SessionCache(touchSession, AUTH_CACHE_SIZE);

const forgetNowAndAtCommit = (forget: () => void, transaction: Transaction | undefined) => {
  forget();
  transaction?.afterCommit(forget);
};

/**
 * How many live sessions a user keeps: a login beyond ends the least recently active one, so
 * that a script logging in again and again cannot grow the table without bound.
 */
export const MAX_SESSIONS_PER_USER = 50;

/**
 * A new session for a login; the user's expired ones are pruned on the way, and the least
 * recently active beyond MAX_SESSIONS_PER_USER end. Returns its id.
 */
export async function startSession(
  userId: string,
  device: string,
  ip: string | null,
  ttlSeconds: number,
): Promise<string> {
  const id = newId();
  await database().query('DELETE FROM sessions WHERE user_id = :userId AND expires_at <= now()', {
    replacements: { userId },
  });
  await database().query(
    `INSERT INTO sessions (id, user_id, device, ip, expires_at)
     VALUES (:id, :userId, :device, :ip, now() + make_interval(secs => :ttlSeconds))`,
    { replacements: { id, userId, device: device.slice(0, 200), ip: ip?.slice(0, 64) ?? null, ttlSeconds } },
  );
  const surplus = await database().query<{ id: string }>(
    `DELETE FROM sessions WHERE id IN (
       SELECT id FROM sessions WHERE user_id = :userId ORDER BY last_seen_at DESC, created_at DESC OFFSET :keep
     ) RETURNING id`,
    { replacements: { userId, keep: MAX_SESSIONS_PER_USER }, type: QueryTypes.SELECT },
  );
  for (const ended of surplus) sessionCache.forget(ended.id);
  return id;
}

/** The user's live sessions, the most recently active first. */
export async function listSessions(userId: string): Promise<StoredSession[]> {
  return database().query<StoredSession>(
    `SELECT id, device, ip, created_at AS "createdAt", last_seen_at AS "lastSeenAt" FROM sessions
     WHERE user_id = :userId AND expires_at > now() ORDER BY last_seen_at DESC, created_at DESC`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
}

/** Ends one session of the user; false when the user has no such session. */
export async function endSession(userId: string, sessionId: string, transaction?: Transaction): Promise<boolean> {
  const ended = await database().query<{ id: string }>(
    'DELETE FROM sessions WHERE id = :sessionId AND user_id = :userId RETURNING id',
    { replacements: { sessionId, userId }, type: QueryTypes.SELECT, transaction },
  );
  forgetNowAndAtCommit(() => sessionCache.forget(sessionId), transaction);
  return ended.length > 0;
}

/** Ends every session of the user (but `except`, the caller's own); returns how many ended. */
export async function endSessionsOf(
  userId: string,
  { except, transaction }: { except?: string; transaction?: Transaction } = {},
): Promise<number> {
  const ended = await database().query<{ id: string }>(
    `DELETE FROM sessions WHERE user_id = :userId AND (CAST(:except AS uuid) IS NULL OR id <> CAST(:except AS uuid))
     AND expires_at > now() RETURNING id`,
    { replacements: { userId, except: except ?? null }, type: QueryTypes.SELECT, transaction },
  );
  // Forgets the kept session too: it is asked again on its next request, which finds it.
  forgetNowAndAtCommit(() => sessionCache.forgetUser(userId), transaction);
  return ended.length;
}
