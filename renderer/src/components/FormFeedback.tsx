import { de } from '@werkboard/common';

/** The outcome of a form's last save, shown under the form. */
export type Feedback = { kind: 'success' | 'error'; text: string } | null;

/** A form's outcome message (an alert for errors, a status for success). */
export function FeedbackMessage({ feedback }: { feedback: Feedback }) {
  if (!feedback) return null;
  const isError = feedback.kind === 'error';
  return (
    <p role={isError ? 'alert' : 'status'} className={isError ? 'message message--error' : 'message message--success'}>
      {feedback.text}
    </p>
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
