import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProjectSummaryDto, TemplateSummaryDto } from '@werkboard/common';
import { canManageArchivedProjects, de } from '@werkboard/common';
import { deleteProjectPermanently, restoreProject, useArchivedProjectsQuery } from '../../api/endpoints/projects';
import { deleteTemplatePermanently, restoreTemplate, useArchivedTemplatesQuery } from '../../api/endpoints/templates';
import { serverMessageOr } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSubmit } from '../../components/useSubmit';
import { Tabs } from '../../components/Tabs';
import { useAppDispatch } from '../../store/hooks';
import { Can } from '../../entities/session/Can';
import { ProjectIconGlyph } from '../../entities/project/ProjectIconGlyph';
import { RelativeTime } from '../../components/RelativeTime';
import { useNow } from '../../components/useNow';
import { LoadFailed } from '../../components/LoadFailed';

const t = de.projectOverview.archive;

type TabId = 'projects' | 'templates';
type ArchiveKind = 'project' | 'template';

const RESTORE = { project: restoreProject, template: restoreTemplate } as const;
const DELETE_PERMANENTLY = { project: deleteProjectPermanently, template: deleteTemplatePermanently } as const;

interface PendingAction {
  action: 'restore' | 'delete';
  kind: ArchiveKind;
  id: string;
  name: string;
}

/** Opening an archived entry: the board (or template editor) shows it read-only. */
const ARCHIVED_STATE = { isArchived: true } as const;

/**
 * /archive (spec section 2): archived projects and templates in two tabs with their counts.
 * Each entry opens read-only; Admins restore or delete it for good, each after a confirmation.
 */
export function ArchivePage() {
  const dispatch = useAppDispatch();
  const now = useNow();
  const projects = useArchivedProjectsQuery();
  const templates = useArchivedTemplatesQuery();
  const [tab, setTab] = useState<TabId>('projects');
  const [pending, setPending] = useState<PendingAction | null>(null);
  const action = useSubmit();

  const ask = (next: PendingAction) => {
    action.setError(null);
    setPending(next);
  };

  const confirm = async () => {
    if (!pending) return;
    // Restored or gone: either way the entry leaves the archive (the cached lists).
    const done = await action.run(
      () => dispatch((pending.action === 'restore' ? RESTORE : DELETE_PERMANENTLY)[pending.kind](pending.id)),
      () => (pending.action === 'restore' ? t.restoreFailed : t.deleteFailed),
    );
    if (done) setPending(null);
  };

  // Both lists, or a failure of either (the server's reason, if it gave one).
  const items = projects.data && templates.data ? { projects: projects.data, templates: templates.data } : null;
  const failure = items ? null : projects.isError ? projects.error : templates.isError ? templates.error : null;
  const retry = () => {
    if (projects.isError) void projects.refetch();
    if (templates.isError) void templates.refetch();
  };
  const tabs = [
    { id: 'projects', label: items ? t.projectsTabWithCount(items.projects.length) : t.projectsTab },
    { id: 'templates', label: items ? t.templatesTabWithCount(items.templates.length) : t.templatesTab },
  ] as const;

  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{de.pages.archive}</h1>
      </header>
      {failure ? (
        <LoadFailed message={serverMessageOr(failure, t.loadFailed)} onRetry={retry} />
      ) : (
        <Tabs tabs={tabs} selected={tab} onSelect={setTab}>
          {!items ? (
            <p className="muted">{de.actions.loading}</p>
          ) : tab === 'projects' ? (
            <ArchivedProjects projects={items.projects} now={now} onAsk={ask} />
          ) : (
            <ArchivedTemplates templates={items.templates} onAsk={ask} />
          )}
        </Tabs>
      )}
      {pending && (
        <ConfirmDialog
          title={confirmTitle(pending)}
          confirmLabel={pending.action === 'restore' ? t.restore : t.deletePermanently}
          busyLabel={pending.action === 'restore' ? t.restoring : t.deleting}
          busy={action.busy}
          danger={pending.action === 'delete'}
          error={action.error}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        >
          <p>{confirmQuestion(pending)}</p>
          {pending.action === 'delete' && <p className="muted">{t.cannotBeUndone}</p>}
        </ConfirmDialog>
      )}
    </div>
  );
}

