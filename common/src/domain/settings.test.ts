import { userSettingsPatchSchema } from '../schemas/settings';
import {
  APPOINTMENT_DETAIL_LEVELS,
  BACKGROUND_THEMES,
  DEFAULT_USER_SETTINGS,
  mergeDeep,
  mergeUserSettings,
  resolveUserSettings,
  SECTION_VISIBILITIES,
  SHOW_EXPIRED_CHOICES,
  TEMPLATE_VIEW_MODES,
  VIEW_MODES,
} from './settings';

describe('user settings', () => {
  it('merges a partial update deeply, keeping everything else', () => {
    const merged = mergeUserSettings(DEFAULT_USER_SETTINGS, {
      display: { dashboardAppointments: { showTags: false } },
      colors: { appBg: '#112233' },
    });
    expect(merged.display.dashboardAppointments).toEqual({
      ...DEFAULT_USER_SETTINGS.display.dashboardAppointments,
      showTags: false,
    });
    expect(merged.colors).toEqual({ ...DEFAULT_USER_SETTINGS.colors, appBg: '#112233' });
    expect(merged.display.adminView).toEqual(DEFAULT_USER_SETTINGS.display.adminView);
    // The defaults themselves are not changed.
    expect(DEFAULT_USER_SETTINGS.colors.appBg).toBe('#000000');
  });

  it('fills stored settings up with defaults and drops stored values that are no longer valid', () => {
    expect(resolveUserSettings({})).toEqual(DEFAULT_USER_SETTINGS);
    expect(resolveUserSettings(null)).toEqual(DEFAULT_USER_SETTINGS);
    const resolved = resolveUserSettings({ appearance: { theme: 'waves' }, colors: { appBg: 'not a colour' }, old: 1 });
    expect(resolved.appearance.theme).toBe('waves');
    expect(resolved.colors).toEqual(DEFAULT_USER_SETTINGS.colors);
    expect(resolved).not.toHaveProperty('old');
  });

  it('takes complete, valid settings as they come', () => {
    const answered = mergeUserSettings(DEFAULT_USER_SETTINGS, {
      colors: { appBg: '#102030', columnBg: '#abc' },
      appearance: { theme: 'circuits', patternColor: '#FF000080' },
      features: { kwpExportEnabled: true, deletableProjects: false },
      display: { templates: { viewMode: 'table-detailed' }, adminView: { projectsViewMode: 'list' } },
    });
    expect(resolveUserSettings(answered)).toEqual(answered);
    expect(resolveUserSettings(JSON.parse(JSON.stringify(answered)))).toEqual(answered);
  });

  it('gives each value of an old or foreign shape its default and keeps the valid ones beside it', () => {
    const stored = {
      // An old colour format, a colour key that no longer exists, a valid colour beside them.
      colors: { appBg: 'dunkelblau', oldAccent: '#FF0000', columnBg: ' #123456 ' },
      // A theme that no longer exists.
      appearance: { theme: 'aurora', patternColor: 42 },
      // A section of the wrong kind.
      display: 'kompakt',
      features: { showAppointmentsOnDashboard: 'ja', kwpExportEnabled: true },
    };
    const resolved = resolveUserSettings(stored);
    expect(resolved.colors).toEqual({ ...DEFAULT_USER_SETTINGS.colors, columnBg: '#123456' });
    expect(resolved.appearance).toEqual(DEFAULT_USER_SETTINGS.appearance);
    expect(resolved.display).toEqual(DEFAULT_USER_SETTINGS.display);
    expect(resolved.features).toEqual({ ...DEFAULT_USER_SETTINGS.features, kwpExportEnabled: true });
  });

  it('keeps exactly the values the request schema takes (one list of choices for both)', () => {
    const choices: [string, string, readonly string[]][] = [
      ['appearance', 'theme', BACKGROUND_THEMES],
      ['templates', 'viewMode', TEMPLATE_VIEW_MODES],
      ['dashboardAppointments', 'visibility', SECTION_VISIBILITIES],
      ['dashboardAppointments', 'detailLevel', APPOINTMENT_DETAIL_LEVELS],
      ['projectAppointments', 'showExpired', SHOW_EXPIRED_CHOICES],
      ['dashboardProjects', 'completedProjectsVisibility', SECTION_VISIBILITIES],
      ['dashboardProjects', 'activeProjectsViewMode', VIEW_MODES],
      ['adminView', 'projectsViewMode', VIEW_MODES],
    ];
    for (const [section, field, values] of choices) {
      for (const value of [...values, 'unbekannt']) {
        const part =
          section === 'appearance'
            ? { appearance: { [field]: value } }
            : { display: { [section]: { [field]: value } } };
        const resolved = resolveUserSettings(part) as unknown as Record<string, Record<string, unknown>>;
        const kept =
          section === 'appearance'
            ? resolved.appearance?.[field] === value
            : (resolved.display?.[section] as Record<string, unknown>)[field] === value;
        expect([section, field, value, kept]).toEqual([
          section,
          field,
          value,
          userSettingsPatchSchema.safeParse(part).success,
        ]);
      }
    }
    for (const color of ['#abc', '#A1B2C3', '#a1b2c3d4', 'black', '#12345', 'rgb(0,0,0)', '']) {
      const kept = resolveUserSettings({ colors: { appBg: color } }).colors.appBg === color;
      expect([color, kept]).toEqual([color, userSettingsPatchSchema.safeParse({ colors: { appBg: color } }).success]);
    }
  });

  it('merges no __proto__, constructor or prototype key, at any depth (ASVS 15.3.6)', () => {
    const patch = JSON.parse(
      '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}, "colors": {"__proto__": {"polluted": 1}, "appBg": "#123456"}}',
    ) as Record<string, unknown>;
    const merged = mergeDeep({ colors: { appBg: '#000000' } }, patch);
    expect(merged).toEqual({ colors: { appBg: '#123456' } });
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(merged.colors)).toBe(Object.prototype);
    expect(Object.keys(merged)).toEqual(['colors']);
    expect((merged as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
