import { useEffect, useMemo, useState } from 'react';
import type { ColumnDto, ProjectGroupDto, ProjectSummaryDto } from '@werkboard/common';
import { de, progressOf } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';
import { useAppDispatch } from '../../store/hooks';
import { fetchProjectColumns } from './dashboardThunks';
import { columnShares } from '../../utils/progressChart';
import { ProgressChart } from './ProgressChart';

const c = de.dashboard.charts;

type ColumnsLoad = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; columns: ColumnDto[] };

/**
 * The progress chart of one project (spec section 2): its progress, and each column's share of
 * its tasks on an axis from 0 to 100 percent (the last column's share is the progress).
 */
export function ProjectProgressDialog({ project, onClose }: { project: ProjectSummaryDto; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [load, setLoad] = useState<ColumnsLoad>({ status: 'loading' });
  const progress = progressOf(project.doneCount, project.cardCount);

  useEffect(() => {
    let live = true;
    dispatch(fetchProjectColumns(project.id)).then(
      (document) => live && setLoad({ status: 'loaded', columns: document.columns }),
      () => live && setLoad({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [dispatch, project.id]);

  const rows = useMemo(() => (load.status === 'loaded' ? columnShares(load.columns) : []), [load]);

  return (
    <Dialog title={c.projectTitle(project.name)} onClose={onClose} wide>
      <p className="progress-chart__summary">{c.summary(progress.percent, progress.done, progress.total)}</p>
      {load.status === 'loading' && <p className="muted">{de.actions.loading}</p>}
      {load.status === 'failed' && (
        <p role="alert" className="message message--error">
          {c.columnsLoadFailed}
        </p>
      )}
      {load.status === 'loaded' &&
        (rows.every((row) => row.detail === '0') ? (
          <p className="muted">{c.noTasks}</p>
        ) : (
          <ProgressChart
            caption={c.columnsCaption}
            labelHeader={c.column}
            percentHeader={c.share}
            detailHeader={c.tasks}
            axisTitle={c.axis}
            rows={rows}
          />
        ))}
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {de.app.close}
        </button>
      </div>
    </Dialog>
  );
}

/** The group progress chart: each running project of the group, 0 to 100 percent. */
export function GroupProgressDialog({
  group,
  projects,
  onClose,
}: {
  group: ProjectGroupDto;
  projects: readonly ProjectSummaryDto[];
  onClose: () => void;
}) {
  const rows = useMemo(
    () =>
      projects.map((project) => {
        const progress = progressOf(project.doneCount, project.cardCount);
        return {
          key: project.id,
          label: project.name,
          percent: progress.percent,
          detail: de.projectOverview.doneOfTotal(progress.done, progress.total),
        };
      }),
    [projects],
  );
  const total = progressOf(
    projects.reduce((sum, project) => sum + project.doneCount, 0),
    projects.reduce((sum, project) => sum + project.cardCount, 0),
  );

  return (
    <Dialog title={c.groupTitle(group.name)} onClose={onClose} wide>
      {rows.length === 0 ? (
        <p className="muted">{c.noProjects}</p>
      ) : (
        <>
          <p className="progress-chart__summary">{c.summary(total.percent, total.done, total.total)}</p>
          <ProgressChart
            caption={c.projectsCaption}
            labelHeader={c.project}
            percentHeader={c.progress}
            detailHeader={c.done}
            axisTitle={c.progressAxis}
            rows={rows}
          />
        </>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {de.app.close}
        </button>
      </div>
    </Dialog>
  );
}
