import type {
  InvitationCreateRequest,
  InvitationDto,
  InvitationRespondRequest,
  MessageResponse,
} from '@werkboard/common';
import type { AppThunk } from '../../store/types';
import { apiSlice } from '../apiSlice';
import { patchWhenLanded } from '../cachePatch';
import { projectPath } from './projects';

const INVITATIONS = '/invitations';
const invitationPath = (id: string) => `${INVITATIONS}/${encodeURIComponent(id)}`;

const pendingOnly = (invitations: InvitationDto[]) =>
  invitations.filter((invitation) => invitation.status === 'pending');

export const invitationsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /invitations: the signed-in user's pending invitations, newest first. */
    myInvitations: build.query<InvitationDto[], void>({
      query: () => INVITATIONS,
      transformResponse: pendingOnly,
      providesTags: ['MyInvitations'],
    }),
    /** GET /projects/{id}/invitations: the project's pending invitations (the owner only). */
    projectInvitations: build.query<InvitationDto[], string>({
      query: (projectId) => `${projectPath(projectId)}/invitations`,
      transformResponse: pendingOnly,
      providesTags: (_result, _error, projectId) => [{ type: 'ProjectInvitations', id: projectId }],
    }),
  }),
});

export const { useMyInvitationsQuery, useProjectInvitationsQuery } = invitationsApi;

const projectInvitationsChanged = (projectId: string) =>
  invitationsApi.util.invalidateTags([{ type: 'ProjectInvitations', id: projectId }]);

/**
 * POST /invitations {project, toUserId}. A 409 here means "a pending invitation exists" (the
 * spec's message), not a lost session, so the client must not log out on it (the caller ends
 * the session on a real 401). The project's invitations are read again.
 */
export function sendInvitation(projectId: string, toUserId: string): AppThunk<Promise<InvitationDto>> {
  return async (dispatch, _getState, { save }) => {
    const body: InvitationCreateRequest = { project: projectId, toUserId };
    const invitation = await save<InvitationDto>({ method: 'POST', path: INVITATIONS, body, sessionHandling: false });
    dispatch(projectInvitationsChanged(projectId));
    return invitation;
  };
}

/** DELETE /invitations/{id}: the owner withdraws; the project's invitations are read again (also after a failure: it may have been answered meanwhile). */
export function withdrawInvitation(projectId: string, invitationId: string): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { save }) => {
    try {
      await save<MessageResponse>({ method: 'DELETE', path: invitationPath(invitationId) });
      await dispatch(
        patchWhenLanded(
          invitationsApi.util.getRunningQueryThunk('projectInvitations', projectId),
          invitationsApi.util.updateQueryData('projectInvitations', projectId, (invitations) =>
            invitations.filter((invitation) => invitation.id !== invitationId),
          ),
        ),
      );
    } finally {
      dispatch(projectInvitationsChanged(projectId));
    }
  };
}

/**
 * POST /invitations/{id}/respond {status}: the invited user accepts or declines. It leaves the
 * user's list at once; an accepted one adds a project, so the project lists are read again.
 */
export function respondToInvitation(
  invitationId: string,
  status: InvitationRespondRequest['status'],
): AppThunk<Promise<InvitationDto>> {
  return async (dispatch, _getState, { save }) => {
    const body: InvitationRespondRequest = { status };
    const answer = await save<InvitationDto>({ method: 'POST', path: `${invitationPath(invitationId)}/respond`, body });
    await dispatch(
      patchWhenLanded(
        invitationsApi.util.getRunningQueryThunk('myInvitations', undefined),
        invitationsApi.util.updateQueryData('myInvitations', undefined, (invitations) =>
          invitations.filter((invitation) => invitation.id !== invitationId),
        ),
      ),
    );
    if (status === 'accepted') dispatch(invitationsApi.util.invalidateTags(['Projects', 'Appointments']));
    return answer;
  };
}
