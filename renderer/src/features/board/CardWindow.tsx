import type { KeyboardEvent } from 'react';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { Range } from '@tanstack/react-virtual';
import { defaultRangeExtractor, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { de } from '@werkboard/common';
import type { QuickTarget } from './boardUi';
import { BoardCard } from './BoardCard';
import type { ColumnRow } from './columnRows';
import { nextCardRow } from './columnRows';

interface CardWindowProps {
  rows: readonly ColumnRow[];
  /** The column's scrolling card list (state, not a ref: a parent's ref is attached after this child's effects). */
  scrollElement: HTMLDivElement | null;
  columnId: string;
  cardCount: number;
  second: QuickTarget | null;
  last: QuickTarget | null;
  /** The card being dragged: it stays rendered while scrolled away, or the drag would lose its source. */
  draggedId: string | null;
  onToggleGroup: (group: string) => void;
}

/** Space between rows and above the first and below the last (the list's former padding and gap). */
const GAP = 8;
/** Rows rendered beyond the visible part on each side: the next card for Tab and arrows is always there. */
const OVERSCAN = 6;
const FIRST_SIZE_GUESS = { card: 76, group: 36 };

/**
 * The list's size for the window. A list without layout yet (height 0: hidden, or jsdom in the
 * unit tests) is planned as tall as the browser window, so it shows a screenful, not nothing.
 */
const observeListRect: typeof observeElementRect = (instance, callback) =>
  observeElementRect(instance, (rect) =>
    callback(rect.height > 0 ? rect : { width: rect.width, height: window.innerHeight }),
  );

/**
 * The rows of a column, rendered only near the visible part of its list (@tanstack/react-virtual;
 * every row is measured, cards differ in height). A column of thousands of cards mounts a few
 * dozen, so a board of 5,000 cards opens as fast as one of 50.
 *
 * Keyboard: Tab moves through the rendered cards (the next one is always rendered and the
 * browser scrolls it into view); Arrow up/down, Home and End move to the previous, next, first
 * or last card of the whole column, scrolling it into view. The focused card stays rendered
 * while the list scrolls away from it, so focus is never lost.
 */
export function CardWindow({
  rows,
  scrollElement,
  columnId,
  cardCount,
  second,
  last,
  draggedId,
  onToggleGroup,
}: CardWindowProps) {
  const innerRef = useRef<HTMLDivElement>(null);
  const focusedKey = useRef<string | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const indexByKey = useMemo(() => new Map(rows.map((row, index) => [row.key, index])), [rows]);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      for (const key of [focusedKey.current, draggedId]) {
        const index = key === null ? undefined : indexByKey.get(key);
        if (index !== undefined && !indexes.includes(index)) indexes.push(index);
      }
      return indexes.sort((a, b) => a - b);
    },
    [draggedId, indexByKey],
  );

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: useCallback((index: number) => FIRST_SIZE_GUESS[rows[index]?.kind ?? 'card'], [rows]),
    getItemKey: useCallback((index: number) => rows[index]?.key ?? index, [rows]),
    overscan: OVERSCAN,
    gap: GAP,
    paddingStart: GAP,
    paddingEnd: GAP,
    scrollPaddingStart: GAP,
    scrollPaddingEnd: GAP,
    rangeExtractor,
    observeElementRect: observeListRect,
  });

  const focusPending = useCallback(() => {
    const key = pendingFocus.current;
    if (key === null) return;
    const button = innerRef.current?.querySelector<HTMLElement>(`[data-card-id="${key}"] .board-card__open`);
    if (!button) return;
    pendingFocus.current = null;
    button.focus();
  }, []);

  // After scrolling to a card that was not rendered yet, focus it once it is.
  useLayoutEffect(focusPending);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = Number((event.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index);
    if (!Number.isInteger(from) || rows[from]?.kind !== 'card') return;
    const target =
      event.key === 'ArrowDown'
        ? nextCardRow(rows, from, 1)
        : event.key === 'ArrowUp'
          ? nextCardRow(rows, from, -1)
          : event.key === 'Home'
            ? nextCardRow(rows, -1, 1)
            : event.key === 'End'
              ? nextCardRow(rows, rows.length, -1)
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    if (target === null) return;
    pendingFocus.current = rows[target]!.key;
    virtualizer.scrollToIndex(target, { align: 'auto' });
    focusPending();
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={innerRef}
      className="board-column__window"
      style={{ height: virtualizer.getTotalSize() }}
      role="list"
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const row = event.target.closest<HTMLElement>('[data-index]');
        focusedKey.current = row ? (rows[Number(row.dataset.index)]?.key ?? null) : null;
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) focusedKey.current = null;
      }}
    >
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className="board-column__row"
            style={{ transform: `translateY(${item.start}px)` }}
            role="listitem"
            // A screen reader hears "12 of 5,000" although only a few cards are rendered.
            aria-posinset={row.kind === 'card' ? row.position : undefined}
            aria-setsize={row.kind === 'card' ? cardCount : undefined}
          >
            {row.kind === 'card' ? (
              <BoardCard card={row.card} columnId={columnId} second={second} last={last} />
            ) : (
              <GroupHeading group={row.group} count={row.count} open={row.open} onToggle={onToggleGroup} />
            )}
          </div>
        );
      })}
    </div>
  );
}

/** A task group's heading inside a column: a toggle with name and count. */
function GroupHeading({
  group,
  count,
  open,
  onToggle,
}: {
  group: string;
  count: number;
  open: boolean;
  onToggle: (group: string) => void;
}) {
  return (
    <div className={open ? 'card-group card-group--open' : 'card-group'}>
      <h3 className="card-group__heading">
        <button type="button" className="card-group__toggle" aria-expanded={open} onClick={() => onToggle(group)}>
          <span className="card-group__chevron" aria-hidden="true" />
          {de.board.cards.group(group, count)}
        </button>
      </h3>
    </div>
  );
}
