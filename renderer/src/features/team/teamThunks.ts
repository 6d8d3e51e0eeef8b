import type {
  DeputyRequest,
  InvitationCreateRequest,
  InvitationDto,
  InvitationRespondRequest,
  MessageResponse,
  NewOwnerRequest,
  ProjectDocument,
  UserDirectoryEntryDto,
} from '@werkboard/common';
import { de } from '@werkboard/common';
import { ApiError, isNetworkError, serverMessageOr } from '../../api/errors';
import type { AppThunk } from '../../store';
import { sessionLost } from '../auth/authSlice';
import { projectReceived } from '../project/projectSlice';
import { notifyInvitationsChanged } from './teamEvents';

/**
 * Reads and writes of project teams and invitations (docs/api.md "Teams", "Invitations").
 * Reads answer the caller; writes go through the save path and reject with the German text
 * to show (TeamActionError). A team change answers the whole ProjectDocument, which becomes
 * the board's copy at once (as complete and reopen do), so the header's avatars and buttons
 * follow.
 */

const projectPath = (id: string) => `/projects/${encodeURIComponent(id)}`;
const invitationPath = (id: string) => `/invitations/${encodeURIComponent(id)}`;

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

/** GET /users/directory: everyone who could be invited (everyone signed in may read it). */
export function fetchUserDirectory(): AppThunk<Promise<UserDirectoryEntryDto[]>> {
  return (_dispatch, _getState, { api }) => api.get<UserDirectoryEntryDto[]>('/users/directory');
}

/** GET /invitations: the signed-in user's pending invitations, newest first. */
export function fetchMyInvitations(): AppThunk<Promise<InvitationDto[]>> {
  return (_dispatch, _getState, { api }) => api.get<InvitationDto[]>('/invitations');
}

/** GET /projects/{id}/invitations: the project's pending invitations (the owner only). */
export function fetchProjectInvitations(projectId: string): AppThunk<Promise<InvitationDto[]>> {
  return (_dispatch, _getState, { api }) => api.get<InvitationDto[]>(`${projectPath(projectId)}/invitations`);
}

/**
 * POST /invitations {project, toUserId}. A 409 here means "a pending invitation exists" (the
 * spec's message), not a lost session, so the client must not log out on it; a real 401
 * still ends the session.
 */
export function sendInvitation(projectId: string, toUserId: string): AppThunk<Promise<InvitationDto>> {
  return async (dispatch, _getState, { save }) => {
    const body: InvitationCreateRequest = { project: projectId, toUserId };
    try {
      const invitation = await save<InvitationDto>({
        method: 'POST',
        path: '/invitations',
        body,
        sessionHandling: false,
      });
      notifyInvitationsChanged(projectId);
      return invitation;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) dispatch(sessionLost());
      // 409: the spec's text; otherwise the server's own German reason.
      const reason = error instanceof ApiError && error.status === 409 ? '' : reasonOf(error);
      throw new TeamActionError(reason || de.team.invitations.failed, null, { cause: error });
    }
  };
}

/** DELETE /invitations/{id}: the owner withdraws a pending invitation. */
export function withdrawInvitation(projectId: string, invitationId: string): AppThunk<Promise<void>> {
  return async (_dispatch, _getState, { save }) => {
    try {
      await save<MessageResponse>({ method: 'DELETE', path: invitationPath(invitationId) });
    } catch (error) {
      throw actionError(error, de.team.invitations.withdrawFailed);
    } finally {
      // Also after a failure: the invitation may have been answered meanwhile.
      notifyInvitationsChanged(projectId);
    }
  };
}

/** POST /invitations/{id}/respond {status}: the invited user accepts or declines. */
export function respondToInvitation(
  invitationId: string,
  status: InvitationRespondRequest['status'],
): AppThunk<Promise<InvitationDto>> {
  return async (_dispatch, _getState, { save }) => {
    const body: InvitationRespondRequest = { status };
    try {
      return await save<InvitationDto>({ method: 'POST', path: `${invitationPath(invitationId)}/respond`, body });
    } catch (error) {
      throw actionError(error, de.teamScreen.bell.respondFailed);
    }
  };
}

export type TeamChange =
  | { kind: 'deputy'; body: DeputyRequest }
  | { kind: 'remove'; userId: string }
  | { kind: 'handOver'; body: NewOwnerRequest };

/**
 * A team change of the open project (PUT deputy, DELETE member, POST handover), after its
 * running saves. The answer is the whole document: it replaces the board's copy and becomes
 * the save queue's base, as complete and reopen do. Rejects with `fallback` and the server's
 * reason for the dialog to show.
 */
export function changeTeam(change: TeamChange, fallback: string): AppThunk<Promise<ProjectDocument>> {
  return async (dispatch, getState, { save, projectSavers }) => {
    const saver = projectSavers.current;
    const { projectId } = getState().project;
    if (!saver || !projectId) throw new TeamActionError(fallback);
    await saver.settled();
    const path = projectPath(projectId);
    let answer: ProjectDocument;
    try {
      if (change.kind === 'deputy') {
        answer = await save<ProjectDocument>({ method: 'PUT', path: `${path}/deputy`, body: change.body });
      } else if (change.kind === 'remove') {
        answer = await save<ProjectDocument>({
          method: 'DELETE',
          path: `${path}/members/${encodeURIComponent(change.userId)}`,
        });
      } else {
        answer = await save<ProjectDocument>({ method: 'POST', path: `${path}/handover`, body: change.body });
      }
    } catch (error) {
      throw actionError(error, fallback);
    }
    saver.reset(answer);
    if (projectSavers.current === saver && getState().project.projectId === projectId) {
      dispatch(projectReceived(answer));
    }
    return answer;
  };
}
