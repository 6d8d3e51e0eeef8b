import { DataTypes, type QueryInterface } from 'sequelize';

/** External workers: named entries without an account (spec section 3). */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('external_users', {
    id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
    name: { type: DataTypes.STRING(100), allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('external_users', ['name']);
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('external_users');
}
