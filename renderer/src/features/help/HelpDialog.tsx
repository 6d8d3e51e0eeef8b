import { useState } from 'react';
import { deStart } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';
import { useAppDispatch } from '../../store/hooks';
import type { FetchBytes } from './manualDownload';
import { MANUAL_FILE, downloadManual, fetchAppFile } from './manualDownload';

type ManualRun = { kind: 'idle' } | { kind: 'working' } | { kind: 'done'; text: string } | { kind: 'failed' };

/**
 * 'Hilfe/Impressum' (spec: data stored centrally, messages encrypted, who sees what, PDF user
 * manual download). On the login page too, so the manual needs no login.
 */
export function HelpDialog({ onClose, fetchFile = fetchAppFile }: { onClose: () => void; fetchFile?: FetchBytes }) {
  const dispatch = useAppDispatch();
  const [run, setRun] = useState<ManualRun>({ kind: 'idle' });
  const t = deStart.help;

  const download = async () => {
    setRun({ kind: 'working' });
    try {
      const outcome = await dispatch(downloadManual(fetchFile));
      if (outcome === 'canceled') setRun({ kind: 'idle' });
      else
        setRun({
          kind: 'done',
          text: outcome === 'saved' ? t.manualSaved(MANUAL_FILE) : t.manualDownloaded(MANUAL_FILE),
        });
    } catch {
      setRun({ kind: 'failed' });
    }
  };

  return (
    <Dialog title={t.title} onClose={onClose}>
      <p>
        <strong>{deStart.app.name}</strong> – {deStart.app.tagline}
      </p>
      {/* The manual first: on a phone the long texts below would push it out of view. */}
      <p>{t.manualIntro}</p>
      <p>
        <button
          type="button"
          className="button button--secondary"
          disabled={run.kind === 'working'}
          onClick={() => void download()}
        >
          {run.kind === 'working' ? t.manualLoading : t.manual}
        </button>
      </p>
      {run.kind === 'done' && (
        <p role="status" className="message message--success">
          {run.text}
        </p>
      )}
      {run.kind === 'failed' && (
        <p role="alert" className="message message--error">
          {t.manualFailed}
        </p>
      )}
      <ul className="help-list">
        <li>{t.dataStorage}</li>
        <li>{t.messages}</li>
        <li>{t.visibility}</li>
      </ul>
      <p className="muted">{deStart.footer.version(__APP_VERSION__)}</p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t.close}
        </button>
      </div>
    </Dialog>
  );
}
