import { de } from '../messages';
import { settingsUpdateSchema, userSettingsSchema } from './settings';
import { validate } from './validate';
import { DEFAULT_USER_SETTINGS } from '../domain/settings';

describe('settingsUpdateSchema', () => {
  it('accepts any part of the settings and drops unknown fields', () => {
    const result = validate(settingsUpdateSchema, {
      appearance: { theme: 'hexagons' },
      display: { adminView: { projectsViewMode: 'list' } },
      unknown: true,
    });
    expect(result).toEqual({
      ok: true,
      value: { appearance: { theme: 'hexagons' }, display: { adminView: { projectsViewMode: 'list' } } },
    });
  });

  it.each([
    [{ appearance: { theme: 'stars' } }, 'appearance.theme', de.settings.themeInvalid],
    [{ colors: { appBg: 'black' } }, 'colors.appBg', de.settings.colorInvalid],
    [{ features: { kwpExportEnabled: 'yes' } }, 'features.kwpExportEnabled', de.validation.booleanInvalid],
    [
      { display: { dashboardAppointments: { detailLevel: 'all' } } },
      'display.dashboardAppointments.detailLevel',
      de.settings.invalidValue,
    ],
    [{ smtp: { port: 'abc' } }, 'smtp.port', de.settings.smtpPortInvalid],
    [{ smtp: { port: 70000 } }, 'smtp.port', de.settings.smtpPortInvalid],
    [{ smtp: { port: 25.5 } }, 'smtp.port', de.settings.smtpPortInvalid],
    [{ smtp: { encryption: 'starttls' } }, 'smtp.encryption', de.settings.smtpEncryptionInvalid],
    [{ smtp: { fromEmail: 'kein' } }, 'smtp.fromEmail', de.settings.smtpFromEmailInvalid],
  ])('refuses %j', (input, field, message) => {
    expect(validate(settingsUpdateSchema, input)).toMatchObject({ ok: false, message, fields: { [field]: message } });
  });

  it('parses the SMTP port as a whole number, also from the digits typed into the form', () => {
    const result = validate(settingsUpdateSchema, { smtp: { port: ' 465 ', encryption: 'ssl' } });
    expect(result).toEqual({ ok: true, value: { smtp: { port: 465, encryption: 'ssl' } } });
  });

  it('has complete, valid defaults', () => {
    expect(userSettingsSchema.safeParse(DEFAULT_USER_SETTINGS).success).toBe(true);
    expect(DEFAULT_USER_SETTINGS.colors.appBg).toBe('#000000');
    expect(DEFAULT_USER_SETTINGS.display.dashboardProjects.completedProjectsVisibility).toBe('collapsed');
  });
});
