import type { Sequelize } from 'sequelize';
import { initNamedRow, NamedRow } from './namedRow';

/** An external worker: only a name, assignable to cards (as 'ext-<id>'). */
export class ExternalUser extends NamedRow<ExternalUser> {
  static initModel(sequelize: Sequelize): void {
    initNamedRow(ExternalUser, sequelize, 'external_users');
  }
}
