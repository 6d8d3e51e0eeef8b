import type { KeyboardEvent } from 'react';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CardSection } from '@werkboard/common';
import { de, groupCards, isCardSigned, newId } from '@werkboard/common';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { BoardCard } from './BoardCard';
import { addCard, deleteColumn, moveCard, moveColumn, renameColumn } from '@werkboard/common';
import type { CardDragItem, QuickTarget } from './boardUi';
import { CARD_TYPE, useBoardUi } from './boardUi';
import type { ColumnMenuAction } from './ColumnMenu';
import { ColumnMenu } from './ColumnMenu';
import { dropBeforeCardElement } from './dropPosition';
import { InlineAddForm } from './InlineAddForm';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectColumn, selectDocument } from '../../entities/project/projectSlice';
import { applyEdit } from '../../entities/project/projectThunks';
import type { Point } from './useSortable';
import { useSortableList } from './useSortable';

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
  const holdsSigned = useAppSelector((state) => {
    const document = selectDocument(state);
    const cards = selectColumn(state, columnId)?.cards ?? [];
    return document !== null && cards.some((card) => isCardSigned(document, card));
  });
  const { readOnly, template } = useBoardUi();
  const dispatch = useAppDispatch();
  const listRef = useRef<HTMLDivElement>(null);
  const [dropLine, setDropLine] = useState<number | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const headingId = useId();
  const m = de.board.columns;

  const cards = column?.cards;
  const sections = useMemo(() => groupCards(cards ?? [], cardGroups), [cards, cardGroups]);

  const beforeElement = (point: Point) => {
    const list = listRef.current;
    return list ? dropBeforeCardElement(point.y, list.querySelectorAll<HTMLElement>('[data-card-id]')) : null;
  };

  const onHover = useCallback((_item: CardDragItem, point: Point) => {
    const list = listRef.current;
    if (!list) return;
    const elements = list.querySelectorAll<HTMLElement>('[data-card-id]');
    const before = dropBeforeCardElement(point.y, elements);
    const listTop = list.getBoundingClientRect().top - list.scrollTop;
    const lastElement = elements[elements.length - 1];
    const y = before
      ? before.getBoundingClientRect().top - listTop - 4
      : lastElement
        ? lastElement.getBoundingClientRect().bottom - listTop + 2
        : 0;
    setDropLine((current) => (current === y ? current : y));
  }, []);

  const onDrop = (item: CardDragItem, point: Point) => {
    setDropLine(null);
    const beforeId = beforeElement(point)?.dataset.cardId ?? null;
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

      <div className="board-column__cards" ref={listRef} data-scroll-list="">
        {sections.map((section) =>
          section.group === null ? (
            <CardList key="" section={section} columnId={columnId} second={columnSecond} last={columnLast} />
          ) : (
            <CardGroup
              key={section.group}
              section={section}
              columnId={columnId}
              second={columnSecond}
              last={columnLast}
            />
          ),
        )}
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

interface SectionProps {
  section: CardSection;
  columnId: string;
  second: QuickTarget | null;
  last: QuickTarget | null;
}

function CardList({ section, columnId, second, last }: SectionProps) {
  return (
    <>
      {section.cards.map((card) => (
        <BoardCard key={card.id} card={card} columnId={columnId} second={second} last={last} />
      ))}
    </>
  );
}

/** A task group inside a column: a toggle with name and count, its cards while open. */
function CardGroup(props: SectionProps) {
  const [open, setOpen] = useState(true);
  const contentId = useId();
  const { group, cards } = props.section;
  return (
    <div className={open ? 'card-group card-group--open' : 'card-group'}>
      <h3 className="card-group__heading">
        <button
          type="button"
          className="card-group__toggle"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="card-group__chevron" aria-hidden="true" />
          {de.board.cards.group(group ?? '', cards.length)}
        </button>
      </h3>
      <div id={contentId} className="card-group__cards" hidden={!open}>
        {open && <CardList {...props} />}
      </div>
    </div>
  );
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
