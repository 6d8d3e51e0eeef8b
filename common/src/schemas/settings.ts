import { z } from 'zod';
import {
  DEFAULT_SMTP_ENCRYPTION,
  DEFAULT_SMTP_PORT,
  HIGHEST_PASSWORD_MIN_LENGTH,
  LOWEST_PASSWORD_MIN_LENGTH,
  SMTP_ENCRYPTIONS,
} from '../domain/constants';
import {
  APPOINTMENT_DETAIL_LEVELS,
  BACKGROUND_THEMES,
  SECTION_VISIBILITIES,
  SHOW_EXPIRED_CHOICES,
  TEMPLATE_VIEW_MODES,
  VIEW_MODES,
} from '../domain/settings';
import { de } from '../messages';
import { BODY_ERROR, booleanField, hexColor, optionalEmail, textField } from './fields';

/**
 * The user settings of spec section 3, as a request may send them (a stored copy is read by
 * domain/settings.ts's resolveUserSettings, without zod). Each section is a strict shape with
 * every field; PUT /api/settings takes any part of it (sections and fields optional) and the
 * server merges it into the stored settings. Unknown fields are dropped.
 */

const invalid = { error: de.settings.invalidValue } as const;
const color = hexColor(de.settings.colorInvalid);
const sectionVisibility = z.enum(SECTION_VISIBILITIES, invalid);
const detailLevel = z.enum(APPOINTMENT_DETAIL_LEVELS, invalid);
const showExpired = z.enum(SHOW_EXPIRED_CHOICES, invalid);
const viewMode = z.enum(VIEW_MODES, invalid);

const colorsShape = {
  appBg: color,
  columnBg: color,
  columnHeaderColor: color,
  projectHeaderColor: color,
};
const appearanceShape = {
  theme: z.enum(BACKGROUND_THEMES, { error: de.settings.themeInvalid }),
  patternColor: color,
};
const featuresShape = {
  deletableProjects: booleanField,
  manageTemplates: booleanField,
  manageCustomerTypes: booleanField,
  kwpExportEnabled: booleanField,
  showAppointmentsOnDashboard: booleanField,
  directMessagesEnabled: booleanField,
};
const displayShapes = {
  templates: { viewMode: z.enum(TEMPLATE_VIEW_MODES, invalid) },
  dashboardAppointments: { visibility: sectionVisibility, detailLevel, showTags: booleanField, showExpired },
  projectAppointments: { visibility: sectionVisibility, detailLevel, showExpired },
  dashboardProjects: {
    activeProjectsVisibility: sectionVisibility,
    completedProjectsVisibility: sectionVisibility,
    activeProjectsViewMode: viewMode,
  },
  adminView: { projectsViewMode: viewMode },
};

/** Complete settings, as stored and answered. */
export const userSettingsSchema = z.object({
  colors: z.object(colorsShape, invalid),
  appearance: z.object(appearanceShape, invalid),
  features: z.object(featuresShape, invalid),
  display: z.object(
    {
      templates: z.object(displayShapes.templates, invalid),
      dashboardAppointments: z.object(displayShapes.dashboardAppointments, invalid),
      projectAppointments: z.object(displayShapes.projectAppointments, invalid),
      dashboardProjects: z.object(displayShapes.dashboardProjects, invalid),
      adminView: z.object(displayShapes.adminView, invalid),
    },
    invalid,
  ),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** Any part of the settings: every section and field optional. */
export const userSettingsPatchSchema = z.object(
  {
    colors: z.object(colorsShape, invalid).partial().optional(),
    appearance: z.object(appearanceShape, invalid).partial().optional(),
    features: z.object(featuresShape, invalid).partial().optional(),
    display: z
      .object(
        {
          templates: z.object(displayShapes.templates, invalid).partial().optional(),
          dashboardAppointments: z.object(displayShapes.dashboardAppointments, invalid).partial().optional(),
          projectAppointments: z.object(displayShapes.projectAppointments, invalid).partial().optional(),
          dashboardProjects: z.object(displayShapes.dashboardProjects, invalid).partial().optional(),
          adminView: z.object(displayShapes.adminView, invalid).partial().optional(),
        },
        invalid,
      )
      .optional(),
  },
  BODY_ERROR,
);
export type UserSettingsPatch = z.infer<typeof userSettingsPatchSchema>;

/** The port may come as a number or as the digits typed into the form; it must be a whole number. */
const smtpPort = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: de.settings.smtpPortInvalid })
    .int({ error: de.settings.smtpPortInvalid })
    .min(1, { error: de.settings.smtpPortInvalid })
    .max(65535, { error: de.settings.smtpPortInvalid }),
);

const smtpText = (label: string, max: number) =>
  textField('line', de.validation.textInvalid(label))
    .trim()
    .max(max, { error: de.validation.tooLong(label, max) });

/**
 * The server's SMTP settings (Admin only), any part of them. The password is never answered;
 * absent or blank keeps the stored one, null removes it.
 */
export const smtpSettingsPatchSchema = z
  .object(
    {
      host: smtpText('Der SMTP-Server', 255),
      port: smtpPort,
      username: smtpText('Der SMTP-Benutzername', 255),
      password: textField('line', de.validation.textInvalid('Das SMTP-Passwort'))
        .max(1000, { error: de.validation.tooLong('Das SMTP-Passwort', 1000) })
        .nullable(),
      encryption: z.enum(SMTP_ENCRYPTIONS, { error: de.settings.smtpEncryptionInvalid }),
      fromEmail: optionalEmail(de.settings.smtpFromEmailInvalid),
      fromName: smtpText('Der Absendername', 200),
    },
    invalid,
  )
  .partial();
export type SmtpSettingsPatch = z.infer<typeof smtpSettingsPatchSchema>;

export const SMTP_DEFAULTS = {
  host: '',
  port: DEFAULT_SMTP_PORT,
  username: '',
  encryption: DEFAULT_SMTP_ENCRYPTION,
  fromEmail: '',
  fromName: '',
} as const;

/** PUT /api/settings: the user's settings and, for Admins, the server's SMTP settings. */
export const settingsUpdateSchema = userSettingsPatchSchema.extend({ smtp: smtpSettingsPatchSchema.optional() });
export type SettingsUpdateRequest = z.infer<typeof settingsUpdateSchema>;

const passwordMinLengthError = {
  error: de.settings.passwordMinLengthInvalid(LOWEST_PASSWORD_MIN_LENGTH, HIGHEST_PASSWORD_MIN_LENGTH),
};

/** PUT /api/settings/security (Admin only): the server's security settings, any part of them. */
export const securitySettingsPatchSchema = z
  .object(
    {
      passwordMinLength: z
        .number(passwordMinLengthError)
        .int(passwordMinLengthError)
        .min(LOWEST_PASSWORD_MIN_LENGTH, passwordMinLengthError)
        .max(HIGHEST_PASSWORD_MIN_LENGTH, passwordMinLengthError),
      secondFactorRequiredForAdmins: z.boolean({ error: de.secondFactor.requiredForAdminsInvalid }),
    },
    BODY_ERROR,
  )
  .partial();
export type SecuritySettingsPatch = z.infer<typeof securitySettingsPatchSchema>;

/** POST /settings/smtp/test: where the Admin's test e-mail goes. */
export const smtpTestSchema = z.object(
  {
    to: optionalEmail(de.mail.recipientInvalid).refine((value) => value !== null, { error: de.mail.recipientInvalid }),
  },
  BODY_ERROR,
);
export type SmtpTestRequest = z.infer<typeof smtpTestSchema>;
