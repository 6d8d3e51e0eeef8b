import type { InvitationDto, InvitationRespondRequest, ProjectDocument } from '@werkboard/common';
import { de } from '@werkboard/common';
import * as invitations from '../../api/endpoints/invitations';
import type { TeamChange } from '../../api/endpoints/projects';
import { ApiError, isNetworkError, serverMessageOr } from '../../api/errors';
import type { AppThunk } from '../../store/types';
import { changeTeam as changeOpenProjectTeam } from '../../entities/project/projectThunks';
import { sessionLost } from '../../entities/session/authSlice';

export type { TeamChange } from '../../api/endpoints/projects';

/**
 * Team and invitation writes as the dialogs show them (docs/api.md "Teams", "Invitations"):
 * each rejects with the German text to show (TeamActionError).
 */

/** The reason a write failed, as the server or the network gave it ('' if none). */
function reasonOf(error: unknown): string {
  if (isNetworkError(error)) return error.message;
  return serverMessageOr(error, '');
}

/**
 * A failed team or invitation write: `message` is the text of the spec (or the dialog's own),
 * `detail` the server's reason when it says more.
 */
export class TeamActionError extends Error {
  override readonly name: string = 'TeamActionError';

  constructor(
    message: string,
    readonly detail: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

function actionError(error: unknown, fallback: string): TeamActionError {
  const reason = reasonOf(error);
  return new TeamActionError(fallback, reason && reason !== fallback ? reason : null, { cause: error });
}

/** Invites `toUserId`; a 409 is the spec's "already invited" text, a real 401 still ends the session. */
export function sendInvitation(projectId: string, toUserId: string): AppThunk<Promise<InvitationDto>> {
  return async (dispatch) => {
    try {
      return await dispatch(invitations.sendInvitation(projectId, toUserId));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) dispatch(sessionLost());
      // 409: the spec's text; otherwise the server's own German reason.
      const reason = error instanceof ApiError && error.status === 409 ? '' : reasonOf(error);
      throw new TeamActionError(reason || de.team.invitations.failed, null, { cause: error });
    }
  };
}

/** The owner withdraws a pending invitation. */
export function withdrawInvitation(projectId: string, invitationId: string): AppThunk<Promise<void>> {
  return async (dispatch) => {
    try {
      await dispatch(invitations.withdrawInvitation(projectId, invitationId));
    } catch (error) {
      throw actionError(error, de.team.invitations.withdrawFailed);
    }
  };
}

/** The invited user accepts or declines. */
export function respondToInvitation(
  invitationId: string,
  status: InvitationRespondRequest['status'],
): AppThunk<Promise<InvitationDto>> {
  return async (dispatch) => {
    try {
      return await dispatch(invitations.respondToInvitation(invitationId, status));
    } catch (error) {
      throw actionError(error, de.teamScreen.bell.respondFailed);
    }
  };
}

/** A team change of the open project; rejects with `fallback` and the server's reason for the dialog. */
export function changeTeam(change: TeamChange, fallback: string): AppThunk<Promise<ProjectDocument>> {
  return async (dispatch) => {
    try {
      return await dispatch(changeOpenProjectTeam(change));
    } catch (error) {
      throw actionError(error, fallback);
    }
  };
}
