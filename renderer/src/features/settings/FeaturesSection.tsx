import type { UserSettings, UserSettingsPatch } from '@werkboard/common';
import { de } from '@werkboard/common';

const FEATURE_KEYS = [
  'deletableProjects',
  'manageTemplates',
  'manageCustomerTypes',
  'kwpExportEnabled',
  'showAppointmentsOnDashboard',
  'directMessagesEnabled',
] as const satisfies readonly (keyof UserSettings['features'])[];

/** The six feature switches of spec section 3. */
export function FeaturesSection({
  settings,
  onChange,
}: {
  settings: UserSettings;
  onChange: (patch: UserSettingsPatch) => void;
}) {
  return (
    <div className="settings-section toggle-list">
      {FEATURE_KEYS.map((key) => (
        <label key={key} className="checkbox">
          <input
            type="checkbox"
            checked={settings.features[key]}
            onChange={(event) => onChange({ features: { [key]: event.target.checked } })}
          />
          {de.settingsScreen.features[key]}
        </label>
      ))}
    </div>
  );
}
