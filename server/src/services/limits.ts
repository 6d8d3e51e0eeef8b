import { type LimitKind, isLimitReached, limitFor } from '@werkboard/common';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { limitReached } from '../errors';
import { ExternalUser, User } from '../models';
import { currentLicenseType } from './license';

type Counter = (sequelize: Sequelize, transaction?: Transaction) => Promise<number>;

async function countProjects(sequelize: Sequelize, where: string, transaction?: Transaction): Promise<number> {
  const [row] = await sequelize.query<{ count: number }>(`SELECT count(*)::int AS count FROM projects WHERE ${where}`, {
    type: QueryTypes.SELECT,
    transaction,
  });
  return row?.count ?? 0;
}

/** How many entries of each limited kind exist (active projects only; archived templates do not count). */
const COUNTERS: Record<LimitKind, Counter> = {
  users: (_sequelize, transaction) => User.count({ transaction }),
  externalUsers: (_sequelize, transaction) => ExternalUser.count({ transaction }),
  activeProjects: (sequelize, transaction) =>
    countProjects(sequelize, "NOT is_template AND status = 'active'", transaction),
  templates: (sequelize, transaction) => countProjects(sequelize, "is_template AND status <> 'archived'", transaction),
};

export function countOf(sequelize: Sequelize, kind: LimitKind, transaction?: Transaction): Promise<number> {
  return COUNTERS[kind](sequelize, transaction);
}

/**
 * Room for one more entry of a limited kind, inside the caller's transaction: takes a lock
 * per kind until the transaction ends, so two requests at once cannot both take the last
 * place, and throws 403 'limit_reached' (with the spec's dialog title) at the Free limit.
 */
export async function requireRoomFor(sequelize: Sequelize, transaction: Transaction, kind: LimitKind): Promise<void> {
  await sequelize.query('SELECT pg_advisory_xact_lock(hashtext(:key))', {
    replacements: { key: `werkboard-limit:${kind}` },
    transaction,
  });
  const licenseType = await currentLicenseType(transaction);
  if (isLimitReached(licenseType, kind, await countOf(sequelize, kind, transaction)))
    throw limitReached(kind, limitFor(licenseType, kind)!);
}
