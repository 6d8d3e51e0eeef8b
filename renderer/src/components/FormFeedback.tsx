import { de } from '@werkboard/common';

/** The outcome of a form's last save, shown under the form; an error may add the server's reason. */
export type Feedback =
  { kind: 'success'; text: string } | { kind: 'error'; text: string; detail?: string | null } | null;

/** A form's outcome message (an alert for errors, a status for success). */
export function FeedbackMessage({ feedback }: { feedback: Feedback }) {
  if (!feedback) return null;
  if (feedback.kind === 'success')
    return (
      <p role="status" className="message message--success">
        {feedback.text}
      </p>
    );
  if (!feedback.detail)
    return (
      <p role="alert" className="message message--error">
        {feedback.text}
      </p>
    );
  return (
    <div role="alert" className="message message--error">
      <p>{feedback.text}</p>
      <p>{feedback.detail}</p>
    </div>
  );
}

/** The message and the submit button that close every settings-like form. */
export function FormFooter({ feedback, saving, label }: { feedback: Feedback; saving: boolean; label: string }) {
  return (
    <>
      <FeedbackMessage feedback={feedback} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? de.actions.saving : label}
        </button>
      </div>
    </>
  );
}

/** A panel's last action: its success notice and its error, each shown when set. */
export function ActionOutcome({ notice, error }: { notice: string | null; error: string | null }) {
  return (
    <>
      <FeedbackMessage feedback={notice ? { kind: 'success', text: notice } : null} />
      <FeedbackMessage feedback={error ? { kind: 'error', text: error } : null} />
    </>
  );
}
