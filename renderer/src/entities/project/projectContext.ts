import { createContext, useContext } from 'react';
import type { ProjectDocument } from '@werkboard/common';

/**
 * A change to the open project: a recipe that edits an immer draft of the document, plus
 * the change-log actions it writes (German, without the username, e.g.
 * 'hat die Aufgabe „Kabel ziehen“ nach „Erledigt“ verschoben.'). The provider applies it at
 * once, adds the log entries for the current user and saves the document through the one
 * save path; a recipe may run again on a newer copy from the server, so it must find what it
 * changes by id, never by index alone.
 */
export type ProjectRecipe = (draft: ProjectDocument) => void;
export type ProjectUpdate = (recipe: ProjectRecipe, logActions?: string | readonly string[]) => void;

export interface ProjectBoardContextValue {
  document: ProjectDocument;
  /** Completed or archived (or opened from the archive): editing and most dialogs hidden. */
  readOnly: boolean;
  update: ProjectUpdate;
  /** Loads the project again from the server. */
  reload(): void;
  /**
   * Completes, reopens or archives the project through its own route (never through PUT),
   * then shows the server's copy. Rejects with the German error for the caller to show.
   */
  changeStatus(action: ProjectStatusAction): Promise<void>;
}

export type ProjectStatusAction = 'complete' | 'reopen' | 'archive';

export const ProjectBoardContext = createContext<ProjectBoardContextValue | null>(null);

/** The open project for the board and its panels; only inside the project page's provider. */
export function useProjectBoard(): ProjectBoardContextValue {
  const value = useContext(ProjectBoardContext);
  if (!value) throw new Error('useProjectBoard outside ProjectBoardContext');
  return value;
}
