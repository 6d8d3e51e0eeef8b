import { useCallback, useState } from 'react';
import { de } from '@werkboard/common';
import { desktopBridgeOf } from '../platform/bridge';
import { diagnosticsApi } from '../api/endpoints/diagnostics';
import { FRESH, readOnce } from '../api/readOnce';
import { ServerVersionNotice } from '../platform/appVersion/ServerVersionNotice';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { SyncStatusButton } from '../features/sync/SyncStatusButton';
import { lazyDialog } from '../components/lazyDialog';
import { useSideReadsMayStart } from '../api/sideReads';

// Opened on click, so chunks of their own rather than part of every signed-in page's frame (issue 19).
const HelpDialog = lazyDialog(de.help.title, () => import('../features/help/HelpDialog').then((m) => m.HelpDialog));
const DiagnosticsDialog = lazyDialog(de.diagnostics.title, () =>
  import('../features/diagnostics/DiagnosticsDialog').then((m) => m.DiagnosticsDialog),
);

/** App footer: sync state, version, license type, 'Verbindungsdiagnose' for Admins and 'Hilfe/Impressum'. */
export function Footer() {
  const licenseType = useAppSelector((state) => state.auth.user?.licenseType);
  const isAdmin = useAppSelector((state) => state.auth.user?.role === 'Admin');
  const [helpOpen, setHelpOpen] = useState(false);
  const [diagnosticsOpen, setDiagnosticsOpen] = useState(false);
  const dispatch = useAppDispatch();
  // The version check is a side read: on a stored session's start, after the landing page's content.
  const sideReads = useSideReadsMayStart();
  const fetchServerInfo = useCallback(
    () => readOnce(dispatch(diagnosticsApi.endpoints.serverInfo.initiate(undefined, FRESH))),
    [dispatch],
  );
  return (
    <footer className="app-footer">
      <SyncStatusButton />
      <span className="app-footer__item">{de.footer.version(__APP_VERSION__)}</span>
      {sideReads && (
        <ServerVersionNotice
          appVersion={__APP_VERSION__}
          fetchInfo={fetchServerInfo}
          isDesktop={desktopBridgeOf(window) !== null}
          reload={() => window.location.reload()}
        />
      )}
      {licenseType && (
        <span className="app-footer__item">
          {de.footer.license(licenseType === 'Lifetime' ? de.license.lifetime : de.license.free)}
        </span>
      )}
      {isAdmin && (
        <button type="button" className="link-button" onClick={() => setDiagnosticsOpen(true)}>
          {de.login.diagnostics}
        </button>
      )}
      <button type="button" className="link-button app-footer__help" onClick={() => setHelpOpen(true)}>
        {de.footer.help}
      </button>
      {diagnosticsOpen && <DiagnosticsDialog onClose={() => setDiagnosticsOpen(false)} />}
      {helpOpen && <HelpDialog onClose={() => setHelpOpen(false)} />}
    </footer>
  );
}
