import { canManageCustomerTypes, canManageLicense, canManageSmtp, de } from '@werkboard/common';
import { Collapsible } from '../../components/Collapsible';
import { Dialog } from '../../components/Dialog';
import { desktopBridgeOf } from '../../platform/bridge';
import { ServerAddressSetting } from '../../platform/electron/ServerAddressForm';
import { useAppSelector } from '../../store/hooks';
import { Can } from '../auth/Can';
import { CustomerTypesAndTagsTabs } from '../customerTypes/CustomerTypesAndTagsTabs';
import { LicenseSection } from '../license/LicenseSection';
import { AppearanceSection } from './AppearanceSection';
import { DisplaySection } from './DisplaySection';
import { FeaturesSection } from './FeaturesSection';
import { selectUserSettings } from './settingsSelectors';
import { SmtpSection } from './SmtpSection';
import { useSettingsSaver } from './useSettingsSaver';

const sections = de.settingsScreen.sections;

/**
 * 'Einstellungen' (spec section 2): collapsible sections. The user's settings apply at once
 * and are stored on the server; SMTP and the license are Admin only. Import/export comes
 * with a later issue and says so.
 */
export function SettingsDialog({ onClose, saveDelayMs }: { onClose: () => void; saveDelayMs?: number }) {
  const settings = useAppSelector(selectUserSettings);
  const { change, error } = useSettingsSaver(saveDelayMs);
  // The desktop app's own setting; the browser has no bridge and shows nothing.
  const desktop = desktopBridgeOf(window);
  return (
    <Dialog title={de.settings.title} onClose={onClose} wide>
      {error && (
        <p role="alert" className="message message--error">
          {error}
        </p>
      )}
      <div className="settings">
        <Collapsible title={sections.appearance} defaultOpen>
          <AppearanceSection settings={settings} onChange={change} />
        </Collapsible>
        <Collapsible title={sections.features}>
          <FeaturesSection settings={settings} onChange={change} />
        </Collapsible>
        <Collapsible title={sections.display}>
          <DisplaySection settings={settings} onChange={change} />
        </Collapsible>
        {settings.features.manageCustomerTypes && (
          <Can when={canManageCustomerTypes}>
            <Collapsible title={de.organise.settings.sectionTitle}>
              <CustomerTypesAndTagsTabs />
            </Collapsible>
          </Can>
        )}
        <Can when={canManageSmtp}>
          <Collapsible title={sections.smtp}>
            <SmtpSection />
          </Collapsible>
        </Can>
        <Collapsible title={sections.importExport}>
          <p className="muted settings-section">{de.settingsScreen.importExportLater}</p>
        </Collapsible>
        {desktop && (
          <Collapsible title={de.desktop.serverAddressTitle}>
            <ServerAddressSetting bridge={desktop} onSaved={() => window.location.reload()} />
          </Collapsible>
        )}
        <Can when={canManageLicense}>
          <Collapsible title={sections.license}>
            <LicenseSection onActivated={onClose} />
          </Collapsible>
        </Can>
      </div>
    </Dialog>
  );
}
