import { GroupPdfDialog } from './GroupPdfDialog';
import { GroupKwpDialog } from './KwpDialog';
import { GroupTotalsDialog } from './TotalsDialog';

export type GroupReport = 'kwp' | 'pdf' | 'totals';

/** A project group's KWP text, group PDF or time and material totals (the dashboard's group actions). */
export function GroupReportDialog({
  report,
  groupName,
  projectIds,
  onClose,
}: {
  report: GroupReport;
  groupName: string;
  projectIds: readonly string[];
  onClose: () => void;
}) {
  if (report === 'kwp') return <GroupKwpDialog groupName={groupName} projectIds={projectIds} onClose={onClose} />;
  if (report === 'pdf') return <GroupPdfDialog groupName={groupName} projectIds={projectIds} onClose={onClose} />;
  return <GroupTotalsDialog groupName={groupName} projectIds={projectIds} onClose={onClose} />;
}
