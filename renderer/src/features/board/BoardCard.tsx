import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import type { MouseEvent } from 'react';
import { memo, useMemo } from 'react';
import type { CardDto } from '@werkboard/common';
import { de, highestPriorityTag, tagColor } from '@werkboard/common';
import { cardHours, formatHours, quickMoveCard } from '@werkboard/common';
import type { CardDragItem, QuickTarget } from './boardUi';
import { CARD_TYPE, useBoardUi } from './boardUi';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectColumnRefs, taskOpened } from '../../entities/project/projectSlice';
import { applyEdit } from '../../entities/project/projectThunks';
import { selectTagsById } from '../../api/endpoints/tags';
import { selectAssigneeNames } from '../../entities/project/projectSelectors';
import { useSortableItem } from './useSortable';

interface BoardCardProps {
  card: CardDto;
  columnId: string;
  /** Quick-action targets, null where the card is already there or the action does not apply. */
  second: QuickTarget | null;
  last: QuickTarget | null;
}

/**
 * One task card. Memoised on its props: the card object keeps its identity until the card
 * itself changes (immer edits, replaceEqualDeep for server copies), so a board of 2,000 cards
 * re-renders only the card that changed.
 */
export const BoardCard = memo(function BoardCard({ card, columnId, second, last }: BoardCardProps) {
  const { readOnly, template } = useBoardUi();
  // Cards of a template never move (spec section 4).
  const movable = !readOnly && !template;
  const dispatch = useAppDispatch();
  const tagsById = useAppSelector(selectTagsById);
  const assignee = useAppSelector((state) =>
    card.assignedTo ? (selectAssigneeNames(state).get(card.assignedTo) ?? null) : null,
  );
  const item = useMemo<CardDragItem>(
    () => ({ cardId: card.id, columnId, title: card.title }),
    [card.id, columnId, card.title],
  );
  // Where the card's column stands: the move to the second column goes left from the third on.
  const columnIndex = useAppSelector((state) => selectColumnRefs(state).findIndex((column) => column.id === columnId));
  const { ref, isDragging } = useSortableItem(CARD_TYPE, item, movable);
  const hours = useMemo(() => cardHours(card), [card]);
  const tags = useMemo(
    () => card.tagIds.map((id) => tagsById.get(id)).filter((tag) => tag !== undefined),
    [card.tagIds, tagsById],
  );
  const border = highestPriorityTag(card.tagIds, tagsById);
  const m = de.board.cards;

  const quickMove = (event: MouseEvent, target: 'second' | 'last') => {
    event.stopPropagation();
    dispatch(applyEdit((draft) => quickMoveCard(draft, card.id, target)));
  };

  const className = [
    'board-card',
    border ? `board-card--tag board-tone--${tagColor(border.color)}` : '',
    isDragging ? 'board-card--dragging' : '',
    movable ? 'board-card--draggable' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <article
      // Only a card that can move is a drag source (the HTML5 backend marks it draggable).
      ref={movable ? ref : undefined}
      className={className}
      data-card-id={card.id}
      data-testid={`card-${card.id}`}
      aria-label={card.title}
      onClick={() => dispatch(taskOpened(card.id))}
    >
      <div className="board-card__body">
        <h3 className="board-card__title">
          {/* The keyboard way in; a click anywhere on the card opens it as well. */}
          <button type="button" className="board-card__open">
            {card.title}
          </button>
        </h3>
        {assignee && (
          <p className="board-card__assignee">
            <span className="visually-hidden">{m.assignee}: </span>
            {assignee}
          </p>
        )}
        {tags.length > 0 && (
          <ul className="board-chips" aria-label={de.board.header.tags}>
            {tags.map((tag) => (
              <li key={tag.id} className={`board-chip board-tone--${tagColor(tag.color)}`}>
                {tag.label}
              </li>
            ))}
          </ul>
        )}
        {hours > 0 && (
          <p className="board-card__hours" title={m.timeSumLabel}>
            <span className="visually-hidden">{m.timeSumLabel}: </span>
            {m.timeSum(formatHours(hours))}
          </p>
        )}
      </div>
      {/* Quick actions sit below the card's text, so a click on the text always opens it. Each
          names its target column visibly (cut short with '…' when long; the full name is in
          its title and accessible name) and its arrow points where the card goes. */}
      {movable && (second || last) && (
        <div className="board-card__actions">
          {second && (
            <button
              type="button"
              className="board-card__quick"
              aria-label={m.quickMoveLabel(card.title, second.title)}
              title={m.quickMove(second.title)}
              onClick={(event) => quickMove(event, 'second')}
            >
              {columnIndex > 1 ? (
                <ArrowLeft className="board-card__quick-icon" aria-hidden="true" focusable="false" />
              ) : (
                <ArrowRight className="board-card__quick-icon" aria-hidden="true" focusable="false" />
              )}
              <span className="board-card__quick-label">{second.title}</span>
            </button>
          )}
          {last && (
            <button
              type="button"
              className="board-card__quick board-card__quick--done"
              aria-label={m.quickMoveLabel(card.title, last.title)}
              title={m.quickMove(last.title)}
              onClick={(event) => quickMove(event, 'last')}
            >
              <Check className="board-card__quick-icon" aria-hidden="true" focusable="false" />
              <span className="board-card__quick-label">{last.title}</span>
            </button>
          )}
        </div>
      )}
    </article>
  );
});
