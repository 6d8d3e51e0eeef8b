import type { KeyboardEvent } from 'react';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { de, groupCards, isCardSigned, newId } from '@werkboard/common';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { addCard, deleteColumn, moveCard, moveColumn, renameColumn } from '@werkboard/common';
import type { CardDragItem, QuickTarget } from './boardUi';
import { CARD_TYPE, useBoardUi } from './boardUi';
import { CardWindow } from './CardWindow';
import type { ColumnMenuAction } from './ColumnMenu';
import { ColumnMenu } from './ColumnMenu';
import type { ColumnRow } from './columnRows';
import { columnRows, nextCardRow } from './columnRows';
import { dropBeforeCardElement } from './dropPosition';
import { InlineAddForm } from './InlineAddForm';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectColumn, selectDocument } from '../../entities/project/projectSlice';
import { applyEdit } from '../../entities/project/projectThunks';
import type { Point } from './useSortable';
import { useDraggedItem, useSortableList } from './useSortable';

interface BoardColumnProps {
  columnId: string;
  canMoveLeft: boolean;
  canMoveRight: boolean;
  /** The second and the last column of the board (quick actions), null where they do not apply. */
  second: QuickTarget | null;
  last: QuickTarget | null;
}

const NO_GROUPS: readonly string[] = [];

export const BoardColumn = memo(function BoardColumn({
  columnId,
  canMoveLeft,
  canMoveRight,
  second,
  last,
}: BoardColumnProps) {
  const column = useAppSelector((state) => selectColumn(state, columnId));
  const cardGroups = useAppSelector((state) => selectDocument(state)?.cardGroups ?? NO_GROUPS);
  // The server refuses deleting a column with a signed card (the card would go with it).
  // Runs on every change of the store: without a sign-off no card is sealed, and the walk over
  // thousands of cards is skipped.
  const holdsSigned = useAppSelector((state) => {
    const document = selectDocument(state);
    if (document === null || document.signoffs.length === 0) return false;
    return (selectColumn(state, columnId)?.cards ?? []).some((card) => isCardSigned(document, card));
  });
  const { readOnly, template } = useBoardUi();
  const dispatch = useAppDispatch();
  const listRef = useRef<HTMLDivElement | null>(null);
  const [listElement, setListElement] = useState<HTMLDivElement | null>(null);
  const attachList = useCallback((element: HTMLDivElement | null) => {
    listRef.current = element;
    setListElement(element);
  }, []);
  const [dropLine, setDropLine] = useState<number | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const headingId = useId();
  const m = de.board.columns;

  const [closedGroups, setClosedGroups] = useState<ReadonlySet<string>>(() => new Set());
  const draggedId = useDraggedItem<CardDragItem>()?.cardId ?? null;

  const cards = column?.cards;
  const rows = useMemo(
    () => columnRows(groupCards(cards ?? [], cardGroups), closedGroups),
    [cards, cardGroups, closedGroups],
  );
  // The latest rows for the drop callbacks, which the drop target keeps from its first render.
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  });

  const onToggleGroup = useCallback((group: string) => {
    setClosedGroups((closed) => {
      const next = new Set(closed);
      if (!next.delete(group)) next.add(group);
      return next;
    });
  }, []);

  const onHover = useCallback((_item: CardDragItem, point: Point) => {
    const list = listRef.current;
    if (!list) return;
    const { before, lastRendered } = dropPlace(list, point);
    const listTop = list.getBoundingClientRect().top - list.scrollTop;
    const y = before
      ? before.getBoundingClientRect().top - listTop - 4
      : lastRendered
        ? lastRendered.getBoundingClientRect().bottom - listTop + 2
        : 0;
    setDropLine((current) => (current === y ? current : y));
  }, []);

  const onDrop = (item: CardDragItem, point: Point) => {
    setDropLine(null);
    const list = listRef.current;
    const beforeId = list ? dropBeforeId(rowsRef.current, dropPlace(list, point)) : null;
    dispatch(applyEdit((draft) => moveCard(draft, item.cardId, columnId, beforeId)));
  };

  const { ref: dropRef, isOver } = useSortableList<CardDragItem>(CARD_TYPE, {
    enabled: !readOnly && !template,
    onHover,
    onDrop,
  });

  // The line shows only while a card is over this column.
  const shownDropLine = isOver ? dropLine : null;

  if (!column) return null;

  const onMenu = (action: ColumnMenuAction) => {
    if (action === 'rename') setRenaming(true);
    else if (action === 'delete') setConfirmDelete(true);
    else dispatch(applyEdit((draft) => moveColumn(draft, columnId, action)));
  };

  const columnSecond = second && second.id !== columnId ? second : null;
  const columnLast = last && last.id !== columnId ? last : null;

  return (
    <section
      ref={dropRef}
      className={isOver ? 'board-column board-column--over' : 'board-column'}
      data-testid={`column-${column.id}`}
      aria-labelledby={headingId}
    >
      <header className="board-column__header">
        {renaming ? (
          <ColumnRename
            title={column.title}
            onDone={(title) => {
              setRenaming(false);
              if (title !== null) dispatch(applyEdit((draft) => renameColumn(draft, columnId, title)));
            }}
          />
        ) : null}
        <h2 id={headingId} className="board-column__title" hidden={renaming}>
          {column.title}
        </h2>
        <span className="board-column__count">{m.cardCount(column.cards.length)}</span>
        {!readOnly && (
          <ColumnMenu
            columnTitle={column.title}
            canMoveLeft={canMoveLeft}
            canMoveRight={canMoveRight}
            deleteBlocked={holdsSigned ? de.projects.signoff.columnSealed : null}
            onSelect={onMenu}
          />
        )}
      </header>

      <div className="board-column__cards" ref={attachList} data-scroll-list="">
        <CardWindow
          rows={rows}
          scrollElement={listElement}
          columnId={columnId}
          cardCount={column.cards.length}
          second={columnSecond}
          last={columnLast}
          draggedId={draggedId}
          onToggleGroup={onToggleGroup}
        />
        {shownDropLine !== null && (
          <div className="board-column__drop-line" style={{ top: shownDropLine }} aria-hidden="true" />
        )}
      </div>

      {!readOnly && (
        <InlineAddForm
          className="board-column__add"
          buttonLabel={de.board.cards.add}
          inputLabel={de.board.cards.title}
          cancelLabel={de.board.cards.cancel}
          onAdd={(title) => {
            const id = newId();
            dispatch(applyEdit((draft) => addCard(draft, columnId, title, id)));
          }}
        />
      )}

      {confirmDelete && (
        <ConfirmDialog
          title={m.deleteTitle}
          confirmLabel={m.delete}
          danger
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => {
            setConfirmDelete(false);
            dispatch(applyEdit((draft) => deleteColumn(draft, columnId)));
          }}
        >
          <p>{m.deleteQuestion(column.title, column.cards.length)}</p>
          <p className="muted">{m.deleteWarning}</p>
        </ConfirmDialog>
      )}
    </section>
  );
});

