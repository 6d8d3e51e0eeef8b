import { useProjectInvitationsQuery } from '../../api/endpoints/invitations';
import { useAfterFirstPaint } from '../../utils/useAfterFirstPaint';

/**
 * Whether the project has pending invitations (GET /projects/{id}/invitations, the owner's
 * read): with one, 'Team verwalten' shows even before anybody joined (spec section 2). Read
 * after the header's first paint for the owner (the board's first screen does not wait for
 * it) and again whenever an invitation is sent or withdrawn (the data layer invalidates it).
 * A failed read counts as none.
 */
export function useHasPendingInvitations(projectId: string, enabled: boolean): boolean {
  const painted = useAfterFirstPaint();
  const { data, isError } = useProjectInvitationsQuery(projectId, { skip: !enabled || !painted });
  return enabled && !isError && (data?.length ?? 0) > 0;
}
