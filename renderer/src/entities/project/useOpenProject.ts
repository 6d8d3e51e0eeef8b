import { useCallback } from 'react';
import type { ProjectDocument } from '@werkboard/common';
import type { ProjectStatusAction } from '../../api/endpoints/projects';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { EditRecipe } from '../outbox/projectSaver';
import { selectDocument } from './projectSlice';
import { selectReadOnly } from './projectReadOnly';
import { applyEdit, changeProjectStatus, reloadProject } from './projectThunks';

/**
 * A change to the open project: a recipe that edits an immer draft of the document, plus the
 * change-log actions it writes (German, without the username, e.g. 'hat die Aufgabe „Kabel
 * ziehen“ nach „Erledigt“ verschoben.'). It is applied at once, the log entries are written for
 * the current user, and the document is saved through the outbox; a recipe may run again on a
 * newer copy from the server, so it must find what it changes by id, never by index alone.
 */
export type ProjectUpdate = (recipe: EditRecipe, logActions?: string | readonly string[]) => void;

export interface OpenProject {
  document: ProjectDocument;
  /** Completed or archived (or opened from the archive): editing and most dialogs hidden. */
  readOnly: boolean;
  update: ProjectUpdate;
  /** Loads the project again from the server (after the running saves). */
  reload(): void;
  /**
   * Completes, reopens or archives the project through its own route (never through PUT),
   * then shows the server's copy. Rejects with the German error for the caller to show.
   */
  changeStatus(action: ProjectStatusAction): Promise<void>;
}

/**
 * The open project for the board's panels and dialogs: the entity's state and operations over
 * the store (no context). Only under a page that has loaded a project (pages/ProjectScreen).
 */
export function useOpenProject(): OpenProject {
  const dispatch = useAppDispatch();
  const document = useAppSelector(selectDocument);
  const readOnly = useAppSelector(selectReadOnly);
  const update = useCallback<ProjectUpdate>(
    (recipe, logActions) => dispatch(applyEdit(recipe, logActions)),
    [dispatch],
  );
  const reload = useCallback(() => void dispatch(reloadProject()), [dispatch]);
  const changeStatus = useCallback((action: ProjectStatusAction) => dispatch(changeProjectStatus(action)), [dispatch]);
  if (!document) throw new Error('useOpenProject ohne geöffnetes Projekt');
  return { document, readOnly, update, reload, changeStatus };
}
