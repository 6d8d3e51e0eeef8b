import type { ProjectDocument, ReportNames } from '@werkboard/common';
import { ProjectKwpDialog } from './KwpDialog';
import { ProjectPdfDialog } from './ProjectPdfDialog';
import { ProjectTotalsDialog } from './TotalsDialog';

export type ProjectReport = 'kwp' | 'pdf' | 'totals';

/** The open project's KWP text, PDF report or time and material totals (the board's buttons). */
export function ProjectReportDialog({
  report,
  project,
  names,
  onClose,
}: {
  report: ProjectReport;
  project: ProjectDocument;
  names: ReportNames;
  onClose: () => void;
}) {
  if (report === 'kwp') return <ProjectKwpDialog project={project} names={names} onClose={onClose} />;
  if (report === 'pdf') return <ProjectPdfDialog project={project} names={names} onClose={onClose} />;
  return <ProjectTotalsDialog project={project} onClose={onClose} />;
}
