import type { ReactNode } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { de } from '@werkboard/common';
import { useMyInvitationsQuery } from '../../api/endpoints/invitations';
import { loadStateOf } from '../../api/loadState';
import { useOnlineStatus } from '../../utils/useOnlineStatus';
import { useSideReadsMayStart } from '../../api/sideReads';
import { InvitationsDialog } from './InvitationsDialog';

/** Spec section 4: the invitation count refreshes every 5 minutes (and on load and storage events), only while online. */
export const INVITATION_REFRESH_MS = 5 * 60 * 1000;

const b = de.teamScreen.bell;

/**
 * The navigation bar's bell: the number of pending invitations (GET /invitations), read on
 * load, every 5 minutes while online, when the network comes back, on storage events (another
 * tab signed in, out or changed something) while online, and again when the dialog opens. A
 * failed read keeps the count already shown. The accessible name
 * begins with 'Einladungen' and carries the count ('Einladungen: 2 ausstehend'). Clicking it
 * opens 'Projekteinladungen' to accept or decline. `children`: the bell icon. The first read
 * waits for the landing page's content on a start with a stored session (api/sideReads.ts).
 */
export function InvitationBell({ children }: { children: ReactNode }) {
  const online = useOnlineStatus();
  const mayRead = useSideReadsMayStart();
  const query = useMyInvitationsQuery(undefined, {
    skip: !mayRead,
    pollingInterval: online ? INVITATION_REFRESH_MS : 0,
  });
  const invitations = loadStateOf(query);
  const [open, setOpen] = useState(false);
  const { refetch } = query;

  const refresh = useCallback(() => {
    if (mayRead && navigator.onLine) void refetch();
  }, [refetch, mayRead]);

  // Back online, and another tab signed in, out or changed something: read again.
  useEffect(() => {
    window.addEventListener('online', refresh);
    window.addEventListener('storage', refresh);
    return () => {
      window.removeEventListener('online', refresh);
      window.removeEventListener('storage', refresh);
    };
  }, [refresh]);

  const count = invitations.status === 'loaded' ? invitations.data.length : 0;
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
      {open && <InvitationsDialog invitations={invitations} onStale={refresh} onClose={() => setOpen(false)} />}
    </>
  );
}
