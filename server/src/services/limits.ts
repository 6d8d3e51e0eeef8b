import { type LimitKind, isLimitReached, limitFor } from '@werkboard/common';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { limitReached } from '../errors';
import { ExternalUser, User } from '../models';
import { currentLicenseType } from './license';

type Counter = (transaction?: Transaction) => Promise<number>;

async function countProjects(where: string, transaction?: Transaction): Promise<number> {
  const [row] = await User.sequelize!.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM projects WHERE ${where}`,
    {
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return row?.count ?? 0;
}

/** How many entries of each limited kind exist (active projects only; archived templates do not count). */
const COUNTERS: Record<LimitKind, Counter> = {
  users: (transaction) => User.count({ transaction }),
  externalUsers: (transaction) => ExternalUser.count({ transaction }),
  activeProjects: (transaction) => countProjects("NOT is_template AND status = 'active'", transaction),
  templates: (transaction) => countProjects("is_template AND status <> 'archived'", transaction),
};

export function countOf(kind: LimitKind, transaction?: Transaction): Promise<number> {
  return COUNTERS[kind](transaction);
}

/**
 * Creates an entry of a limited kind only while the license allows another one: in one
 * transaction holding a lock per kind, so two requests at once cannot both take the last
 * place. Throws 403 'limit_reached' (with the spec's dialog title) at the Free limit.
 */
export async function createWithinLimit<T>(
  sequelize: Sequelize,
  kind: LimitKind,
  create: (transaction: Transaction) => Promise<T>,
): Promise<T> {
  return sequelize.transaction(async (transaction) => {
    await sequelize.query('SELECT pg_advisory_xact_lock(hashtext(:key))', {
      replacements: { key: `werkboard-limit:${kind}` },
      transaction,
    });
    const licenseType = await currentLicenseType(transaction);
    if (isLimitReached(licenseType, kind, await countOf(kind, transaction)))
      throw limitReached(kind, limitFor(licenseType, kind)!);
    return create(transaction);
  });
}
