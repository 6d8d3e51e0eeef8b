import type { FormEvent, KeyboardEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';

interface InlineAddFormProps {
  /** The button's text: 'Aufgabe hinzufügen', 'Spalte hinzufügen'. */
  buttonLabel: string;
  /** The input's label: 'Titel der Aufgabe', 'Name der Spalte'. */
  inputLabel: string;
  cancelLabel: string;
  /** Called with the trimmed, non-blank text. */
  onAdd: (text: string) => void;
  className?: string;
}

/**
 * A button that opens a one-line input and then adds what is typed. The same button submits
 * while the input is open, and the input stays open for the next entry (Escape or
 * 'Abbrechen' closes it). A blank text adds nothing (spec section 5).
 */
export function InlineAddForm({ buttonLabel, inputLabel, cancelLabel, onAdd, className }: InlineAddFormProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setText('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!open) {
      setOpen(true);
      return;
    }
    const trimmed = text.trim();
    if (trimmed) onAdd(trimmed);
    setText('');
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  return (
    <form
      className={`inline-add${open ? ' inline-add--open' : ''}${className ? ` ${className}` : ''}`}
      onSubmit={submit}
    >
      {open && (
        <>
          <label className="visually-hidden" htmlFor={inputId}>
            {inputLabel}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className="inline-add__input"
            value={text}
            placeholder={inputLabel}
            maxLength={500}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </>
      )}
      <div className="inline-add__actions">
        <button type="submit" className={open ? 'button button--primary button--small' : 'inline-add__open'}>
          {!open && (
            <span className="inline-add__plus" aria-hidden="true">
              +
            </span>
          )}
          {buttonLabel}
        </button>
        {open && (
          <button type="button" className="button button--secondary button--small" onClick={close}>
            {cancelLabel}
          </button>
        )}
      </div>
    </form>
  );
}
