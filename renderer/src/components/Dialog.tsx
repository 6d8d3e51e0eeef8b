import type { ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { de } from '@werkboard/common';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider layout for content like logs. */
  wide?: boolean;
}

/**
 * A modal dialog: labelled by its title, closes on Escape, on the backdrop and with its button,
 * moves focus inside on open and gives it back on close. (A div instead of <dialog> because
 * jsdom has no showModal, and the tests must see the same markup as the browser.) Rendered into
 * <body> through a portal: inside the sticky top bar, its backdrop-filter would make the bar the
 * containing block of the fixed backdrop.
 */
export function Dialog({ title, onClose, children, wide = false }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // The latest onClose, without re-running the open/close effect when the parent re-renders.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previouslyFocused?.focus();
    };
  }, []);

  return createPortal(
    <div className="dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={panelRef}
        className={wide ? 'dialog dialog--wide' : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button"
            onClick={onClose}
            aria-label={de.app.close}
            title={de.app.close}
          >
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="dialog__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
