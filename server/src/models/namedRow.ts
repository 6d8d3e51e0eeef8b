import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type ModelAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';

/** A row that holds nothing but a name (customer types, external workers): same columns, own table. */
export abstract class NamedRow<M extends NamedRow<M>> extends Model<InferAttributes<M>, InferCreationAttributes<M>> {
  declare id: CreationOptional<string>;
  declare name: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

const columns = {
  id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
  name: { type: DataTypes.STRING(100), allowNull: false },
  createdAt: DataTypes.DATE,
  updatedAt: DataTypes.DATE,
};

export function initNamedRow<M extends NamedRow<M>>(
  model: ModelStatic<M>,
  sequelize: Sequelize,
  tableName: string,
): void {
  // These are NamedRow's own columns; TypeScript cannot map them onto the generic M by itself.
  model.init(columns as ModelAttributes<M>, { sequelize, tableName, underscored: true });
}
