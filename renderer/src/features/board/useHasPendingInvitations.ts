import { useProjectInvitationsQuery } from '../../api/endpoints/invitations';
import { useAfterElementShown } from '../../utils/useAfterElementShown';
import { BOARD_HEADER_SHOWN } from './boardUi';

/**
 * Whether the project has pending invitations (GET /projects/{id}/invitations, the owner's
 * read): with one, 'Team verwalten' shows even before anybody joined (spec section 2). Read
 * once the header's project name is on the screen, for the owner (the board's first screen does not wait for
 * it) and again whenever an invitation is sent or withdrawn (the data layer invalidates it).
 * A failed read counts as none.
 */
export function useHasPendingInvitations(projectId: string, enabled: boolean): boolean {
  const headerShown = useAfterElementShown(BOARD_HEADER_SHOWN);
  const { data, isError } = useProjectInvitationsQuery(projectId, { skip: !enabled || !headerShown });
  return enabled && !isError && (data?.length ?? 0) > 0;
}
