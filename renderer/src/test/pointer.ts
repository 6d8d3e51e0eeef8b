import { fireEvent } from '@testing-library/react';

/**
 * Pointer input for components that draw (the signature pad). jsdom has no PointerEvent with
 * coordinates and no layout: events are MouseEvents of the pointer types (React listens by
 * type), and the element is given the size it would have on a phone.
 */
function pointer(target: Element, type: string, pointerId: number, pointerType: string, at?: [number, number]) {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: at?.[0], clientY: at?.[1] });
  Object.defineProperties(event, { pointerId: { value: pointerId }, pointerType: { value: pointerType } });
  fireEvent(target, event);
}

/** Lays `element` out at `width` x `height` CSS pixels from (x, y). */
export function layOut(element: Element, width: number, height: number, x = 0, y = 0): void {
  element.getBoundingClientRect = () => DOMRect.fromRect({ x, y, width, height });
}

/** One stroke through the points (client coordinates): down, moves, up. */
export function drawStroke(target: Element, points: readonly [number, number][], pointerType = 'touch'): void {
  const [first, ...rest] = points;
  pointer(target, 'pointerdown', 1, pointerType, first);
  for (const point of rest) pointer(target, 'pointermove', 1, pointerType, point);
  pointer(target, 'pointerup', 1, pointerType);
}

/** A move with no pointer pressed. */
export function hover(target: Element, at: [number, number]): void {
  pointer(target, 'pointermove', 1, 'mouse', at);
}
