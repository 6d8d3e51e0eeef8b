import { useSyncState } from './useSyncState';

/**
 * The sync state in the sticky top bar, so that it is seen on every screen and on the phone
 * without scrolling to the footer (issue 19). Only a status: the footer's button syncs by hand.
 */
export function SyncBadge() {
  const { state, label, hint } = useSyncState();
  return (
    <span
      className={`sync-badge sync-button--${state === 'done' ? 'ok' : state}`}
      role="status"
      title={hint}
      data-testid="sync-badge"
    >
      <span className="sync-button__dot" aria-hidden="true" />
      <span className="sync-badge__text">{label}</span>
    </span>
  );
}
