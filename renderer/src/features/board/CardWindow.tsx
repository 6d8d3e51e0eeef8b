import type { KeyboardEvent } from 'react';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { Range, Virtualizer } from '@tanstack/react-virtual';
import { defaultRangeExtractor, measureElement, useVirtualizer } from '@tanstack/react-virtual';
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
 * The list's size for the window, from a ResizeObserver only: it reports after the browser's own
 * layout, where reading the size when the window mounts (react-virtual's default) forced a layout
 * of the whole page inside React's commit, once per column (issue 17: 15-20 ms each on a
 * 5,000-card board). Until it reports (and without an observer: jsdom) the list is planned as
 * tall as the browser window (`initialRect`), as is a list without layout yet (height 0: hidden),
 * so it shows a screenful, not nothing.
 */
function observeListRect(
  instance: Virtualizer<HTMLDivElement, Element>,
  callback: (rect: { width: number; height: number }) => void,
): (() => void) | undefined {
  const list = instance.scrollElement;
  const view = instance.targetWindow;
  if (!list || !view?.ResizeObserver) return undefined;
  const observer = new view.ResizeObserver(() => {
    const rect = { width: list.clientWidth, height: list.clientHeight };
    callback(rect.height > 0 ? rect : windowRect(view));
  });
  observer.observe(list);
  return () => observer.disconnect();
}

const windowRect = (view: Window) => ({ width: 0, height: view.innerHeight });

/**
 * A row's height, from the ResizeObserver's entry. A row just mounted keeps the height it had
 * (rows are keyed by card) or the estimate until its observer reports, still before the frame
 * is painted: the rows are placed by react-virtual straight in the DOM (`directDomUpdates`), so
 * no frame shows the estimate. Reading the height at mount (`offsetHeight`, the default) forced
 * a layout of the whole page in every commit that mounts a row: the first screen, a scroll, a
 * drop.
 */
function measureRow(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLDivElement, Element>,
) {
  if (entry) return measureElement(element, entry, instance);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}

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
    initialRect: windowRect(window),
    measureElement: measureRow,
    // The rows' offsets and the window's height are written to the DOM by the virtualizer (on a
    // measurement, before the frame is painted); React renders only when the range changes.
    directDomUpdates: true,
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

  const { containerRef } = virtualizer;
  const attachWindow = useCallback(
    (element: HTMLDivElement | null) => {
      innerRef.current = element;
      containerRef(element);
    },
    [containerRef],
  );

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={attachWindow}
      className="board-column__window"
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
