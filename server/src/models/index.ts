import type { Sequelize } from 'sequelize';
import { CustomerType } from './CustomerType';
import { RolePermission } from './RolePermission';
import { ServerSetting } from './ServerSetting';
import { User } from './User';

export { CustomerType, RolePermission, ServerSetting, User };

export function initModels(sequelize: Sequelize): void {
  User.initModel(sequelize);
  RolePermission.initModel(sequelize);
  CustomerType.initModel(sequelize);
  ServerSetting.initModel(sequelize);
}
