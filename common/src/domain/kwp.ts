import { appointmentStatusLabel, compareAppointmentsAscending, formatAppointmentDate } from './appointments';
import { cardHours, formatHours } from './boardOperations';
import { groupCards } from './cardGroups';
import type { CardDto, ProjectDocument } from '../dto/projects';
import { dashboardMessages } from '../messages/dashboard';
import type { Progress } from './progress';
import { progressOf, projectProgress } from './progress';
import { inBoardOrder } from './sortKey';
import type { ReportNames } from './reportNames';
import { reportMessages } from '../messages/reports';

/**
 * The KWP plain-text export (spec sections 2 and 9): the text that office staff paste into
 * their order system. Per column (board order), the cards grouped by task group with
 * 'Ohne Gruppierung' for the cards without one, optional appointments, a progress line and
 * separator lines. Plain ASCII rules, so it survives any paste target.
 */

export const KWP_RULE = '='.repeat(40);
export const KWP_SUB_RULE = '-'.repeat(40);

export interface KwpOptions {
  includeAppointments: boolean;
}

export type KwpProject = Pick<
  ProjectDocument,
  'name' | 'projectNumber' | 'customerType' | 'columns' | 'cardGroups' | 'appointments'
>;

const k = reportMessages.kwp;

function progressLine(progress: Progress): string {
  return dashboardMessages.charts.summary(progress.percent, progress.done, progress.total);
}

function cardLine(card: CardDto, names: ReportNames): string {
  const details: string[] = [];
  const assignee = card.assignedTo ? names.assignees.get(card.assignedTo) : undefined;
  if (assignee) details.push(assignee);
  const hours = cardHours(card);
  if (hours > 0) details.push(k.hours(formatHours(hours)));
  // A title is one line; a pasted title with line breaks must not break the list.
  const title = card.title.replace(/\s*[\r\n]+\s*/g, ' ');
  return `  - ${title}${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
}

function columnLines(project: KwpProject, names: ReportNames): string[] {
  const lines: string[] = [];
  for (const column of inBoardOrder(project.columns)) {
    lines.push('', k.column(column.title, column.cards.length), KWP_SUB_RULE);
    if (column.cards.length === 0) {
      lines.push(`  ${k.noCards}`);
      continue;
    }
    for (const section of groupCards(column.cards, project.cardGroups)) {
      lines.push(section.group ?? k.withoutGroup);
      for (const card of section.cards) lines.push(cardLine(card, names));
    }
  }
  return lines;
}

function appointmentLines(project: KwpProject): string[] {
  const appointments = [...project.appointments].sort(compareAppointmentsAscending);
  return [
    '',
    k.appointments,
    KWP_SUB_RULE,
    ...(appointments.length === 0
      ? [`  ${k.noAppointments}`]
      : appointments.map(
          (appointment) =>
            `  - ${formatAppointmentDate(appointment)} – ${appointment.title} (${appointmentStatusLabel(appointment.status)})`,
        )),
  ];
}

function projectLines(project: KwpProject, names: ReportNames, options: KwpOptions): string[] {
  return [
    k.project(project.name),
    ...(project.projectNumber.trim() ? [k.projectNumber(project.projectNumber.trim())] : []),
    k.customerType(project.customerType),
    progressLine(projectProgress(inBoardOrder(project.columns))),
    KWP_RULE,
    ...columnLines(project, names),
    ...(options.includeAppointments ? appointmentLines(project) : []),
    '',
    KWP_RULE,
  ];
}

export function projectKwpText(project: KwpProject, names: ReportNames, options: KwpOptions): string {
  return projectLines(project, names, options).join('\n');
}

export interface KwpGroupProject {
  project: KwpProject;
  names: ReportNames;
}

/** A project group: its name and overall progress, then each project's text. */
export function groupKwpText(groupName: string, projects: readonly KwpGroupProject[], options: KwpOptions): string {
  const progresses = projects.map(({ project }) => projectProgress(inBoardOrder(project.columns)));
  const total = progressOf(
    progresses.reduce((sum, progress) => sum + progress.done, 0),
    progresses.reduce((sum, progress) => sum + progress.total, 0),
  );
  const lines = [k.group(groupName), progressLine(total), KWP_RULE];
  if (projects.length === 0) lines.push('', k.noProjects);
  for (const { project, names } of projects) lines.push('', ...projectLines(project, names, options));
  return lines.join('\n');
}
