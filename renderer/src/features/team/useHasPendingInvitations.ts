import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { useInvitationsChanged } from './teamEvents';
import { fetchProjectInvitations } from './teamThunks';

/**
 * Whether the project has pending invitations (GET /projects/{id}/invitations, the owner's
 * read): with one, 'Team verwalten' shows even before anybody joined (spec section 2). Read
 * when the header opens for the owner and again whenever an invitation is sent or withdrawn
 * on this page. A failed read counts as none.
 */
export function useHasPendingInvitations(projectId: string, enabled: boolean): boolean {
  const dispatch = useAppDispatch();
  const [pending, setPending] = useState(false);
  // Only the newest read may answer.
  const reads = useRef(0);

  const read = useCallback(() => {
    const current = ++reads.current;
    if (!enabled) {
      setPending(false);
      return;
    }
    dispatch(fetchProjectInvitations(projectId)).then(
      (list) => current === reads.current && setPending(list.some((invitation) => invitation.status === 'pending')),
      () => current === reads.current && setPending(false),
    );
  }, [dispatch, projectId, enabled]);

  useEffect(() => {
    read();
    return () => {
      reads.current += 1;
    };
  }, [read]);

  useInvitationsChanged(projectId, read);
  return enabled && pending;
}
