import type { TransferKind } from '@werkboard/common';
import { canImport, de } from '@werkboard/common';
import { usePolicy } from '../../entities/session/usePolicy';
import { ExportButtons } from './ExportButtons';
import { ImportForm } from './ImportForm';

const t = de.transfer.screen;
const TYPE_IMPORTS = ['projects', 'templates', 'customerTypes', 'tags'] as const satisfies readonly TransferKind[];

/**
 * Settings → Import/Export (spec sections 2, 8 and 9; issue 15): the exports, the imports per
 * type, and 'Backup einspielen'. Each part shows only for whom the server allows it
 * (common's canImport and canExportBackup; docs/permissions.md "Import and backup").
 */
export function TransferSection() {
  const policy = usePolicy();
  const importable = TYPE_IMPORTS.filter((kind) => policy.allows((actor) => canImport(actor, kind, 'merge')));
  const restores = policy.allows((actor) => canImport(actor, 'backup', 'merge'));
  return (
    <div className="settings-section transfer">
      <ExportButtons />
      {importable.length > 0 && <ImportForm kinds={importable} title={t.importTitle} buttonLabel={t.importButton} />}
      {restores && (
        <ImportForm kinds={['backup']} title={t.backupTitle} hint={t.backupHint} buttonLabel={t.backupButton} />
      )}
    </div>
  );
}
