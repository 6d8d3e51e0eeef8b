import type { ReactNode } from 'react';
import { useState } from 'react';
import { canCompleteProject, canCreateTemplate, canDeleteProject, canReopenProject, de } from '@werkboard/common';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSubmit } from '../../components/useSubmit';
import { useAppSelector } from '../../store/hooks';
import { usePolicy } from '../../entities/session/usePolicy';
import type { ProjectStatusAction } from '../../api/endpoints/projects';
import { useOpenProject } from '../../entities/project/useOpenProject';
import { selectUserSettings } from '../../entities/settings/settingsSelectors';

const t = de.projectPanels.edit;

const CONFIRM: Record<
  ProjectStatusAction,
  { title: string; question: (name: string) => string; label: string; failed: string; danger: boolean }
> = {
  complete: {
    title: t.completeTitle,
    question: t.completeQuestion,
    label: t.complete,
    failed: de.projects.completeFailed,
    danger: false,
  },
  reopen: {
    title: t.reopenTitle,
    question: t.reopenQuestion,
    label: t.reopen,
    failed: de.projects.completeFailed,
    danger: false,
  },
  archive: {
    title: t.deleteTitle,
    question: t.deleteQuestion,
    label: de.actions.delete,
    failed: de.projects.deleteFailed,
    danger: true,
  },
};

/**
 * 'Aktionen & Verwaltung': complete (or reopen) with can_edit_projects, delete (moves to the
 * archive) for whom canDeleteProject allows and while the feature 'Projekte können gelöscht
 * werden' is on. Each asks first; a failure stays in the confirmation.
 */
export function ProjectActionsSection({
  onDone,
  renderSaveAsTemplate,
}: {
  onDone: () => void;
  /** 'Als Vorlage speichern' over the modal (composed by the page: features/templates). */
  renderSaveAsTemplate?: (onClose: () => void) => ReactNode;
}) {
  const board = useOpenProject();
  const { document } = board;
  const { actor } = usePolicy();
  const deletable = useAppSelector(selectUserSettings).features.deletableProjects;
  const [confirming, setConfirming] = useState<ProjectStatusAction | null>(null);
  const { busy, error, setError, run: runAction } = useSubmit();
  const [savingAsTemplate, setSavingAsTemplate] = useState(false);

  const may = {
    complete: actor !== null && canCompleteProject(actor, document),
    reopen: actor !== null && canReopenProject(actor, document),
    archive: actor !== null && deletable && canDeleteProject(actor, document),
    saveAsTemplate:
      renderSaveAsTemplate !== undefined &&
      actor !== null &&
      canCreateTemplate(actor) &&
      document.status !== 'archived',
  };

  const ask = (action: ProjectStatusAction) => {
    setError(null);
    setConfirming(action);
  };

  const run = async (action: ProjectStatusAction) => {
    if (
      !(await runAction(
        () => board.changeStatus(action),
        () => CONFIRM[action].failed,
      ))
    )
      return;
    setConfirming(null);
    onDone();
  };

  const confirm = confirming ? CONFIRM[confirming] : null;
  return (
    <div className="project-actions">
      {!may.complete && !may.reopen && !may.archive && !may.saveAsTemplate && <p className="muted">{t.noActions}</p>}
      {may.saveAsTemplate && (
        <button type="button" className="button button--secondary" onClick={() => setSavingAsTemplate(true)}>
          {de.templatesScreen.saveAsTemplate.button}
        </button>
      )}
      {may.complete && (
        <button type="button" className="button button--secondary" onClick={() => ask('complete')}>
          {t.complete}
        </button>
      )}
      {may.reopen && (
        <button type="button" className="button button--secondary" onClick={() => ask('reopen')}>
          {t.reopen}
        </button>
      )}
      {may.archive && (
        <button type="button" className="button button--danger-outline" onClick={() => ask('archive')}>
          {t.delete}
        </button>
      )}
      {savingAsTemplate && renderSaveAsTemplate?.(() => setSavingAsTemplate(false))}
      {confirming && confirm && (
        <ConfirmDialog
          title={confirm.title}
          confirmLabel={confirm.label}
          busyLabel={t.working}
          busy={busy}
          danger={confirm.danger}
          error={error}
          onConfirm={() => void run(confirming)}
          onCancel={() => setConfirming(null)}
        >
          <p>{confirm.question(document.name)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
