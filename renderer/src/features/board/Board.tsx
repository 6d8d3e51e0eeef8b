import { memo, useRef } from 'react';
import { de, newId } from '@werkboard/common';
import { BoardColumn } from './BoardColumn';
import { addColumn } from '@werkboard/common';
import { useBoardUi } from './boardUi';
import { InlineAddForm } from './InlineAddForm';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectColumnRefs, selectDocument } from '../../entities/project/projectSlice';
import { applyEdit } from '../../entities/project/projectThunks';
import type { CardDragItem } from './boardUi';
import { DragAutoScroll, TouchDragPreview } from './useSortable';

/**
 * The columns side by side, scrolling sideways (on a phone one column fills most of the
 * width and the board snaps from column to column). Re-renders only when columns are added,
 * removed, renamed or reordered; card changes stay inside their column.
 */
export const Board = memo(function Board() {
  const columns = useAppSelector(selectColumnRefs);
  const isTemplate = useAppSelector((state) => selectDocument(state)?.isTemplate ?? false);
  const { readOnly, template } = useBoardUi();
  const dispatch = useAppDispatch();
  const boardRef = useRef<HTMLDivElement>(null);

  // Quick actions: the second column ("in progress") and the last ("done"), with more than one column.
  const quick = !isTemplate && !template && columns.length > 1;
  const last = quick ? columns[columns.length - 1]! : null;
  const second = quick && columns.length > 2 ? columns[1]! : null;

  return (
    <section
      className="board"
      aria-label={template ? de.templatesScreen.editor.boardLabel : de.board.board.label}
      ref={boardRef}
    >
      {columns.length === 0 && <p className="board__empty muted">{de.board.board.empty}</p>}
      {columns.map((column, index) => (
        <BoardColumn
          key={column.id}
          columnId={column.id}
          canMoveLeft={index > 0}
          canMoveRight={index < columns.length - 1}
          second={second}
          last={last}
        />
      ))}
      {!readOnly && (
        <div className="board__add-column">
          <InlineAddForm
            buttonLabel={de.board.columns.add}
            inputLabel={de.board.columns.name}
            cancelLabel={de.board.columns.cancel}
            onAdd={(title) => {
              const id = newId();
              dispatch(applyEdit((draft) => addColumn(draft, title, id)));
            }}
          />
        </div>
      )}
      <DragAutoScroll boardRef={boardRef} />
      <TouchDragPreview<CardDragItem> render={renderCardPreview} />
    </section>
  );
});

/** What a finger drags: the card's look with its title. */
function renderCardPreview(item: CardDragItem) {
  return (
    <div className="board-card board-card--preview">
      <p className="board-card__title board-card__open">{item.title}</p>
    </div>
  );
}
