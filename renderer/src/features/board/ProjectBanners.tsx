import { useState } from 'react';
import { canReopenProject, de } from '@werkboard/common';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSubmit } from '../../components/useSubmit';
import { LimitDialog } from '../../entities/license/LimitDialog';
import type { SaveError } from '../../entities/project/projectSlice';
import {
  saveErrorDismissed,
  selectDocument,
  selectFromArchive,
  selectSaveError,
  selectUnsaved,
} from '../../entities/project/projectSlice';
import { changeProjectStatus, saveNewTemplate } from '../../entities/project/projectThunks';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useBoardUi } from './boardUi';

/** The banners under the board's header: a failed save, and the project's or template's state. */
export function ProjectBanners() {
  const { template } = useBoardUi();
  return (
    <>
      <SaveErrorBanner />
      {template ? <TemplateBanners /> : <StatusBanners />}
    </>
  );
}

/**
 * 'Speichern fehlgeschlagen.' ('Vorlage konnte nicht gespeichert werden.' in the template
 * editor) after a failed save (the document has been loaded again); a Free limit also opens
 * the limit dialog.
 */
function SaveErrorBanner() {
  const error = useAppSelector(selectSaveError);
  const dispatch = useAppDispatch();
  const [limitSeen, setLimitSeen] = useState<SaveError | null>(null);
  if (!error) return null;
  const showLimit = error.limit && limitSeen !== error;
  return (
    <div className="project-banner project-banner--error" role="alert">
      <div>
        <p className="project-banner__text">{error.message}</p>
        {error.detail && <p className="project-banner__detail">{error.detail}</p>}
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label={de.board.dismiss}
        title={de.board.dismiss}
        onClick={() => dispatch(saveErrorDismissed())}
      >
        <span aria-hidden="true">×</span>
      </button>
      {showLimit && error.limit && <LimitDialog kind={error.limit} onClose={() => setLimitSeen(error)} />}
    </div>
  );
}

/**
 * The template editor's banners: archived (or opened from the archive) read-only; read-only
 * for who may not edit this template; a new template not saved yet, with 'Vorlage speichern'.
 */
function TemplateBanners() {
  const { readOnly } = useBoardUi();
  const document = useAppSelector(selectDocument)!;
  const fromArchive = useAppSelector(selectFromArchive);
  const unsaved = useAppSelector(selectUnsaved);
  const dispatch = useAppDispatch();
  const m = de.templatesScreen.editor;
  if (document.status === 'archived' || fromArchive) {
    return (
      <div className="project-banner project-banner--archived" role="status">
        <p className="project-banner__text">{m.archived}</p>
      </div>
    );
  }
  if (readOnly) {
    return (
      <div className="project-banner project-banner--archived" role="status">
        <p className="project-banner__text">{m.readOnly}</p>
      </div>
    );
  }
  if (!unsaved) return null;
  return (
    <div className="project-banner template-banner--unsaved" role="status">
      <p className="project-banner__text">{m.unsaved}</p>
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => dispatch(saveNewTemplate())}
      >
        {m.saveNow}
      </button>
    </div>
  );
}

/** Completed: all editing disabled, 'Wieder öffnen' for who may. Archived (opened from the archive): read-only. */
function StatusBanners() {
  const document = useAppSelector(selectDocument)!;
  const fromArchive = useAppSelector(selectFromArchive);
  const user = useAppSelector((state) => state.auth.user);
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const { busy, error, setError, run } = useSubmit();
  const m = de.board.banners;

  const reopen = async () => {
    const done = await run(
      () => dispatch(changeProjectStatus('reopen')),
      (caught) => (caught instanceof Error ? caught.message : de.projects.completeFailed),
    );
    if (done) setConfirming(false);
  };

  if (document.status === 'archived' || fromArchive) {
    return (
      <div className="project-banner project-banner--archived" role="status">
        <p className="project-banner__text">{de.projects.readOnlyArchived}</p>
      </div>
    );
  }
  if (document.status !== 'completed') return null;
  return (
    <div className="project-banner project-banner--completed" role="status">
      <p className="project-banner__text">{de.projects.readOnlyCompleted}</p>
      {user && canReopenProject(user, document) && (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          {m.reopen}
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          title={m.reopenTitle}
          confirmLabel={m.reopen}
          busyLabel={m.reopening}
          busy={busy}
          error={error}
          onConfirm={() => void reopen()}
          onCancel={() => setConfirming(false)}
        >
          <p>{m.reopenQuestion(document.name)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
