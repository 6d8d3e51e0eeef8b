import { useCallback, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { UserDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { lazyDialog } from '../components/lazyDialog';
import { InvitationBell } from '../features/team/InvitationBell';
import { SyncBadge } from '../features/sync/SyncBadge';
import { UnreadMessagesLink } from '../features/messages/UnreadMessagesLink';
import { LogoutButton } from '../features/navigation/LogoutButton';
import { visiblePermissionLinks } from '../features/navigation/navLinks';
import { UserAvatar } from '../entities/user/UserAvatar';

// Opened on click: its sections (forms, schemas, the desktop's server form) are a chunk of their
// own, not part of every signed-in page's frame (issue 19); the service worker precaches it.
const SettingsDialog = lazyDialog(de.settings.title, () => import('./SettingsDialog').then((m) => m.SettingsDialog));

type OpenDialog = 'none' | 'settings';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav__link nav__link--active' : 'nav__link');

/**
 * The top bar. Links carry stable German accessible names from de.nav; the bell shows the
 * pending invitations (features/team), the messages link the unread count (features/messages). Under 768 px the items fold into a menu behind the 'Menü' button.
 */
export function NavBar({ user }: { user: UserDto }) {
  const location = useLocation();
  // The path the mobile menu was opened on: a followed link (another path) closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const [dialog, setDialog] = useState<OpenDialog>('none');
  const menuId = useId();

  // Stable, so the license section's close timer is not restarted by every render.
  const closeDialog = useCallback(() => setDialog('none'), []);

  return (
    <header className="topbar">
      <nav className="nav" aria-label={de.nav.primary}>
        <span className="nav__brand">
          <span className="nav__logo" aria-hidden="true">
            W
          </span>
          <span className="nav__brand-text">{de.app.name}</span>
        </span>
        <SyncBadge />
        <button
          type="button"
          className="nav__menu-button icon-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}
        >
          <span className="hamburger" aria-hidden="true" />
          <span className="visually-hidden">{de.nav.menu}</span>
        </button>
        <div id={menuId} className={menuOpen ? 'nav__items nav__items--open' : 'nav__items'}>
          <ul className="nav__links">
            <li>
              <NavLink to="/" end className={linkClass}>
                {de.nav.dashboard}
              </NavLink>
            </li>
            {visiblePermissionLinks(user).map((link) => (
              <li key={link.id}>
                <NavLink to={link.path} className={linkClass}>
                  {de.nav[link.id]}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/search" className={linkClass}>
                {de.nav.search}
              </NavLink>
            </li>
          </ul>
          <ul className="nav__actions">
            <li>
              <InvitationBell>
                <BellIcon />
              </InvitationBell>
            </li>
            <li>
              <UnreadMessagesLink className={linkClass}>
                <MessageIcon />
              </UnreadMessagesLink>
            </li>
            <li>
              <button
                type="button"
                className="nav__icon-link"
                aria-label={de.nav.settings}
                title={de.nav.settings}
                onClick={() => setDialog('settings')}
              >
                <GearIcon />
                <span className="nav__icon-text">{de.nav.settings}</span>
              </button>
            </li>
            <li>
              <NavLink to="/profile" className={linkClass} aria-label={de.nav.profile} title={de.nav.profile}>
                <UserAvatar username={user.username} color={user.usernameColor} />
                <span className="nav__username" style={{ color: user.usernameColor }}>
                  {user.username}
                </span>
              </NavLink>
            </li>
            <li>
              <LogoutButton />
            </li>
          </ul>
        </div>
      </nav>
      {dialog === 'settings' && <SettingsDialog onClose={closeDialog} />}
    </header>
  );
}

function BellIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

function MessageIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </svg>
  );
}

function GearIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-1.82-.33 1.65 1.65 0 0 0-1 1.51V21a2 2 0 0 1-4 0v-.09A1.65 1.65 0 0 0 9 19.4a1.65 1.65 0 0 0-1.82.33l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06A1.65 1.65 0 0 0 4.68 15a1.65 1.65 0 0 0-1.51-1H3a2 2 0 0 1 0-4h.09A1.65 1.65 0 0 0 4.6 9a1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06A1.65 1.65 0 0 0 9 4.68a1.65 1.65 0 0 0 1-1.51V3a2 2 0 0 1 4 0v.09a1.65 1.65 0 0 0 1 1.51 1.65 1.65 0 0 0 1.82-.33l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06A1.65 1.65 0 0 0 19.4 9a1.65 1.65 0 0 0 1.51 1H21a2 2 0 0 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1z" />
    </svg>
  );
}