interface DropPlace {
  /** The rendered card the pointer is above the middle of, or null below all rendered cards. */
  before: HTMLElement | null;
  lastRendered: HTMLElement | null;
}

/** Where the pointer points in a column's list, among the cards rendered there (the ones in view and a few beyond). */
function dropPlace(list: HTMLElement, point: Point): DropPlace {
  const elements = list.querySelectorAll<HTMLElement>('[data-card-id]');
  return { before: dropBeforeCardElement(point.y, elements), lastRendered: elements[elements.length - 1] ?? null };
}

/**
 * The card to drop before, or null for the end of the column. Below the last rendered card
 * the column may go on (not rendered): then the drop goes before the card after it.
 */
function dropBeforeId(rows: readonly ColumnRow[], place: DropPlace): string | null {
  if (place.before) return place.before.dataset.cardId ?? null;
  const lastId = place.lastRendered?.dataset.cardId;
  const lastIndex = rows.findIndex((row) => row.key === lastId);
  const next = lastIndex < 0 ? null : nextCardRow(rows, lastIndex, 1);
  const row = next === null ? undefined : rows[next];
  return row?.kind === 'card' ? row.card.id : null;
}

/** Inline rename: Enter confirms (a blank name is not taken), Escape cancels, leaving the field confirms. */
function ColumnRename({ title, onDone }: { title: string; onDone: (title: string | null) => void }) {
  const [value, setValue] = useState(title);
  const inputRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef(false);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const finish = (result: string | null) => {
    if (doneRef.current) return;
    doneRef.current = true;
    onDone(result !== null && result.trim() ? result.trim() : null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(value);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(null);
    }
  };

  return (
    <input
      ref={inputRef}
      className="board-column__rename"
      aria-label={de.board.columns.renameLabel}
      value={value}
      maxLength={500}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => finish(value)}
    />
  );
}
