import type { Sequelize } from 'sequelize';
import { CustomerType } from './CustomerType';
import { ExternalUser } from './ExternalUser';
import { RolePermission } from './RolePermission';
import { ServerSetting } from './ServerSetting';
import { User } from './User';

export { CustomerType, ExternalUser, RolePermission, ServerSetting, User };

export function initModels(sequelize: Sequelize): void {
  User.initModel(sequelize);
  RolePermission.initModel(sequelize);
  CustomerType.initModel(sequelize);
  ServerSetting.initModel(sequelize);
  ExternalUser.initModel(sequelize);
}
