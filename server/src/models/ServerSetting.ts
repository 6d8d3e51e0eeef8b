import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';

/** Server-wide settings stored once (license, SMTP), keyed by name. */
export class ServerSetting extends Model<InferAttributes<ServerSetting>, InferCreationAttributes<ServerSetting>> {
  declare key: string;
  declare value: unknown;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    ServerSetting.init(
      {
        key: { type: DataTypes.STRING(64), primaryKey: true },
        value: { type: DataTypes.JSONB, allowNull: false },
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'server_settings', underscored: true, createdAt: false },
    );
  }
}
