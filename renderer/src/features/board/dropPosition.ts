/**
 * Where a dragged card lands in a column (spec section 2: by pointer height relative to the
 * other cards): before the first card whose vertical midpoint is below the pointer, else at
 * the end. Cards are stacked top to bottom, so the midpoints rise with the index and a binary
 * search needs only a handful of layout reads even in a column of hundreds of cards.
 *
 * Returns the index of the card to drop before (`count` means the end).
 */
export function dropIndex(pointerY: number, count: number, midpointAt: (index: number) => number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (midpointAt(middle) > pointerY) high = middle;
    else low = middle + 1;
  }
  return low;
}

export interface CardBox {
  id: string;
  top: number;
  height: number;
}

/** The id of the card to drop before, or null for the end of the column. */
export function dropBeforeCardId(pointerY: number, cards: readonly CardBox[]): string | null {
  const index = dropIndex(pointerY, cards.length, (i) => cards[i]!.top + cards[i]!.height / 2);
  return index < cards.length ? cards[index]!.id : null;
}

/** Reads the card boxes lazily from the DOM of a column (only the ones the search visits). */
export function dropBeforeCardElement(pointerY: number, elements: ArrayLike<HTMLElement>): HTMLElement | null {
  const index = dropIndex(pointerY, elements.length, (i) => {
    const rect = elements[i]!.getBoundingClientRect();
    return rect.top + rect.height / 2;
  });
  return index < elements.length ? elements[index]! : null;
}
