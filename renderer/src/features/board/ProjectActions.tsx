import { ChevronDown } from 'lucide-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useId, useRef, useState } from 'react';
import { de } from '@werkboard/common';
import { useMediaQuery } from '../../utils/useMediaQuery';

/** The board's phone layout (board.css uses the same width). */
export const PHONE_QUERY = '(max-width: 699px)';

export interface ProjectAction<Id extends string> {
  id: Id;
  label: string;
  primary?: boolean;
  /** Stays in view on a phone instead of folding behind 'Aktionen'. */
  pinned?: boolean;
  /** After the label (the gallery's count badge). */
  extra?: ReactNode;
  describedBy?: string;
}

interface ProjectActionsProps<Id extends string> {
  actions: ProjectAction<Id>[];
  onAction: (id: Id) => void;
}

/**
 * The header's action buttons. On a desktop all in a row, as the spec lists them. On a phone
 * the pinned ones stay and the rest fold behind one 'Aktionen (N)' button (a disclosure), so
 * the board's first cards are in view on opening: eleven buttons in two columns took ~300 px.
 * Escape folds it and gives focus back to that button; choosing an action folds it too, and
 * the action's dialog gives focus back to 'Aktionen' when it closes.
 */
export function ProjectActions<Id extends string>({ actions, onAction }: ProjectActionsProps<Id>) {
  const phone = useMediaQuery(PHONE_QUERY);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const button = (action: ProjectAction<Id>, onClick: () => void) => (
    <button
      key={action.id}
      type="button"
      className={action.primary ? 'button button--primary button--small' : 'button button--secondary button--small'}
      onClick={onClick}
      aria-describedby={action.describedBy}
    >
      {action.label}
      {action.extra}
    </button>
  );

  if (!phone) {
    return (
      <nav className="project-header__actions" aria-label={de.board.header.actions}>
        {actions.map((action) => button(action, () => onAction(action.id)))}
      </nav>
    );
  }

  const pinned = actions.filter((action) => action.pinned);
  const folded = actions.filter((action) => !action.pinned);
  const fold = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    fold();
  };

  return (
    <nav
      className="project-header__actions project-header__actions--folding"
      aria-label={de.board.header.actions}
      onKeyDown={onKeyDown}
    >
      {pinned.map((action) => button(action, () => onAction(action.id)))}
      <button
        ref={toggleRef}
        type="button"
        className="button button--secondary button--small project-header__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {de.board.header.moreActions(folded.length)}
        <ChevronDown className="project-header__chevron" aria-hidden="true" focusable="false" />
      </button>
      <div id={panelId} className="project-header__folded" hidden={!open}>
        {folded.map((action) =>
          button(action, () => {
            // Focus on the toggle first: the dialog that opens gives it back there on closing.
            fold();
            onAction(action.id);
          }),
        )}
      </div>
    </nav>
  );
}
