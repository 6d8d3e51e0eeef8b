import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import {
  DEFAULT_PROFILE_VISIBILITY,
  DEFAULT_USERNAME_COLOR,
  type ProfileVisibility,
  type Role,
} from '@werkboard/common';

export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<string>;
  declare username: string;
  declare passwordHash: string;
  declare role: Role;
  declare email: CreationOptional<string | null>;
  declare phone: CreationOptional<string | null>;
  declare privatePhone: CreationOptional<string | null>;
  declare address: CreationOptional<string | null>;
  declare website: CreationOptional<string | null>;
  declare otherInfo: CreationOptional<string | null>;
  declare usernameColor: CreationOptional<string>;
  declare avatar: CreationOptional<string | null>;
  declare profileVisibility: CreationOptional<ProfileVisibility>;
  declare directMessagesEnabled: CreationOptional<boolean>;
  declare settings: CreationOptional<Record<string, unknown>>;
  /** Raised on password change, role change and deletion: older tokens stop working. */
  declare tokenVersion: CreationOptional<number>;
  declare lastLogin: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    User.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        username: { type: DataTypes.STRING(100), allowNull: false },
        passwordHash: { type: DataTypes.STRING(255), allowNull: false },
        role: { type: DataTypes.STRING(32), allowNull: false },
        email: { type: DataTypes.STRING(254), allowNull: true },
        phone: { type: DataTypes.STRING(50), allowNull: true },
        privatePhone: { type: DataTypes.STRING(50), allowNull: true },
        address: { type: DataTypes.STRING(500), allowNull: true },
        website: { type: DataTypes.STRING(500), allowNull: true },
        otherInfo: { type: DataTypes.TEXT, allowNull: true },
        usernameColor: { type: DataTypes.STRING(32), allowNull: false, defaultValue: DEFAULT_USERNAME_COLOR },
        avatar: { type: DataTypes.TEXT, allowNull: true },
        profileVisibility: { type: DataTypes.STRING(40), allowNull: false, defaultValue: DEFAULT_PROFILE_VISIBILITY },
        directMessagesEnabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        settings: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
        tokenVersion: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        lastLogin: { type: DataTypes.DATE, allowNull: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'users', underscored: true },
    );
  }
}
