import { de } from '@werkboard/common';
import { col, fn, type Transaction } from 'sequelize';
import { notFound } from '../errors';
import { ExternalUser } from '../models';

/** External workers, by name. */
export function listExternalUsers(): Promise<ExternalUser[]> {
  return ExternalUser.findAll({ order: [[fn('lower', col('name')), 'ASC']] });
}

export async function findExternalUser(id: string): Promise<ExternalUser> {
  const externalUser = await ExternalUser.findByPk(id);
  if (!externalUser) throw notFound(de.externalUsers.notFound);
  return externalUser;
}

export function createExternalUser(transaction: Transaction, name: string): Promise<ExternalUser> {
  return ExternalUser.create({ name }, { transaction });
}