function confirmTitle({ action, kind }: PendingAction): string {
  if (action === 'restore') return kind === 'project' ? t.restoreProjectTitle : t.restoreTemplateTitle;
  return kind === 'project' ? t.deleteProjectTitle : t.deleteTemplateTitle;
}

function confirmQuestion({ action, kind, name }: PendingAction): string {
  if (action === 'restore')
    return kind === 'project' ? t.restoreProjectQuestion(name) : t.restoreTemplateQuestion(name);
  return kind === 'project' ? t.deleteProjectQuestion(name) : t.deleteTemplateQuestion(name);
}

type Ask = (action: PendingAction) => void;

function ArchivedProjects({ projects, now, onAsk }: { projects: ProjectSummaryDto[]; now: number; onAsk: Ask }) {
  if (projects.length === 0) return <p className="muted">{t.noProjects}</p>;
  return (
    <ul className="archive-list" aria-label={t.projectsTab}>
      {projects.map((project) => (
        <li key={project.id} className="archive-item" aria-label={project.name}>
          <ProjectIconGlyph icon={project.icon} />
          <div className="archive-item__main">
            <Link
              to={`/project/${encodeURIComponent(project.id)}`}
              state={ARCHIVED_STATE}
              className="archive-item__link"
            >
              {project.name}
            </Link>
            <span className="archive-item__meta">
              {project.projectNumber && <span>{de.projectOverview.projectNumber(project.projectNumber)}</span>}
              <span>{de.projectOverview.owner(project.ownerUsername ?? de.projectOverview.unknownOwner)}</span>
              <RelativeTime iso={project.lastModified} now={now} label={de.projectOverview.lastModified} />
            </span>
          </div>
          <ArchiveActions kind="project" id={project.id} name={project.name} onAsk={onAsk} />
        </li>
      ))}
    </ul>
  );
}

function ArchivedTemplates({ templates, onAsk }: { templates: TemplateSummaryDto[]; onAsk: Ask }) {
  if (templates.length === 0) return <p className="muted">{t.noTemplates}</p>;
  return (
    <ul className="archive-list" aria-label={t.templatesTab}>
      {templates.map((template) => (
        <li key={template.id} className="archive-item" aria-label={template.name}>
          <ProjectIconGlyph icon={template.icon} />
          <div className="archive-item__main">
            <Link
              to={`/template/edit/${encodeURIComponent(template.id)}`}
              state={ARCHIVED_STATE}
              className="archive-item__link"
            >
              {template.name}
            </Link>
            <span className="archive-item__meta">
              <span>
                {template.ownerId === null ? t.global : (template.ownerUsername ?? de.projectOverview.unknownOwner)}
              </span>
              <span>{t.customerType(template.customerType)}</span>
            </span>
          </div>
          <ArchiveActions kind="template" id={template.id} name={template.name} onAsk={onAsk} />
        </li>
      ))}
    </ul>
  );
}

/** Restore and permanent delete: Admins only (spec section 6). */
function ArchiveActions({ kind, id, name, onAsk }: { kind: ArchiveKind; id: string; name: string; onAsk: Ask }) {
  return (
    <Can when={canManageArchivedProjects}>
      <span className="row-actions archive-item__actions">
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={t.restoreLabel(name)}
          onClick={() => onAsk({ action: 'restore', kind, id, name })}
        >
          {t.restore}
        </button>
        <button
          type="button"
          className="button button--danger-outline button--small"
          aria-label={t.deleteLabel(name)}
          onClick={() => onAsk({ action: 'delete', kind, id, name })}
        >
          {t.deletePermanently}
        </button>
      </span>
    </Can>
  );
}
