import type { ImportMode, TransferKind } from '../dto/transfer';
import type { Actor } from './access';
import { canManageCustomerTypes } from './organisation';

/**
 * Who may import what (docs/permissions.md, "Import and backup"). Projects, templates and the
 * backup are restores: they set authors, owners and change logs from the file, which the
 * merge never lets a client do, so only Admin imports them. Customer types and tags are
 * merged by whoever manages customer types; replacing any data is Admin's alone.
 */
export function canImport(actor: Actor, kind: TransferKind, mode: ImportMode): boolean {
  if (actor.role === 'Admin') return true;
  if (mode === 'replace') return false;
  return (kind === 'customerTypes' || kind === 'tags') && canManageCustomerTypes(actor);
}

/** The full backup holds every project and user: Admin only. The other exports hold what the caller may read. */
export function canExportBackup(actor: Actor): boolean {
  return actor.role === 'Admin';
}
