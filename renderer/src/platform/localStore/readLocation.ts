import type { LocalStoreTable } from '@werkboard/common';
import { parseDocumentPath } from '../syncQueue';

/** The stores (IndexedDB) or tables (the shell's SQLite) of kept reads. */
export type LocalStoreName = LocalStoreTable;

export interface ReadLocation {
  store: LocalStoreName;
  key: string;
}

/** Reads of lists and lookups the dashboard, board and template screens show offline. */
const KEPT_READS: Readonly<Record<string, ReadLocation>> = {
  '/projects': { store: 'projects', key: 'list' },
  '/templates': { store: 'templates', key: 'list' },
  '/customer-types': { store: 'customerTypes', key: 'list' },
  '/tags': { store: 'tags', key: 'list' },
  '/permissions/roles': { store: 'rolePermissions', key: 'roles' },
  '/external-users': { store: 'reads', key: '/external-users' },
  '/users/directory': { store: 'reads', key: '/users/directory' },
  '/project-groups': { store: 'reads', key: '/project-groups' },
  '/appointments': { store: 'reads', key: '/appointments' },
  '/settings': { store: 'reads', key: '/settings' },
};

const CHANGES = '#changes';

/**
 * Where the changes since the kept copy of a document are kept (`platform/keptDocuments.ts`):
 * beside it, under its id with '#changes'. No GET has this path.
 */
export function changesPath(documentPath: string): string {
  return `${documentPath}${CHANGES}`;
}

/**
 * Where the answer of GET `path` is kept locally, or null for reads that only make sense
 * online (admin lists, search, logs, system information, images).
 */
export function readLocation(path: string): ReadLocation | null {
  if (path.endsWith(CHANGES)) {
    const kept = parseDocumentPath(path.slice(0, -CHANGES.length));
    return kept && { store: kept.kind, key: `${kept.id}${CHANGES}` };
  }
  const document = parseDocumentPath(path);
  if (document) return { store: document.kind, key: document.id };
  return KEPT_READS[path] ?? null;
}
