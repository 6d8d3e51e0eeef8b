import { useState } from 'react';
import { de } from '@werkboard/common';
import { desktopBridgeOf } from '../../platform/bridge';
import { fetchServerInfo, ServerVersionNotice } from '../../platform/appVersion/ServerVersionNotice';
import { useAppSelector } from '../../store/hooks';
import { SyncStatusButton } from '../sync/SyncStatusButton';
import { HelpDialog } from './HelpDialog';

/** App footer: sync state, version, license type and 'Hilfe/Impressum'. */
export function Footer() {
  const licenseType = useAppSelector((state) => state.auth.user?.licenseType);
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <footer className="app-footer">
      <SyncStatusButton />
      <span className="app-footer__item">{de.footer.version(__APP_VERSION__)}</span>
      <ServerVersionNotice
        appVersion={__APP_VERSION__}
        fetchInfo={fetchServerInfo}
        isDesktop={desktopBridgeOf(window) !== null}
        reload={() => window.location.reload()}
      />
      {licenseType && (
        <span className="app-footer__item">
          {de.footer.license(licenseType === 'Lifetime' ? de.license.lifetime : de.license.free)}
        </span>
      )}
      <button type="button" className="link-button app-footer__help" onClick={() => setHelpOpen(true)}>
        {de.footer.help}
      </button>
      {helpOpen && <HelpDialog onClose={() => setHelpOpen(false)} />}
    </footer>
  );
}
