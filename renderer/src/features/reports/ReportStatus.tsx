import { de } from '@werkboard/common';
import type { GroupProjectsLoad } from './useGroupReportProjects';

/** What a report dialog is doing: idle, working, done (with a note) or failed (with the spec's text). */
export type ReportRun =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'done'; text: string; note?: string }
  | { kind: 'failed'; text: string };

export function ReportStatus({ run, workingText }: { run: ReportRun; workingText: string }) {
  if (run.kind === 'working')
    return (
      <p role="status" className="muted">
        {workingText}
      </p>
    );
  if (run.kind === 'failed')
    return (
      <p role="alert" className="message message--error">
        {run.text}
      </p>
    );
  if (run.kind === 'done')
    return (
      <div role="status" className="message message--success">
        <p>{run.text}</p>
        {run.note && <p>{run.note}</p>}
      </div>
    );
  return null;
}

/** The end of a PDF dialog's form: what it is doing, 'Schließen' and 'PDF erstellen'. */
export function PdfFormFooter({ run, onClose }: { run: ReportRun; onClose: () => void }) {
  const t = de.reports.dialog;
  return (
    <>
      <ReportStatus run={run} workingText={t.creating} />
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {de.app.close}
        </button>
        <button type="submit" className="button button--primary" disabled={run.kind === 'working'}>
          {run.kind === 'working' ? t.creating : t.create}
        </button>
      </div>
    </>
  );
}

/** While a group's projects load, and when they could not be loaded. */
export function GroupLoadStatus({ load }: { load: GroupProjectsLoad }) {
  if (load.status === 'loading')
    return (
      <p role="status" className="muted">
        {de.reports.dialog.loadingProjects}
      </p>
    );
  if (load.status === 'failed')
    return (
      <p role="alert" className="message message--error">
        {de.reports.errors.projectsLoadFailed}
      </p>
    );
  return null;
}
