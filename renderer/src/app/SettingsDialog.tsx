import {
  canManageCustomerTypes,
  canManageLicense,
  canManageSecuritySettings,
  canManageSmtp,
  de,
} from '@werkboard/common';
import { Collapsible } from '../components/Collapsible';
import { Dialog } from '../components/Dialog';
import { desktopBridgeOf } from '../platform/bridge';
import { ServerAddressSetting } from '../platform/electron/ServerAddressForm';
import { useAppSelector } from '../store/hooks';
import { Can } from '../entities/session/Can';
import { CustomerTypesAndTagsTabs } from '../features/customerTypes/CustomerTypesAndTagsTabs';
import { LicenseSection } from '../features/license/LicenseSection';
import { AppearanceSection } from '../features/settings/AppearanceSection';
import { DisplaySection } from '../features/settings/DisplaySection';
import { FeaturesSection } from '../features/settings/FeaturesSection';
import { selectUserSettings } from '../entities/settings/settingsSelectors';
import { SecuritySection } from '../features/settings/SecuritySection';
import { SmtpSection } from '../features/settings/SmtpSection';
import { TransferSection } from '../features/transfer/TransferSection';
import { useSettingsSaver } from '../entities/settings/useSettingsSaver';

const sections = de.settingsScreen.sections;

/**
 * 'Einstellungen' (spec section 2): collapsible sections. The user's settings apply at once
 * and are stored on the server; SMTP and the license are Admin only. Import/export shows
 * to each role what the server lets it do.
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
        <Can when={canManageSecuritySettings}>
          <Collapsible title={de.security.sectionTitle}>
            <SecuritySection />
          </Collapsible>
        </Can>
        <Collapsible title={sections.importExport}>
          <TransferSection />
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
