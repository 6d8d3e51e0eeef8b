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
 * - <DragAutoScroll> scrolls the board sideways while a finger drags near its edge (the HTML5
 *   backend gets that from the browser).
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

export function isTouchDevice(): boolean {
  if (typeof window === 'undefined') return false;
  return 'ontouchstart' in window || (window.matchMedia?.('(pointer: coarse)').matches ?? false);
}

const TOUCH_OPTIONS: Partial<TouchBackendOptions> = {
  enableMouseEvents: true,
  delayTouchStart: 200,
  ignoreContextMenu: true,
};

/** Whether the touch backend was chosen (DragAutoScroll only works for it). */
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

const EDGE = 56;
const STEP = 14;

/**
 * While a finger drags a card near the left or right edge of the board, scrolls the board
 * (and near the top or bottom of a card list, that list), so a card can reach a column that
 * is off screen on a phone. Mouse drags get this from the browser.
 */
export function DragAutoScroll({ boardRef }: { boardRef: RefObject<HTMLElement | null> }) {
  return useContext(TouchContext) ? <TouchAutoScroll boardRef={boardRef} /> : null;
}

function TouchAutoScroll({ boardRef }: { boardRef: RefObject<HTMLElement | null> }) {
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
