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
