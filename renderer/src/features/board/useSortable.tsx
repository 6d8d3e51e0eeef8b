import type { ReactNode, RefObject } from 'react';
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { DndProvider, useDrag, useDragLayer, useDrop } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import type { TouchBackendOptions } from 'react-dnd-touch-backend';
import { TouchBackend } from 'react-dnd-touch-backend';

/**
 * Drag and drop behind one small API, so the board's components never speak react-dnd:
 *
 * - <SortableProvider> picks the backend once: the touch backend on touch screens (phones,
 *   tablets; a long press starts a drag so that a swipe still scrolls), HTML5 otherwise.
 * - useSortableItem(type, item, enabled): a draggable element.
 * - useSortableList(type, { enabled, onHover, onDrop }): a drop area that reports the pointer.
 * - useDraggedItem(): the item being dragged, or null.
 * - <DragAutoScroll> scrolls the board sideways and a card list up or down while a drag is
 *   near their edges.
 * - <TouchDragPreview> draws what a finger drags under the finger (the touch backend draws
 *   nothing; the HTML5 backend has the browser's drag image).
 */

export interface Point {
  x: number;
  y: number;
}

export interface SortableItem {
  ref: (element: HTMLElement | null) => void;
  isDragging: boolean;
}

export interface SortableListSpec<T> {
  enabled: boolean;
  /** The pointer moved over the list while dragging `item` (throttled by the backend). */
  onHover?: (item: T, point: Point) => void;
  onDrop: (item: T, point: Point) => void;
}

export interface SortableList {
  ref: (element: HTMLElement | null) => void;
  /** An accepted item is over the list. */
  isOver: boolean;
}

/**
 * A device whose primary pointer is a finger (phone, tablet). A laptop with a touch screen
 * and a mouse or touchpad keeps the HTML5 backend, so the mouse drags there as on any desktop.
 * Without media queries (jsdom) the touch events decide.
 */
export function isTouchDevice(): boolean {
  if (typeof window === 'undefined') return false;
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(pointer: coarse)').matches
    : 'ontouchstart' in window;
}

/**
 * Fingers only (a mouse never drags through this backend). A finger that moves within the
 * first 300 ms scrolls (the backend cancels the pending drag); one that rests that long lifts
 * the card, and then a move of more than 5 px drags it.
 */
const TOUCH_OPTIONS: Partial<TouchBackendOptions> = {
  enableMouseEvents: false,
  delayTouchStart: 300,
  touchSlop: 5,
  ignoreContextMenu: true,
};

/** Whether the touch backend was chosen (it draws no drag image: TouchDragPreview does). */
const TouchContext = createContext(false);

/** The board's drag and drop, with the backend chosen once for this device. */
export function SortableProvider({ children }: { children: ReactNode }) {
  const [touch] = useState(isTouchDevice);
  return touch ? (
    <DndProvider backend={TouchBackend} options={TOUCH_OPTIONS}>
      <TouchContext.Provider value>{children}</TouchContext.Provider>
    </DndProvider>
  ) : (
    <DndProvider backend={HTML5Backend}>{children}</DndProvider>
  );
}

/** A draggable element: attach `ref`; `isDragging` while it is the one being dragged. */
export function useSortableItem<T extends object>(type: string, item: T, enabled: boolean): SortableItem {
  const [{ isDragging }, drag] = useDrag(
    () => ({ type, item, canDrag: enabled, collect: (monitor) => ({ isDragging: monitor.isDragging() }) }),
    [type, item, enabled],
  );
  const ref = useCallback((element: HTMLElement | null) => void drag(element), [drag]);
  return { ref, isDragging };
}

/** A drop area for items of `type`: attach `ref`; the callbacks get the item and the pointer. */
export function useSortableList<T>(type: string, spec: SortableListSpec<T>): SortableList {
  // The latest callbacks without rebuilding the drop target on every render.
  const specRef = useRef(spec);
  useEffect(() => {
    specRef.current = spec;
  });
  const [{ isOver }, drop] = useDrop(
    () => ({
      accept: type,
      canDrop: () => specRef.current.enabled,
      hover: (item: T, monitor) => {
        const point = monitor.getClientOffset();
        if (point && monitor.canDrop()) specRef.current.onHover?.(item, point);
      },
      drop: (item: T, monitor) => {
        const point = monitor.getClientOffset();
        if (point && !monitor.didDrop()) specRef.current.onDrop(item, point);
      },
      collect: (monitor) => ({ isOver: monitor.isOver() && monitor.canDrop() }),
    }),
    [type],
  );
  const ref = useCallback((element: HTMLElement | null) => void drop(element), [drop]);
  return { ref, isOver };
}

/** The item being dragged (of any type), or null; re-renders only when the drag starts or ends. */
export function useDraggedItem<T>(): T | null {
  return useDragLayer((monitor) => (monitor.isDragging() ? monitor.getItem<T>() : null));
}

/**
 * Under the finger while it drags: `render(item)` at the dragged element's place, moved with
 * the finger. Only with the touch backend.
 */
export function TouchDragPreview<T>({ render }: { render: (item: T) => ReactNode }) {
  return useContext(TouchContext) ? <TouchPreviewLayer render={render} /> : null;
}

function TouchPreviewLayer<T>({ render }: { render: (item: T) => ReactNode }) {
  const { item, offset } = useDragLayer((monitor) => ({
    item: monitor.isDragging() ? monitor.getItem<T>() : null,
    offset: monitor.getSourceClientOffset(),
  }));
  if (item === null || offset === null) return null;
  return (
    <div
      className="drag-preview"
      data-testid="drag-preview"
      aria-hidden="true"
      style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}
    >
      {render(item)}
    </div>
  );
}

const EDGE = 56;
const STEP = 14;

/**
 * While a card is dragged near the left or right edge of the board, scrolls the board, and
 * near the top or bottom of a card list, that list: a card reaches a column that is off screen
 * on a phone and any place of a long column (which renders only the cards in view).
 */
export function DragAutoScroll({ boardRef }: { boardRef: RefObject<HTMLElement | null> }) {
  const point = useDragLayer((monitor) => (monitor.isDragging() ? monitor.getClientOffset() : null));
  // The latest point for the interval below, which must not restart on every move.
  const pointRef = useRef(point);
  useEffect(() => {
    pointRef.current = point;
  });
  const dragging = point !== null;
  useEffect(() => {
    const board = boardRef.current;
    if (!dragging || !board) return;
    // Snapping would pull every small scroll step back to the column start.
    board.classList.add('board--dragging');
    const timer = window.setInterval(() => {
      const current = pointRef.current;
      if (!current) return;
      const rect = board.getBoundingClientRect();
      if (current.x < rect.left + EDGE) board.scrollLeft -= STEP;
      else if (current.x > rect.right - EDGE) board.scrollLeft += STEP;
      const list = document.elementFromPoint(current.x, current.y)?.closest<HTMLElement>('[data-scroll-list]');
      if (list) {
        const listRect = list.getBoundingClientRect();
        if (current.y < listRect.top + EDGE) list.scrollTop -= STEP;
        else if (current.y > listRect.bottom - EDGE) list.scrollTop += STEP;
      }
    }, 16);
    return () => {
      window.clearInterval(timer);
      board.classList.remove('board--dragging');
    };
  }, [dragging, boardRef]);
  return null;
}
