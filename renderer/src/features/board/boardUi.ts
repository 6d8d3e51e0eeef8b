import type { CurrentUserDto } from '@werkboard/common';
import { selectBoardKind } from '../../entities/project/projectSlice';
import { selectReadOnly } from '../../entities/project/projectReadOnly';
import { useAppSelector } from '../../store/hooks';
import { ELEMENT_TIMING_ATTRIBUTE } from '../../utils/afterShown';

/** What every board component needs besides the document, read from the store (each a primitive, so cards stay memoised). */
export interface BoardUi {
  readOnly: boolean;
  /**
   * The template editor: a template holds columns, cards, task groups and tags, but no card
   * moves (no drag and drop, no quick moves), times, material or appointments.
   */
  template: boolean;
  /** The signed-in user (an Actor for the policies; id and username for time entries). */
  actor: CurrentUserDto | null;
}

export function useBoardUi(): BoardUi {
  const readOnly = useAppSelector(selectReadOnly);
  const template = useAppSelector(selectBoardKind) === 'template';
  const actor = useAppSelector((state) => state.auth.user);
  return { readOnly, template, actor };
}

/** The drag type of cards and what a dragged card carries. */
export const CARD_TYPE = 'card';

export interface CardDragItem {
  cardId: string;
  columnId: string;
  /** For the preview under a finger. */
  title: string;
}

/** A column a card's quick action moves it to. */
export interface QuickTarget {
  id: string;
  title: string;
}

/**
 * The board header's project name for the browser's Element Timing (utils/afterElementShown):
 * the board's side reads and the task dialog's chunk wait until it is on the screen.
 */
export const BOARD_HEADER_SHOWN = 'board-header';

/** The h1's attribute that names it for Element Timing. */
export const boardHeaderTiming = { [ELEMENT_TIMING_ATTRIBUTE]: BOARD_HEADER_SHOWN };
