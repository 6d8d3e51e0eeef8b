import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import type { ImportMode, ImportResult, TransferKind } from '@werkboard/common';
import { canImport, de } from '@werkboard/common';
import { importTransferFile } from '../../api/endpoints/transfer';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FeedbackMessage } from '../../components/FormFeedback';
import { FormField } from '../../components/FormField';
import { useSubmit } from '../../components/useSubmit';
import { usePolicy } from '../../entities/session/usePolicy';
import { useAppDispatch } from '../../store/hooks';
import { ImportReport } from './ImportReport';
import { checkImportFile } from './readImportFile';

const m = de.transfer;
const t = m.screen;

interface ImportFormProps {
  /** The kinds this form imports (a select when more than one). */
  kinds: readonly TransferKind[];
  title: string;
  hint?: string;
  buttonLabel: string;
}

/**
 * Import of a JSON file (spec sections 5, 7 and 8): kind, file and mode (merge by default;
 * replace only where the server allows it), checked here first, then a confirmation, the
 * upload with its progress, and what the server reports it wrote and adapted.
 */
export function ImportForm({ kinds, title, hint, buttonLabel }: ImportFormProps) {
  const dispatch = useAppDispatch();
  const policy = usePolicy();
  const submit = useSubmit();
  const modeName = useId();
  const [kind, setKind] = useState<TransferKind>(kinds[0] ?? 'projects');
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('merge');
  const [confirming, setConfirming] = useState<{ body: Blob; name: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const mayReplace = policy.allows((actor) => canImport(actor, kind, 'replace'));
  const sentMode = mayReplace ? mode : 'merge';
  const isBackup = kind === 'backup';

  const changed = () => {
    submit.clear();
    setResult(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    changed();
    if (!file) return submit.setError(t.fileMissing);
    const checked = await checkImportFile(kind, file);
    if (!checked.ok) return submit.setError(checked.error);
    setConfirming({ body: checked.body, name: file.name });
  };

  const onConfirm = async () => {
    if (!confirming) return;
    const { body } = confirming;
    setConfirming(null);
    setProgress(0);
    await submit.run(
      async () => setResult(await dispatch(importTransferFile(kind, body, sentMode, setProgress))),
      (caught) => m.importFailed(caught instanceof Error ? caught.message : String(caught)),
    );
    setProgress(null);
  };

  return (
    <form className="transfer__part" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h3 className="transfer__title">{title}</h3>
      {hint && <p className="muted">{hint}</p>}
      {kinds.length > 1 && (
        <FormField label={t.kindLabel}>
          <select
            value={kind}
            onChange={(event) => {
              changed();
              setKind(event.target.value as TransferKind);
            }}
          >
            {kinds.map((option) => (
              <option key={option} value={option}>
                {t.kinds[option]}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <FormField label={t.fileLabel}>
        <input
          type="file"
          accept="application/json,.json"
          onChange={(event) => {
            changed();
            setFile(event.target.files?.[0] ?? null);
          }}
        />
      </FormField>
      {mayReplace && (
        <fieldset className="transfer__modes">
          <legend>{t.modeLabel}</legend>
          {(['merge', 'replace'] as const).map((option) => (
            <label key={option} className="radio">
              <input
                type="radio"
                name={modeName}
                value={option}
                checked={mode === option}
                onChange={() => {
                  changed();
                  setMode(option);
                }}
              />
              {option === 'merge' ? t.modeMerge : t.modeReplace}
            </label>
          ))}
        </fieldset>
      )}
      {progress !== null && <ImportProgress fraction={progress} />}
      <FeedbackMessage feedback={submit.feedback} />
      {result && <ImportReport result={result} />}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={submit.busy}>
          {buttonLabel}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={isBackup ? t.confirmBackupTitle : t.confirmImportTitle}
          confirmLabel={isBackup ? t.confirmBackupButton : t.confirmButton}
          danger={sentMode === 'replace'}
          onConfirm={() => void onConfirm()}
          onCancel={() => setConfirming(null)}
        >
          <p>{isBackup ? t.confirmBackup(confirming.name) : t.confirmImport(t.kinds[kind], confirming.name)}</p>
          <p className={sentMode === 'replace' ? 'message message--error' : 'muted'}>
            {sentMode === 'replace' ? t.confirmReplace : t.confirmMerge}
          </p>
        </ConfirmDialog>
      )}
    </form>
  );
}

/** The upload's share sent, then (all sent) the server at work. */
function ImportProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  const sent = fraction >= 1;
  return (
    <div className="transfer__progress" role="status">
      <progress aria-label={t.progressLabel} max={100} {...(sent ? {} : { value: percent })} />
      <span>{sent ? t.processing : t.uploading(percent)}</span>
    </div>
  );
}
