import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { NavLink } from 'react-router-dom';
import { de } from '@werkboard/common';
import { useUnreadMessagesQuery } from '../../api/endpoints/messages';
import { useOnlineStatus } from '../../utils/useOnlineStatus';
import { useSideReadsMayStart } from '../../api/sideReads';
import { MESSAGE_REFRESH_MS } from './messageRefresh';

/**
 * The navigation's messages link with the unread count (GET /messages/unread-count), read on
 * load, every 30 s while online (the fallback of the live updates), when the network comes
 * back and on storage events. The accessible name carries the count. The first read waits
 * for the landing page's content on a start with a stored session (api/sideReads.ts).
 */
export function UnreadMessagesLink({
  className,
  children,
}: {
  className: (state: { isActive: boolean }) => string;
  children: ReactNode;
}) {
  const online = useOnlineStatus();
  const mayRead = useSideReadsMayStart();
  const query = useUnreadMessagesQuery(undefined, {
    skip: !mayRead,
    pollingInterval: online ? MESSAGE_REFRESH_MS : 0,
  });
  const { refetch } = query;
  useEffect(() => {
    if (!mayRead) return undefined;
    const refresh = () => {
      if (navigator.onLine) void refetch();
    };
    window.addEventListener('storage', refresh);
    return () => window.removeEventListener('storage', refresh);
  }, [refetch, mayRead]);
  const count = query.data ?? 0;
  const label = count > 0 ? `${de.nav.messages}: ${count} ungelesen` : de.nav.messages;
  return (
    <NavLink to="/messages" className={(state) => `${className(state)} nav-bell`} aria-label={label} title={label}>
      {children}
      <span className="nav__icon-text">{de.nav.messages}</span>
      {count > 0 && (
        <span className="nav-bell__count" aria-hidden="true" data-testid="unread-messages">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}
