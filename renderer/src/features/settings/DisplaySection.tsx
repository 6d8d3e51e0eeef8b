import type { UserSettings, UserSettingsPatch } from '@werkboard/common';
import {
  APPOINTMENT_DETAIL_LEVELS,
  de,
  SECTION_VISIBILITIES,
  SHOW_EXPIRED_CHOICES,
  TEMPLATE_VIEW_MODES,
  VIEW_MODES,
} from '@werkboard/common';
import { FormField } from '../../components/FormField';

const d = de.settingsScreen.display;
type OptionKey = keyof typeof de.settingsScreen.options;

function Select<V extends OptionKey>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly V[];
  onChange: (value: V) => void;
}) {
  return (
    <FormField label={label}>
      <select value={value} onChange={(event) => onChange(event.target.value as V)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {de.settingsScreen.options[option]}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** The display settings of spec section 3, grouped by the screen they belong to. */
export function DisplaySection({
  settings,
  onChange,
}: {
  settings: UserSettings;
  onChange: (patch: UserSettingsPatch) => void;
}) {
  const { templates, dashboardAppointments, projectAppointments, dashboardProjects, adminView } = settings.display;
  return (
    <div className="settings-section">
      <fieldset className="fieldset">
        <legend>{d.dashboardAppointments}</legend>
        <div className="form__grid form__grid--aligned">
          <Select
            label={d.visibility}
            value={dashboardAppointments.visibility}
            options={SECTION_VISIBILITIES}
            onChange={(visibility) => onChange({ display: { dashboardAppointments: { visibility } } })}
          />
          <Select
            label={d.detailLevel}
            value={dashboardAppointments.detailLevel}
            options={APPOINTMENT_DETAIL_LEVELS}
            onChange={(detailLevel) => onChange({ display: { dashboardAppointments: { detailLevel } } })}
          />
          <Select
            label={d.showExpired}
            value={dashboardAppointments.showExpired}
            options={SHOW_EXPIRED_CHOICES}
            onChange={(showExpired) => onChange({ display: { dashboardAppointments: { showExpired } } })}
          />
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={dashboardAppointments.showTags}
            onChange={(event) => onChange({ display: { dashboardAppointments: { showTags: event.target.checked } } })}
          />
          {d.showTags}
        </label>
      </fieldset>

      <fieldset className="fieldset">
        <legend>{d.projectAppointments}</legend>
        <div className="form__grid form__grid--aligned">
          <Select
            label={d.visibility}
            value={projectAppointments.visibility}
            options={SECTION_VISIBILITIES}
            onChange={(visibility) => onChange({ display: { projectAppointments: { visibility } } })}
          />
          <Select
            label={d.detailLevel}
            value={projectAppointments.detailLevel}
            options={APPOINTMENT_DETAIL_LEVELS}
            onChange={(detailLevel) => onChange({ display: { projectAppointments: { detailLevel } } })}
          />
          <Select
            label={d.showExpired}
            value={projectAppointments.showExpired}
            options={SHOW_EXPIRED_CHOICES}
            onChange={(showExpired) => onChange({ display: { projectAppointments: { showExpired } } })}
          />
        </div>
      </fieldset>

      <fieldset className="fieldset">
        <legend>{d.dashboardProjects}</legend>
        <div className="form__grid form__grid--aligned">
          <Select
            label={d.activeProjectsVisibility}
            value={dashboardProjects.activeProjectsVisibility}
            options={SECTION_VISIBILITIES}
            onChange={(value) => onChange({ display: { dashboardProjects: { activeProjectsVisibility: value } } })}
          />
          <Select
            label={d.completedProjectsVisibility}
            value={dashboardProjects.completedProjectsVisibility}
            options={SECTION_VISIBILITIES}
            onChange={(value) => onChange({ display: { dashboardProjects: { completedProjectsVisibility: value } } })}
          />
          <Select
            label={d.activeProjectsViewMode}
            value={dashboardProjects.activeProjectsViewMode}
            options={VIEW_MODES}
            onChange={(value) => onChange({ display: { dashboardProjects: { activeProjectsViewMode: value } } })}
          />
        </div>
      </fieldset>

      <fieldset className="fieldset">
        <legend>{d.templates}</legend>
        <div className="form__grid form__grid--aligned">
          <Select
            label={d.templatesViewMode}
            value={templates.viewMode}
            options={TEMPLATE_VIEW_MODES}
            onChange={(viewMode) => onChange({ display: { templates: { viewMode } } })}
          />
        </div>
      </fieldset>

      <fieldset className="fieldset">
        <legend>{d.adminView}</legend>
        <div className="form__grid form__grid--aligned">
          <Select
            label={d.projectsViewMode}
            value={adminView.projectsViewMode}
            options={VIEW_MODES}
            onChange={(projectsViewMode) => onChange({ display: { adminView: { projectsViewMode } } })}
          />
        </div>
      </fieldset>
    </div>
  );
}
