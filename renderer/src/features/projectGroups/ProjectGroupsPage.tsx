import { useId, useState } from 'react';
import type { ProjectGroupDto } from '@werkboard/common';
import { canManageProjectGroups, de } from '@werkboard/common';
import { useProjectGroupsQuery } from '../../api/endpoints/projectGroups';
import { loadStateOf } from '../../api/loadState';
import { usePolicy } from '../../entities/session/usePolicy';
import { DeleteProjectGroupDialog } from './DeleteProjectGroupDialog';
import { ProjectGroupDialog } from './ProjectGroupDialog';
import { ProjectGroupMark } from '../../entities/project/ProjectGroupMark';
import { useFreeLicense } from '../../entities/session/useFreeLicense';
import { LoadFailed } from '../../components/LoadFailed';

const t = de.organise.groups;

type Open = { kind: 'edit'; group: ProjectGroupDto | null } | { kind: 'delete'; group: ProjectGroupDto } | null;

/**
 * /project-groups (spec section 2): the groups with colour, name and description; create,
 * edit and delete for those who may manage them. The Free license disables groups: creating
 * and editing are off, with the reason shown (a tooltip does not reach a phone).
 */
export function ProjectGroupsPage() {
  const canManage = usePolicy().allows(canManageProjectGroups);
  const free = useFreeLicense();
  const freeHintId = useId();
  const groupsQuery = useProjectGroupsQuery();
  const load = loadStateOf(groupsQuery);
  const [open, setOpen] = useState<Open>(null);

  const freeProps = free ? { title: t.freeLicense, 'aria-describedby': freeHintId } : {};

  return (
    <div className="page page--narrow">
      <header className="page__header">
        <h1 className="page__title">{de.pages.projectGroups}</h1>
        {canManage && (
          <div className="page__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={free}
              {...freeProps}
              onClick={() => setOpen({ kind: 'edit', group: null })}
            >
              {t.create}
            </button>
          </div>
        )}
      </header>
      {free && (
        <p id={freeHintId} className="muted">
          {t.freeLicense}
        </p>
      )}
      {load.status === 'loading' && <p className="muted">{de.actions.loading}</p>}
      {load.status === 'failed' && <LoadFailed message={t.loadFailed} onRetry={() => void groupsQuery.refetch()} />}
      {load.status === 'loaded' &&
        (load.data.length === 0 ? (
          <p className="muted">{t.empty}</p>
        ) : (
          <ul className="group-list" aria-label={t.listLabel}>
            {load.data.map((group) => (
              <li key={group.id} className="group-item" aria-label={group.name}>
                <ProjectGroupMark group={group} />
                <div className="group-item__main">
                  <span className="group-item__name">{group.name}</span>
                  {group.description && <p className="group-item__description muted">{group.description}</p>}
                </div>
                {canManage && (
                  <span className="row-actions group-item__actions">
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={t.edit(group.name)}
                      disabled={free}
                      {...freeProps}
                      onClick={() => setOpen({ kind: 'edit', group })}
                    >
                      {de.actions.edit}
                    </button>
                    <button
                      type="button"
                      className="button button--danger-outline button--small"
                      aria-label={t.delete(group.name)}
                      onClick={() => setOpen({ kind: 'delete', group })}
                    >
                      {de.actions.delete}
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        ))}
      {open?.kind === 'edit' && <ProjectGroupDialog group={open.group} onClose={() => setOpen(null)} />}
      {open?.kind === 'delete' && <DeleteProjectGroupDialog group={open.group} onClose={() => setOpen(null)} />}
    </div>
  );
}
