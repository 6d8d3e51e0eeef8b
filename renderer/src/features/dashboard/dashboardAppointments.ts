import type {
  AppointmentDetailLevel,
  AppointmentGroupId,
  AppointmentShowExpired,
  DashboardAppointmentDto,
  ProjectStatus,
} from '@werkboard/common';
import {
  APPOINTMENT_GROUPS_BY_DETAIL_LEVEL,
  compareAppointmentsAscending,
  compareAppointmentsDescending,
  groupAppointments,
} from '@werkboard/common';

export interface DashboardAppointmentGroups {
  visible: AppointmentGroupId[];
  today: DashboardAppointmentDto[];
  upcoming: DashboardAppointmentDto[];
  expired: DashboardAppointmentDto[];
}

/**
 * Heute, Demnächst and Abgelaufen across projects (spec section 4). common's groupAppointments
 * takes one project status (for showExpired 'if_project_active'); the dashboard's appointments
 * come from many projects, so each project status is grouped on its own and the groups merged.
 */
export function groupDashboardAppointments(
  appointments: readonly DashboardAppointmentDto[],
  today: string,
  options: { detailLevel: AppointmentDetailLevel; showExpired: AppointmentShowExpired },
): DashboardAppointmentGroups {
  const byStatus = new Map<ProjectStatus, DashboardAppointmentDto[]>();
  for (const appointment of appointments) {
    const list = byStatus.get(appointment.projectStatus);
    if (list) list.push(appointment);
    else byStatus.set(appointment.projectStatus, [appointment]);
  }
  const result: DashboardAppointmentGroups = {
    visible: APPOINTMENT_GROUPS_BY_DETAIL_LEVEL[options.detailLevel],
    today: [],
    upcoming: [],
    expired: [],
  };
  for (const [projectStatus, list] of byStatus) {
    // groupAppointments hands back the objects it was given, so the casts only restore the
    // type it widened to AppointmentDto.
    const groups = groupAppointments(list, today, { ...options, projectStatus });
    result.today.push(...(groups.today as DashboardAppointmentDto[]));
    result.upcoming.push(...(groups.upcoming as DashboardAppointmentDto[]));
    result.expired.push(...(groups.expired as DashboardAppointmentDto[]));
  }
  result.today.sort(compareAppointmentsAscending);
  result.upcoming.sort(compareAppointmentsAscending);
  result.expired.sort(compareAppointmentsDescending);
  return result;
}
