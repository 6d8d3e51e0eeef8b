import {
  de,
  DEFAULT_CUSTOMER_TYPE,
  DEFAULT_PASSWORD_MIN_LENGTH,
  DEFAULT_ROLE_PERMISSIONS,
  ROLES,
} from '@werkboard/common';
import { passwordProblem } from '../auth/passwordRule';
import { generatePassword, hashPassword } from '../auth/passwords';
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
  // Checked only here, where it is used: an installation that still has a weak one in its
  // environment from before the rule keeps starting (issue 13, finding 7).
  if (
    options.adminPassword !== null &&
    passwordProblem(options.adminPassword, DEFAULT_PASSWORD_MIN_LENGTH, [options.adminUsername]) !== null
  )
    throw new Error(de.server.weakPassword('ADMIN_PASSWORD', DEFAULT_PASSWORD_MIN_LENGTH));
  const password = options.adminPassword ?? generatePassword();
  await User.create({ username: options.adminUsername, passwordHash: await hashPassword(password), role: 'Admin' });
  return { generatedAdminPassword: options.adminPassword ? null : password, adminCreated: true };
}
