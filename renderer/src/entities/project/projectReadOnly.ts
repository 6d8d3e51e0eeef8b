import type { Actor } from '@werkboard/common';
import { canEditTemplate, canWorkOnProject } from '@werkboard/common';
import type { AuthState } from '../session/authSlice';
import type { ProjectRoot } from './projectSlice';

// Apart from the slice: the slice is in the login's first script (the store), these rules and
// the policies they use are needed only by the board (issue 19).

/**
 * Completed or archived, opened from the archive, or not this user's to work on. A template:
 * archived (or opened from the archive), or not this user's to edit (canEditTemplate).
 */
export function isReadOnly(state: ProjectRoot, actor: Actor | null): boolean {
  const { document, fromArchive } = state.project;
  if (!document || !actor) return true;
  if (fromArchive) return true;
  if (document.isTemplate) return document.status === 'archived' || !canEditTemplate(actor, document);
  return !canWorkOnProject(actor, document);
}

/** Whether the open project is read-only for the signed-in user (isReadOnly). */
export const selectReadOnly = (state: ProjectRoot & { auth: Pick<AuthState, 'user'> }) =>
  isReadOnly(state, state.auth.user);
