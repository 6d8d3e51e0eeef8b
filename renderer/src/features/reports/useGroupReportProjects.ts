import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../store/hooks';
import type { ReportProject } from './reportThunks';
import { loadGroupReportProjects } from './reportThunks';

export type GroupProjectsLoad =
  { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; projects: ReportProject[] };

/** The documents of a group's projects for its KWP text, PDF and totals, read when the dialog opens. */
export function useGroupReportProjects(projectIds: readonly string[]): GroupProjectsLoad {
  const dispatch = useAppDispatch();
  const key = projectIds.join(',');
  const [load, setLoad] = useState<{ key: string; value: GroupProjectsLoad } | null>(null);

  useEffect(() => {
    let live = true;
    dispatch(loadGroupReportProjects(key ? key.split(',') : [])).then(
      (projects) => live && setLoad({ key, value: { status: 'loaded', projects } }),
      () => live && setLoad({ key, value: { status: 'failed' } }),
    );
    return () => {
      live = false;
    };
  }, [dispatch, key]);

  return load?.key === key ? load.value : { status: 'loading' };
}
