import type { InferAttributes, Transaction } from 'sequelize';
import { User } from '../models';
import { AUTH_CACHE_SIZE } from './authCacheSize';

type UserValues = InferAttributes<User>;

/**
 * The users that requests authenticate as, kept in memory so that a request does not load its
 * user through the ORM every time (issue 17, "cheaper authentication per request"). Every
 * write of a user through the model evicts it at once and again when its transaction commits
 * (so a request that read the old row meanwhile cannot put it back), a bulk write empties the
 * cache: a deleted user, a changed password or role (a new token version) gets 401 on the very
 * next request. A write outside this process (the `reset-admin-password` command) reaches the
 * server after at most `ttlMs`. Each request gets its own model instance built from the kept
 * values, never a shared one. Writes of users must therefore go through the model's save,
 * destroy or update: `increment()`/`decrement()` and raw SQL fire no hook (none exist in the
 * product; the CLI writes from another process and is covered by the TTL).
 */
export class UserCache {
  private readonly entries = new Map<string, { values: UserValues; storedAt: number }>();
  /** Raised by every eviction: a load that began before one does not store what it read. */
  private generation = 0;

  constructor(
    private readonly maxEntries = 1000,
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async load(id: string): Promise<User | null> {
    const entry = this.entries.get(id);
    if (entry && this.now() - entry.storedAt < this.ttlMs) {
      return User.build(entry.values, { isNewRecord: false, raw: true });
    }
    const generation = this.generation;
    const user = await User.findByPk(id);
    if (user && generation === this.generation && this.maxEntries > 0) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(id, { values: plainValues(user), storedAt: this.now() });
    }
    return user;
  }

  evict(id: string): void {
    this.generation += 1;
    this.entries.delete(id);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The row's values as stored (Sequelize types get({ plain }) loosely). */
function plainValues(user: User): UserValues {
  const values: UserValues = user.get({ plain: true });
  return values;
}

export const userCache = new UserCache(AUTH_CACHE_SIZE);

const evictNowAndAtCommit = (id: string, transaction: Transaction | null | undefined) => {
  userCache.evict(id);
  transaction?.afterCommit(() => userCache.evict(id));
};

/** Registers the evictions on the User model; called once the model is initialised. */
export function watchUserWrites(): void {
  // Named, so that a second database in one process (tests) does not add them twice.
  for (const hook of ['afterSave', 'afterDestroy', 'afterBulkUpdate', 'afterBulkDestroy'] as const)
    User.removeHook(hook, 'userCache');
  User.addHook('afterSave', 'userCache', (user: User, options: { transaction?: Transaction | null }) =>
    evictNowAndAtCommit(user.id, options.transaction),
  );
  User.addHook('afterDestroy', 'userCache', (user: User, options: { transaction?: Transaction | null }) =>
    evictNowAndAtCommit(user.id, options.transaction),
  );
  User.addHook('afterBulkUpdate', 'userCache', () => userCache.clear());
  User.addHook('afterBulkDestroy', 'userCache', () => userCache.clear());
}
