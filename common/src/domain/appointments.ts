import type { AppointmentDto, AppointmentStatus, ProjectStatus } from '../dto/projects';
import { panelMessages } from '../messages/panels';

/**
 * Grouping of a project's appointments (spec section 4) for the project board and the
 * dashboard. Pure: the caller passes today's local day, so tests need no clock.
 *
 * - Heute: active appointments dated today.
 * - Demnächst: active appointments from tomorrow on.
 * - Abgelaufen: active appointments before today, shown per `showExpired`; a
 *   client_not_present appointment always shows here (with the red marker), whatever its date
 *   and the setting. Other finished statuses (attended, not_attended, cancelled) belong to the
 *   Termin-Archiv only.
 */

export type AppointmentDetailLevel = 'full' | 'today_only' | 'next_upcoming';
export type AppointmentShowExpired = 'always' | 'if_project_active' | 'never';
export type AppointmentGroupId = 'today' | 'upcoming' | 'expired';

export interface AppointmentGroupingOptions {
  detailLevel: AppointmentDetailLevel;
  showExpired: AppointmentShowExpired;
  /** Status of the project the appointments belong to (for if_project_active). */
  projectStatus: ProjectStatus;
}

export interface AppointmentGroups {
  /** The groups the detail level shows, in display order. */
  visible: AppointmentGroupId[];
  today: AppointmentDto[];
  upcoming: AppointmentDto[];
  expired: AppointmentDto[];
}

/** The groups each detail level shows (spec section 2, dashboard). */
export const APPOINTMENT_GROUPS_BY_DETAIL_LEVEL: Record<AppointmentDetailLevel, AppointmentGroupId[]> = {
  full: ['today', 'upcoming', 'expired'],
  today_only: ['today'],
  next_upcoming: ['today', 'upcoming'],
};

const pad = (value: number) => String(value).padStart(2, '0');

/** A local calendar day as YYYY-MM-DD. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A local date and time as YYYY-MM-DDTHH:mm (the appointment format). */
export function localDayTime(date: Date): string {
  return `${localDay(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The day of an appointment (YYYY-MM-DD). */
export function appointmentDay(appointment: Pick<AppointmentDto, 'date'>): string {
  return appointment.date.slice(0, 10);
}

/** The time of an appointment (HH:mm); 00:00 when the date carries none. */
export function appointmentTime(appointment: Pick<AppointmentDto, 'date'>): string {
  return /T\d{2}:\d{2}/.test(appointment.date) ? appointment.date.slice(11, 16) : '00:00';
}

/** A missing or unknown status counts as active (spec section 3). */
export function appointmentStatus(appointment: { status?: AppointmentStatus | null }): AppointmentStatus {
  return appointment.status ?? 'active';
}

export function isActiveAppointment(appointment: { status?: AppointmentStatus | null }): boolean {
  return appointmentStatus(appointment) === 'active';
}

export function appointmentStatusLabel(status: AppointmentStatus | null | undefined): string {
  return panelMessages.appointments.statusLabels[status ?? 'active'];
}

/** Earliest first; equal times by title. */
export function compareAppointmentsAscending(a: AppointmentDto, b: AppointmentDto): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.title.localeCompare(b.title, 'de-DE');
}

/** Newest first; equal times by title. */
export function compareAppointmentsDescending(a: AppointmentDto, b: AppointmentDto): number {
  return a.date < b.date ? 1 : a.date > b.date ? -1 : a.title.localeCompare(b.title, 'de-DE');
}

function showsExpiredActive(options: AppointmentGroupingOptions): boolean {
  if (options.showExpired === 'always') return true;
  if (options.showExpired === 'never') return false;
  return options.projectStatus === 'active';
}

/** Heute, Demnächst and Abgelaufen for `today` (YYYY-MM-DD, local). */
export function groupAppointments(
  appointments: readonly AppointmentDto[],
  today: string,
  options: AppointmentGroupingOptions,
): AppointmentGroups {
  const groups: AppointmentGroups = {
    visible: APPOINTMENT_GROUPS_BY_DETAIL_LEVEL[options.detailLevel],
    today: [],
    upcoming: [],
    expired: [],
  };
  const withExpiredActive = showsExpiredActive(options);
  for (const appointment of appointments) {
    const status = appointmentStatus(appointment);
    if (status === 'client_not_present') {
      groups.expired.push(appointment);
      continue;
    }
    if (status !== 'active') continue;
    const day = appointmentDay(appointment);
    if (day === today) groups.today.push(appointment);
    else if (day > today) groups.upcoming.push(appointment);
    else if (withExpiredActive) groups.expired.push(appointment);
  }
  groups.today.sort(compareAppointmentsAscending);
  groups.upcoming.sort(compareAppointmentsAscending);
  // The most recently missed first.
  groups.expired.sort(compareAppointmentsDescending);
  return groups;
}

/** 'Termine verwalten' lists only active appointments, earliest first. */
export function activeAppointments(appointments: readonly AppointmentDto[]): AppointmentDto[] {
  return appointments.filter(isActiveAppointment).sort(compareAppointmentsAscending);
}

/** The Termin-Archiv: every appointment that is no longer active, newest first. */
export function archivedAppointments(appointments: readonly AppointmentDto[]): AppointmentDto[] {
  return appointments.filter((appointment) => !isActiveAppointment(appointment)).sort(compareAppointmentsDescending);
}

/**
 * The date of an appointment from the form's day and time (YYYY-MM-DD, HH:mm; a blank time
 * means 00:00), or null when the day is missing or not a real date.
 */
export function appointmentDateFrom(day: string, time: string): string | null {
  const trimmedDay = day.trim();
  const trimmedTime = time.trim() || '00:00';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(trimmedDay) || !/^\d{2}:\d{2}$/.test(trimmedTime)) return null;
  const [year, month, date] = trimmedDay.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = trimmedTime.split(':').map(Number) as [number, number];
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  if (hours > 23 || minutes > 59) return null;
  return `${trimmedDay}T${trimmedTime}`;
}

/** The local Date of an appointment (its date has no zone: it means local time). */
export function appointmentLocalDate(appointment: Pick<AppointmentDto, 'date'>): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(appointment.date);
  if (!match) return null;
  const [, year, month, day, hours = '0', minutes = '0'] = match;
  return new Date(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes));
}

const appointmentFormat = new Intl.DateTimeFormat('de-DE', {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An appointment's local date and time in de-DE, e.g. 'Di., 12.05.2026, 09:30'. */
export function formatAppointmentDate(appointment: Pick<AppointmentDto, 'date'>): string {
  const date = appointmentLocalDate(appointment);
  return date ? appointmentFormat.format(date) : appointment.date;
}
