import type { UserSettings, UserSettingsPatch } from '@werkboard/common';
import { BACKGROUND_THEMES, de, DEFAULT_USER_SETTINGS } from '@werkboard/common';
import { FormField } from '../../components/FormField';
import { toColorInputValue } from '../../utils/format';
import { backgroundPattern } from './backgroundPatterns';

const s = de.settingsScreen;
const COLOR_KEYS = ['appBg', 'columnBg', 'columnHeaderColor', 'projectHeaderColor'] as const;

interface SectionProps {
  settings: UserSettings;
  onChange: (patch: UserSettingsPatch) => void;
}

/** Theme colours and the background pattern, applied to the app as they change. */
export function AppearanceSection({ settings, onChange }: SectionProps) {
  const { colors, appearance } = settings;
  return (
    <div className="settings-section">
      <fieldset className="fieldset">
        <legend>{s.colorsTitle}</legend>
        <div className="color-grid">
          {COLOR_KEYS.map((key) => (
            <FormField key={key} label={s.colors[key]}>
              <input
                type="color"
                className="color-input"
                value={toColorInputValue(colors[key])}
                onChange={(event) => onChange({ colors: { [key]: event.target.value } })}
              />
            </FormField>
          ))}
        </div>
      </fieldset>

      <fieldset className="fieldset">
        <legend>{s.theme}</legend>
        <div className="theme-grid">
          {BACKGROUND_THEMES.map((theme) => (
            <label key={theme} className="theme-option">
              <input
                type="radio"
                name="background-theme"
                value={theme}
                checked={appearance.theme === theme}
                onChange={() => onChange({ appearance: { theme } })}
              />
              <span
                className="theme-option__swatch"
                aria-hidden="true"
                style={{
                  backgroundColor: colors.appBg,
                  backgroundImage: backgroundPattern(theme, appearance.patternColor),
                }}
              />
              <span className="theme-option__label">{s.themes[theme]}</span>
            </label>
          ))}
        </div>
        <FormField label={s.patternColor}>
          <input
            type="color"
            className="color-input"
            value={toColorInputValue(appearance.patternColor)}
            onChange={(event) => onChange({ appearance: { patternColor: event.target.value } })}
          />
        </FormField>
      </fieldset>

      <div className="theme-preview" aria-label={s.preview} role="img">
        <div className="theme-preview__project" style={{ backgroundColor: colors.projectHeaderColor }}>
          {s.previewProject}
        </div>
        <div className="theme-preview__column" style={{ backgroundColor: colors.columnBg }}>
          <div className="theme-preview__column-header" style={{ backgroundColor: colors.columnHeaderColor }}>
            {s.previewColumn}
          </div>
          <div className="theme-preview__card" />
          <div className="theme-preview__card" />
        </div>
      </div>

      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => onChange({ colors: DEFAULT_USER_SETTINGS.colors, appearance: DEFAULT_USER_SETTINGS.appearance })}
      >
        {s.resetAppearance}
      </button>
    </div>
  );
}
