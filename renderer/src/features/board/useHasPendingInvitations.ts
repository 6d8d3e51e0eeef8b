import { useProjectInvitationsQuery } from '../../api/endpoints/invitations';

/**
 * Whether the project has pending invitations (GET /projects/{id}/invitations, the owner's
 * read): with one, 'Team verwalten' shows even before anybody joined (spec section 2). Read
 * when the header opens for the owner and again whenever an invitation is sent or withdrawn
 * (the data layer invalidates it). A failed read counts as none.
 */
export function useHasPendingInvitations(projectId: string, enabled: boolean): boolean {
  const { data, isError } = useProjectInvitationsQuery(projectId, { skip: !enabled });
  return enabled && !isError && (data?.length ?? 0) > 0;
}
