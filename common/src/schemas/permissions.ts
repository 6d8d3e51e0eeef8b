import { z } from 'zod';
import { de } from '../messages';
import { isPermissionKey, type PermissionKey } from '../domain/permissions';
import { normalizeRole, type Role } from '../domain/roles';
import { textField } from './fields';

/**
 * PUT /api/permissions/roles: role name -> permission names. Roles left out keep their
 * permissions; an unknown role or key is refused by name. Duplicates are dropped.
 */
export const rolePermissionsUpdateSchema = z
  .record(
    textField('line', de.permissions.invalidMap),
    z.array(textField('line', de.permissions.invalidMap), { error: de.permissions.invalidMap }),
    {
      error: de.permissions.invalidMap,
    },
  )
  .superRefine((map, ctx) => {
    for (const [name, keys] of Object.entries(map)) {
      if (!normalizeRole(name)) {
        ctx.addIssue({ code: 'custom', message: de.permissions.unknownRole(name), path: [name] });
        continue;
      }
      const unknown = keys.find((key) => !isPermissionKey(key));
      if (unknown !== undefined)
        ctx.addIssue({ code: 'custom', message: de.permissions.unknownKey(unknown), path: [name] });
    }
  })
  .transform((map) => {
    const result: Partial<Record<Role, PermissionKey[]>> = {};
    for (const [name, keys] of Object.entries(map)) {
      const role = normalizeRole(name)!;
      result[role] = [...new Set(keys.filter(isPermissionKey))];
    }
    return result;
  });
export type RolePermissionsUpdate = z.infer<typeof rolePermissionsUpdateSchema>;
