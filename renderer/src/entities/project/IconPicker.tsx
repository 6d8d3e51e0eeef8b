import { useId } from 'react';
import type { ProjectIcon } from '@werkboard/common';
import { de, PROJECT_ICONS } from '@werkboard/common';
import { IconGlyph, iconName } from './icons';

/** The icon set of spec section 3 as a radio group (each icon named in German). */
export function IconPicker({
  value,
  onChange,
  disabled = false,
}: {
  value: ProjectIcon;
  onChange: (icon: ProjectIcon) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="fieldset icon-picker" disabled={disabled}>
      <legend>{de.projectPanels.edit.icon}</legend>
      <div className="icon-picker__grid" role="radiogroup" aria-label={de.projectPanels.edit.icon}>
        {PROJECT_ICONS.map((icon) => (
          <label key={icon} className="icon-picker__option" title={iconName(icon)}>
            <input type="radio" name={name} value={icon} checked={value === icon} onChange={() => onChange(icon)} />
            <span className="icon-picker__glyph" aria-hidden="true">
              <IconGlyph icon={icon} />
            </span>
            <span className="visually-hidden">{iconName(icon)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
