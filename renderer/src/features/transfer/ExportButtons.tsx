import { useState } from 'react';
import type { TransferKind } from '@werkboard/common';
import { canExportBackup, de } from '@werkboard/common';
import { exportTransferFile } from '../../api/endpoints/transfer';
import { FeedbackMessage } from '../../components/FormFeedback';
import { useSubmit } from '../../components/useSubmit';
import { usePolicy } from '../../entities/session/usePolicy';
import { useAppDispatch } from '../../store/hooks';

const m = de.transfer;
const t = m.screen;
const TYPE_EXPORTS = ['projects', 'templates', 'customerTypes', 'tags'] as const satisfies readonly TransferKind[];

/**
 * One button per export (spec section 9's file names). Everyone signed in exports what they
 * may read; the full backup is Admin's (canExportBackup, as the server checks).
 */
export function ExportButtons() {
  const dispatch = useAppDispatch();
  const policy = usePolicy();
  const submit = useSubmit();
  const [running, setRunning] = useState<TransferKind | null>(null);
  const kinds: TransferKind[] = policy.allows(canExportBackup) ? [...TYPE_EXPORTS, 'backup'] : [...TYPE_EXPORTS];

  const [saved, setSaved] = useState<string | null>(null);

  const exportKind = async (kind: TransferKind) => {
    setRunning(kind);
    setSaved(null);
    await submit.run(
      async () => {
        const { name, outcome } = await dispatch(exportTransferFile(kind));
        setSaved(outcome === 'saved' ? t.exported(name) : outcome === 'downloaded' ? t.exportStarted(name) : null);
      },
      (caught) => ({ text: m.exportFailed, detail: caught instanceof Error ? caught.message : null }),
    );
    setRunning(null);
  };

  return (
    <div className="transfer__part">
      <h3 className="transfer__title">{t.exportTitle}</h3>
      <p className="muted">{t.exportHint}</p>
      <div className="transfer__buttons">
        {kinds.map((kind) => (
          <button
            key={kind}
            type="button"
            className="button button--secondary"
            disabled={submit.busy}
            onClick={() => void exportKind(kind)}
          >
            {running === kind ? t.exporting : kind === 'backup' ? t.exportBackupButton : t.exportButton(t.kinds[kind])}
          </button>
        ))}
      </div>
      <FeedbackMessage feedback={submit.feedback ?? (saved ? { kind: 'success', text: saved } : null)} />
    </div>
  );
}
