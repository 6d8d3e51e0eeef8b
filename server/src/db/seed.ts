import crypto from 'node:crypto';
import { DEFAULT_CUSTOMER_TYPE, DEFAULT_ROLE_PERMISSIONS, ROLES } from '@werkboard/common';
import { hashPassword } from '../auth/passwords';
import { CustomerType, RolePermission, User } from '../models';
import { seedDefaultTemplate } from '../services/projects';

export interface SeedOptions {
  adminUsername: string;
  adminPassword: string | null;
}

export interface SeedResult {
  /** Set only when the Admin account was created just now with a generated password. */
  generatedAdminPassword: string | null;
  adminCreated: boolean;
}

/**
 * First-start data: the role-permission defaults (missing roles only, so Admin's edits
 * stay), the customer type Allgemein, the global template (To Do, In Bearbeitung,
 * Erledigt) and, when no user exists, one Admin account.
 */
export async function seedDatabase(options: SeedOptions): Promise<SeedResult> {
  for (const role of ROLES) {
    await RolePermission.findOrCreate({
      where: { role },
      defaults: { role, permissions: [...DEFAULT_ROLE_PERMISSIONS[role]] },
    });
  }
  const [general] = await CustomerType.sequelize!.query(
    'SELECT 1 FROM customer_types WHERE lower(name) = lower(:name)',
    { replacements: { name: DEFAULT_CUSTOMER_TYPE } },
  );
  if (general.length === 0) await CustomerType.create({ name: DEFAULT_CUSTOMER_TYPE });
  await seedDefaultTemplate(CustomerType.sequelize!);

  if ((await User.count()) > 0) return { generatedAdminPassword: null, adminCreated: false };
  const password = options.adminPassword ?? crypto.randomBytes(12).toString('base64url');
  await User.create({ username: options.adminUsername, passwordHash: await hashPassword(password), role: 'Admin' });
  return { generatedAdminPassword: options.adminPassword ? null : password, adminCreated: true };
}
