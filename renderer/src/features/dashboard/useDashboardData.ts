import { useMemo } from 'react';
import type { DashboardAppointmentDto, ProjectGroupDto, ProjectSummaryDto, TagDto } from '@werkboard/common';
import { canManageUsers } from '@werkboard/common';
import { useAppointmentsQuery } from '../../api/endpoints/appointments';
import { useCustomerTypeChoices } from '../../api/endpoints/customerTypes';
import { useProjectGroupsQuery } from '../../api/endpoints/projectGroups';
import { useProjectsQuery } from '../../api/endpoints/projects';
import { useTagsQuery } from '../../api/endpoints/tags';
import { useUserDirectoryQuery } from '../../api/endpoints/users';
import type { LoadState } from '../../api/loadState';
import { loadStateOf } from '../../api/loadState';
import { useAppSelector } from '../../store/hooks';
import type { AppThunk } from '../../store/types';
import { firstReadOptions, noteStartedReads, useJoinsStartedReads } from '../../api/startedReads';
import { projectGroupsApi } from '../../api/endpoints/projectGroups';
import { projectsApi } from '../../api/endpoints/projects';
import { tagsApi } from '../../api/endpoints/tags';
import { customerTypesApi } from '../../api/endpoints/customerTypes';
import { usersApi } from '../../api/endpoints/users';
import { appointmentsApi } from '../../api/endpoints/appointments';
import { createPolicy } from '../../entities/session/policy';
import { usePolicy } from '../../entities/session/usePolicy';
import { selectUserSettings } from '../../entities/settings/settingsSelectors';
import type { EmployeeOption } from './dashboardFilters';

export interface DashboardData {
  projects: LoadState<ProjectSummaryDto[]>;
  /** Loads the projects again (after a failure). */
  reloadProjects: () => void;
  groups: ProjectGroupDto[];
  groupsFailed: boolean;
  tagsById: ReadonlyMap<string, TagDto>;
  /** The user directory for the employee filter, or null when not allowed or failed. */
  users: EmployeeOption[] | null;
  customerTypes: string[];
  /** Read only while the appointment overview is switched on. */
  appointments: LoadState<DashboardAppointmentDto[]> | null;
  /**
   * Every read the first view depends on (projects, groups, tags, appointments) has answered or
   * failed: the page shows them together, so that nothing already painted is pushed down or
   * regrouped when a later answer arrives (issue 19, layout shift).
   */
  settled: boolean;
}

const NONE: never[] = [];

/**
 * Everything the dashboard shows, from the data layer (each read again on every visit and when
 * the window gets the focus back; writes elsewhere update or invalidate it). Only the projects
 * are essential (their failure shows 'Daten konnten nicht geladen werden.' with a retry); the
 * rest degrades: no groups ('Gruppen konnten nicht geladen werden.'), no tag colours, employee
 * names from the projects' owners, appointments with their own message.
 */
export function useDashboardData(): DashboardData {
  const mayReadUsers = usePolicy().allows(canManageUsers);
  const showAppointments = useAppSelector(selectUserSettings).features.showAppointmentsOnDashboard;

  // The first mount after the start joins the reads it began (startDashboardReads); every later
  // visit reads again (an edit made meanwhile must show).
  const joinsStart = useJoinsStartedReads('dashboard');
  const fresh = firstReadOptions(joinsStart);
  const projectsQuery = useProjectsQuery(undefined, { ...fresh, refetchOnFocus: true });
  const groups = useProjectGroupsQuery(undefined, fresh);
  const tags = useTagsQuery(undefined, fresh);
  const directory = useUserDirectoryQuery(undefined, { ...fresh, skip: !mayReadUsers });
  const customerTypes = useCustomerTypeChoices(fresh);
  const appointments = useAppointmentsQuery(undefined, { ...fresh, skip: !showAppointments, refetchOnFocus: true });

  const tagList = tags.data ?? NONE;
  const tagsById = useMemo(() => new Map(tagList.map((tag) => [tag.id, tag])), [tagList]);
  const users = useMemo(
    () => directory.data?.map((user) => ({ id: user.id, name: user.username })) ?? null,
    [directory.data],
  );
  const { refetch } = projectsQuery;
  const projects = loadStateOf(projectsQuery);
  const appointmentsState = showAppointments ? loadStateOf(appointments) : null;
  const settled = [projects, loadStateOf(groups), loadStateOf(tags), appointmentsState].every(
    (state) => state === null || state.status !== 'loading',
  );

  return {
    projects,
    reloadProjects: () => void refetch(),
    groups: groups.data ?? NONE,
    groupsFailed: groups.data === undefined && groups.isError,
    tagsById,
    users: mayReadUsers ? users : null,
    customerTypes: customerTypes ?? NONE,
    appointments: appointmentsState,
    settled,
  };
}

/**
 * The dashboard's reads (the same as useDashboardData's), started by the app as soon as a
 * signed-in start has the data cache, in parallel with the page's chunk and the session check
 * (issue 19: before, they began only once the page had rendered). The page's hooks join them.
 */
export function startDashboardReads(): AppThunk<void> {
  return (dispatch, getState) => {
    const state = getState();
    noteStartedReads('dashboard');
    dispatch(projectsApi.util.prefetch('projects', undefined, {}));
    dispatch(projectGroupsApi.util.prefetch('projectGroups', undefined, {}));
    dispatch(tagsApi.util.prefetch('tags', undefined, {}));
    dispatch(customerTypesApi.util.prefetch('customerTypes', undefined, {}));
    if (createPolicy(state.auth.user).allows(canManageUsers)) {
      dispatch(usersApi.util.prefetch('userDirectory', undefined, {}));
    }
    if (selectUserSettings(state).features.showAppointmentsOnDashboard) {
      dispatch(appointmentsApi.util.prefetch('appointments', undefined, {}));
    }
  };
}
