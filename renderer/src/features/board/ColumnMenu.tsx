import { useEffect, useId, useRef, useState } from 'react';
import { de } from '@werkboard/common';

export type ColumnMenuAction = 'rename' | 'left' | 'right' | 'delete';

interface ColumnMenuProps {
  columnTitle: string;
  canMoveLeft: boolean;
  canMoveRight: boolean;
  /** Why 'Löschen' is not offered (the column holds signed cards), or null. */
  deleteBlocked: string | null;
  onSelect: (action: ColumnMenuAction) => void;
}

/**
 * The column's menu: Umbenennen, Nach links, Nach rechts (not past the ends), Löschen
 * (disabled with its reason where the server would refuse it).
 */
export function ColumnMenu({ columnTitle, canMoveLeft, canMoveRight, deleteBlocked, onSelect }: ColumnMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const reasonId = useId();
  const m = de.board.columns;

  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLButtonElement>('[role="menuitem"]:not(:disabled)')?.focus();
    // The board scrolls; a menu with a reason under 'Löschen' may reach below a short column.
    if (deleteBlocked) rootRef.current?.querySelector('.column-menu__reason')?.scrollIntoView?.({ block: 'nearest' });
    const onPointerDown = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open, deleteBlocked]);

  const choose = (action: ColumnMenuAction) => {
    setOpen(false);
    if (action === 'left' || action === 'right') buttonRef.current?.focus();
    onSelect(action);
  };

  const items: { action: ColumnMenuAction; label: string; disabled?: boolean }[] = [
    { action: 'rename', label: m.rename },
    { action: 'left', label: m.moveLeft, disabled: !canMoveLeft },
    { action: 'right', label: m.moveRight, disabled: !canMoveRight },
    { action: 'delete', label: m.delete, disabled: deleteBlocked !== null },
  ];

  return (
    <div
      className="column-menu"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
        if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
          event.preventDefault();
          const enabled = [
            ...(rootRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? []),
          ];
          const index = enabled.indexOf(document.activeElement as HTMLButtonElement);
          const next = enabled[(index + (event.key === 'ArrowDown' ? 1 : -1) + enabled.length) % enabled.length];
          next?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="icon-button column-menu__button"
        aria-label={m.menu(columnTitle)}
        title={m.menu(columnTitle)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">⋮</span>
      </button>
      {open && (
        <ul id={menuId} role="menu" className="column-menu__list" aria-label={m.menu(columnTitle)}>
          {items.map((item) => (
            <li key={item.action} role="none">
              <button
                type="button"
                role="menuitem"
                className={
                  item.action === 'delete' ? 'column-menu__item column-menu__item--danger' : 'column-menu__item'
                }
                disabled={item.disabled}
                aria-describedby={item.action === 'delete' && deleteBlocked ? reasonId : undefined}
                onClick={() => choose(item.action)}
              >
                {item.label}
              </button>
            </li>
          ))}
          {deleteBlocked && (
            <li role="none" id={reasonId} className="column-menu__reason">
              {deleteBlocked}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
