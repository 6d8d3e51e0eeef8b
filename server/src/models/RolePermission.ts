import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { Role } from '@werkboard/common';

export class RolePermission extends Model<InferAttributes<RolePermission>, InferCreationAttributes<RolePermission>> {
  declare role: Role;
  declare permissions: string[];
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    RolePermission.init(
      {
        role: { type: DataTypes.STRING(32), primaryKey: true },
        permissions: { type: DataTypes.JSONB, allowNull: false, defaultValue: [] },
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'role_permissions', underscored: true, createdAt: false },
    );
  }
}
