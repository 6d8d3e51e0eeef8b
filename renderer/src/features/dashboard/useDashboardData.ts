import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DashboardAppointmentDto, ProjectGroupDto, ProjectSummaryDto, TagDto } from '@werkboard/common';
import { canManageUsers } from '@werkboard/common';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { usePolicy } from '../auth/usePolicy';
import { fetchProjectGroups } from '../projectGroups/projectGroupThunks';
import { keepProjectsForOffline } from '../sync/offlineProjects';
import { fetchCustomerTypes, fetchProjectSummaries } from '../projectOverview/overviewThunks';
import { selectUserSettings } from '../settings/settingsSelectors';
import { useProjectsChanged } from '../team/teamEvents';
import type { EmployeeOption } from './dashboardFilters';
import { fetchDashboardAppointments, fetchDashboardTags, fetchEmployeeOptions } from './dashboardThunks';

export type Load<T> = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; data: T };

export interface DashboardData {
  projects: Load<ProjectSummaryDto[]>;
  /** Loads the projects again, showing the loading state (after a failure). */
  reloadProjects: () => void;
  /** Loads the projects again in the background (after a change), keeping the list on screen. */
  refreshProjects: () => void;
  /** Shows a change at once (completed, reopened: a patch; deleted: null) before the refresh. */
  projectChanged: (id: string, patch: Partial<ProjectSummaryDto> | null) => void;
  groups: ProjectGroupDto[];
  groupsFailed: boolean;
  groupSaved: (group: ProjectGroupDto) => void;
  groupDeleted: (id: string) => void;
  tagsById: ReadonlyMap<string, TagDto>;
  /** GET /users for the employee filter, or null when not allowed or failed. */
  users: EmployeeOption[] | null;
  customerTypes: string[];
  /** Loaded only while the appointment overview is switched on. */
  appointments: Load<DashboardAppointmentDto[]> | null;
}

const byName = (a: ProjectGroupDto, b: ProjectGroupDto) =>
  a.name.localeCompare(b.name, 'de-DE', { sensitivity: 'base' });

/**
 * Everything the dashboard shows, read in parallel on each visit. Only the projects are
 * essential (their failure shows 'Daten konnten nicht geladen werden.' with a retry); the rest
 * degrades: no groups ('Gruppen konnten nicht geladen werden.'), no tag colours, employee
 * names from the projects' owners, appointments with their own message.
 */
export function useDashboardData(): DashboardData {
  const dispatch = useAppDispatch();
  const policy = usePolicy();
  const mayReadUsers = policy.allows(canManageUsers);
  const showAppointments = useAppSelector(selectUserSettings).features.showAppointmentsOnDashboard;

  const [projects, setProjects] = useState<Load<ProjectSummaryDto[]>>({ status: 'loading' });
  const [groups, setGroups] = useState<ProjectGroupDto[]>([]);
  const [groupsFailed, setGroupsFailed] = useState(false);
  const [tags, setTags] = useState<TagDto[]>([]);
  const [users, setUsers] = useState<EmployeeOption[] | null>(null);
  const [customerTypes, setCustomerTypes] = useState<string[]>([]);
  const [appointments, setAppointments] = useState<Load<DashboardAppointmentDto[]>>({ status: 'loading' });
  const live = useRef(true);
  // Only the newest projects read may answer: a background refresh must not overwrite a later one.
  const projectsRead = useRef(0);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const loadProjects = useCallback(
    (showLoading: boolean) => {
      const read = ++projectsRead.current;
      if (showLoading) setProjects({ status: 'loading' });
      dispatch(fetchProjectSummaries()).then(
        (data) => {
          if (live.current && read === projectsRead.current) setProjects({ status: 'loaded', data });
          // Keep the user's projects on the device for offline work.
          void dispatch(keepProjectsForOffline(data));
        },
        () => {
          // A failed background refresh keeps the list that is on screen.
          if (live.current && read === projectsRead.current && showLoading) setProjects({ status: 'failed' });
        },
      );
    },
    [dispatch],
  );

  const reloadProjects = useCallback(() => loadProjects(true), [loadProjects]);
  const refreshProjects = useCallback(() => loadProjects(false), [loadProjects]);
  // An accepted invitation (the navigation bell) adds a project.
  useProjectsChanged(refreshProjects);
  // A replay of the sync queue reached the server: progress and last changes may have moved.
  const syncApplied = useAppSelector((state) => state.sync.appliedCount);
  useEffect(() => {
    if (syncApplied > 0) refreshProjects();
  }, [syncApplied, refreshProjects]);

  useEffect(() => {
    reloadProjects();
    dispatch(fetchProjectGroups()).then(
      (list) => live.current && setGroups([...list].sort(byName)),
      () => live.current && setGroupsFailed(true),
    );
    dispatch(fetchDashboardTags()).then(
      (list) => live.current && setTags(list),
      () => undefined,
    );
    void dispatch(fetchCustomerTypes()).then((list) => live.current && setCustomerTypes(list));
  }, [dispatch, reloadProjects]);

  useEffect(() => {
    if (!mayReadUsers) {
      setUsers(null);
      return;
    }
    dispatch(fetchEmployeeOptions()).then(
      (list) => live.current && setUsers(list),
      () => live.current && setUsers(null),
    );
  }, [dispatch, mayReadUsers]);

  useEffect(() => {
    if (!showAppointments) return;
    setAppointments({ status: 'loading' });
    dispatch(fetchDashboardAppointments()).then(
      (data) => live.current && setAppointments({ status: 'loaded', data }),
      () => live.current && setAppointments({ status: 'failed' }),
    );
  }, [dispatch, showAppointments]);

  const groupSaved = useCallback((group: ProjectGroupDto) => {
    setGroups((before) => [...before.filter((other) => other.id !== group.id), group].sort(byName));
    setGroupsFailed(false);
  }, []);

  const groupDeleted = useCallback(
    (id: string) => {
      setGroups((before) => before.filter((group) => group.id !== id));
      // Its projects are ungrouped now: show that at once, then read the server's state.
      setProjects((before) =>
        before.status === 'loaded'
          ? {
              status: 'loaded',
              data: before.data.map((project) => (project.groupId === id ? { ...project, groupId: null } : project)),
            }
          : before,
      );
      refreshProjects();
    },
    [refreshProjects],
  );

  const projectChanged = useCallback(
    (id: string, patch: Partial<ProjectSummaryDto> | null) => {
      setProjects((before) =>
        before.status === 'loaded'
          ? {
              status: 'loaded',
              data: patch
                ? before.data.map((project) => (project.id === id ? { ...project, ...patch } : project))
                : before.data.filter((project) => project.id !== id),
            }
          : before,
      );
      refreshProjects();
    },
    [refreshProjects],
  );

  const tagsById = useMemo(() => new Map(tags.map((tag) => [tag.id, tag])), [tags]);

  return {
    projects,
    reloadProjects,
    refreshProjects,
    projectChanged,
    groups,
    groupsFailed,
    groupSaved,
    groupDeleted,
    tagsById,
    users,
    customerTypes,
    appointments: showAppointments ? appointments : null,
  };
}
