import { DataTypes, type QueryInterface } from 'sequelize';

/** Users, the role-permission map, customer types and server-wide settings. */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('users', {
    id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
    username: { type: DataTypes.STRING(100), allowNull: false },
    password_hash: { type: DataTypes.STRING(255), allowNull: false },
    role: { type: DataTypes.STRING(32), allowNull: false, defaultValue: 'Monteur' },
    email: { type: DataTypes.STRING(254), allowNull: true },
    phone: { type: DataTypes.STRING(50), allowNull: true },
    private_phone: { type: DataTypes.STRING(50), allowNull: true },
    address: { type: DataTypes.STRING(500), allowNull: true },
    website: { type: DataTypes.STRING(500), allowNull: true },
    other_info: { type: DataTypes.TEXT, allowNull: true },
    username_color: { type: DataTypes.STRING(32), allowNull: false, defaultValue: '#FFFFFF' },
    avatar: { type: DataTypes.TEXT, allowNull: true },
    profile_visibility: { type: DataTypes.STRING(40), allowNull: false, defaultValue: 'everyone' },
    direct_messages_enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    settings: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
    token_version: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    last_login: { type: DataTypes.DATE, allowNull: true },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  // Usernames are unique regardless of case ("Anna" and "anna" are one person).
  await qi.sequelize.query('CREATE UNIQUE INDEX users_username_lower_unique ON users (lower(username))');

  await qi.createTable('role_permissions', {
    role: { type: DataTypes.STRING(32), primaryKey: true },
    permissions: { type: DataTypes.JSONB, allowNull: false, defaultValue: [] },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });

  await qi.createTable('customer_types', {
    id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
    name: { type: DataTypes.STRING(100), allowNull: false },
    created_at: { type: DataTypes.DATE, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.sequelize.query('CREATE UNIQUE INDEX customer_types_name_lower_unique ON customer_types (lower(name))');

  await qi.createTable('server_settings', {
    key: { type: DataTypes.STRING(64), primaryKey: true },
    value: { type: DataTypes.JSONB, allowNull: false },
    updated_at: { type: DataTypes.DATE, allowNull: false },
  });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('server_settings');
  await qi.dropTable('customer_types');
  await qi.dropTable('role_permissions');
  await qi.dropTable('users');
}
