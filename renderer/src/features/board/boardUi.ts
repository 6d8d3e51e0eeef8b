import { createContext, useContext } from 'react';
import type { CurrentUserDto } from '@werkboard/common';

/** What every board component needs besides the document; changes rarely, so cards stay memoised. */
export interface BoardUi {
  readOnly: boolean;
  /**
   * The template editor: a template holds columns, cards, task groups and tags, but no card
   * moves (no drag and drop, no quick moves), times, material or appointments.
   */
  template?: boolean;
  /** The signed-in user (an Actor for the policies; id and username for time entries). */
  actor: CurrentUserDto | null;
  openCard: (cardId: string) => void;
}

export const BoardUiContext = createContext<BoardUi>({ readOnly: true, actor: null, openCard: () => undefined });

export function useBoardUi(): BoardUi {
  return useContext(BoardUiContext);
}

/** The drag type of cards and what a dragged card carries. */
export const CARD_TYPE = 'card';

export interface CardDragItem {
  cardId: string;
  columnId: string;
}

/** A column a card's quick action moves it to. */
export interface QuickTarget {
  id: string;
  title: string;
}
