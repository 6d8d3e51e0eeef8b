import type { ReactElement } from 'react';
import { cloneElement, useId } from 'react';
import { deStart } from '@werkboard/common';

interface FieldControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

interface FormFieldProps {
  label: string;
  /** One input, select or textarea; gets the id, aria-invalid and aria-describedby. */
  children: ReactElement<FieldControlProps>;
  error?: string;
  hint?: string;
  optional?: boolean;
}

/** Label, control, hint and the field's German error message, wired for screen readers. */
export function FormField({ label, children, error, hint, optional = false }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> {deStart.actions.optional}</span>}
      </label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
