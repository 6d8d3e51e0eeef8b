import type { ReactNode } from 'react';
import { createContext, useContext, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { deStart } from '@werkboard/common';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider layout for content like logs. */
  wide?: boolean;
}

/**
 * Open dialogs. A dialog can open on top of another (a confirmation inside the settings);
 * Escape closes only the topmost one: the most deeply nested, and of those the latest opened.
 * (Nesting is counted through context, because React runs a child's effects before its parent's.)
 */
interface OpenDialog {
  depth: number;
  order: number;
}
const openDialogs = new Set<OpenDialog>();
let openedCount = 0;
const DialogDepth = createContext(0);

function isTopmost(dialog: OpenDialog): boolean {
  for (const other of openDialogs) {
    if (other.depth > dialog.depth || (other.depth === dialog.depth && other.order > dialog.order)) return false;
  }
  return true;
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

  const depth = useContext(DialogDepth) + 1;

  useEffect(() => {
    openedCount += 1;
    const entry: OpenDialog = { depth, order: openedCount };
    openDialogs.add(entry);
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && isTopmost(entry)) onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.delete(entry);
      previouslyFocused?.focus();
    };
    // A mounted dialog's depth never changes.
  }, [depth]);

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
        {/* A div, not a header: portalled outside <main>, a header would be a second banner landmark. */}
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button"
            onClick={onClose}
            aria-label={deStart.app.close}
            title={deStart.app.close}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="dialog__body">
          <DialogDepth.Provider value={depth}>{children}</DialogDepth.Provider>
        </div>
      </div>
    </div>,
    document.body,
  );
}
