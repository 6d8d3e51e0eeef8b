import { de } from '@werkboard/common';

/** A form's failure as an alert under the form (nothing without one). */
export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="message message--error">
      {error}
    </p>
  );
}

interface DialogActionsProps {
  onCancel: () => void;
  busy: boolean;
  /** The submit button's label ('Speichern' by default) and its label while busy. */
  submitLabel?: string;
  busyLabel?: string;
  /** Disabled besides while busy (e.g. until a choice is made). */
  disabled?: boolean;
}

/** 'Abbrechen' and the submit button at the foot of a dialog's form. */
export function DialogActions({
  onCancel,
  busy,
  submitLabel = de.actions.save,
  busyLabel = de.actions.saving,
  disabled = false,
}: DialogActionsProps) {
  return (
    <div className="dialog__actions">
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {de.actions.cancel}
      </button>
      <button type="submit" className="button button--primary" disabled={busy || disabled}>
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
