import { useSyncState } from './useSyncState';

/**
 * The sync state in the sticky top bar, so that it is seen on every screen and on the phone
 * without scrolling to the footer (issue 19). Only a visual: the footer's button syncs by hand
 * and is what screen readers get (a second live region would announce every state twice and
 * compete with the pages' own status messages).
 */
export function SyncBadge() {
  const { state, label, hint } = useSyncState();
  return (
    <span
      className={`sync-badge sync-button--${state === 'done' ? 'ok' : state}`}
      title={hint}
      data-testid="sync-badge"
    >
      <span className="sync-button__dot" aria-hidden="true" />
      <span className="sync-badge__text">{label}</span>
    </span>
  );
}
