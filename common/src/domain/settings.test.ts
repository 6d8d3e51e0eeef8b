import { DEFAULT_USER_SETTINGS, mergeDeep, mergeUserSettings, resolveUserSettings } from './settings';

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
