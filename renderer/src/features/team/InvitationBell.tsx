import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { InvitationDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { useAppDispatch } from '../../store/hooks';
import { useOnlineStatus } from '../sync/useOnlineStatus';
import type { MyInvitations } from './InvitationsDialog';
import { InvitationsDialog } from './InvitationsDialog';
import { fetchMyInvitations } from './teamThunks';

/** Spec section 4: the invitation count refreshes every 5 minutes (and on load and storage events), only while online. */
export const INVITATION_REFRESH_MS = 5 * 60 * 1000;

const b = de.teamScreen.bell;

/**
 * The navigation bar's bell: the number of pending invitations (GET /invitations), read on
 * load, every 5 minutes and on storage events (another tab signed in, out or changed
 * something), each only while online, and again when the dialog opens. The accessible name
 * begins with 'Einladungen' and carries the count ('Einladungen: 2 ausstehend'). Clicking it
 * opens 'Projekteinladungen' to accept or decline. `children`: the bell icon.
 */
export function InvitationBell({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const online = useOnlineStatus();
  const [invitations, setInvitations] = useState<MyInvitations>({ status: 'loading' });
  const [open, setOpen] = useState(false);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  // Only the newest read may answer.
  const reads = useRef(0);

  const refresh = useCallback(() => {
    if (!navigator.onLine) return;
    const read = ++reads.current;
    dispatch(fetchMyInvitations()).then(
      (list) =>
        read === reads.current &&
        setInvitations({ status: 'loaded', list: list.filter((invitation) => invitation.status === 'pending') }),
      // A failed refresh keeps the list already shown; without one, only the open dialog says so.
      () =>
        read === reads.current &&
        openRef.current &&
        setInvitations((before) => (before.status === 'loaded' ? before : { status: 'failed' })),
    );
  }, [dispatch]);

  useEffect(() => {
    if (!online) return;
    refresh();
    const timer = window.setInterval(refresh, INVITATION_REFRESH_MS);
    window.addEventListener('storage', refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('storage', refresh);
    };
  }, [online, refresh]);

  // Nothing answered after the component is gone.
  useEffect(
    () => () => {
      reads.current += 1;
    },
    [],
  );

  const answered = useCallback((invitation: InvitationDto) => {
    setInvitations((before) =>
      before.status === 'loaded'
        ? { status: 'loaded', list: before.list.filter((other) => other.id !== invitation.id) }
        : before,
    );
  }, []);

  const count = invitations.status === 'loaded' ? invitations.list.length : 0;
  const label = count > 0 ? b.label(count) : de.nav.invitations;

  return (
    <>
      <button
        type="button"
        className="nav__icon-link nav-bell"
        aria-label={label}
        title={label}
        onClick={() => {
          setOpen(true);
          refresh();
        }}
      >
        {children}
        <span className="nav__icon-text">{de.nav.invitations}</span>
        {count > 0 && (
          <span className="nav-bell__count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <InvitationsDialog
          invitations={invitations}
          onAnswered={answered}
          onStale={refresh}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
