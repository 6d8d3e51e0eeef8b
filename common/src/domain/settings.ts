import type { UserSettings, UserSettingsPatch } from '../schemas/settings';
import { userSettingsPatchSchema } from '../schemas/settings';

/** Settings of a user who never changed any (spec section 9: dashboard defaults, black app background). */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  colors: {
    appBg: '#000000',
    columnBg: '#1F2937',
    columnHeaderColor: '#374151',
    projectHeaderColor: '#111827',
  },
  appearance: { theme: 'default', patternColor: '#FFFFFF' },
  features: {
    deletableProjects: true,
    manageTemplates: true,
    manageCustomerTypes: true,
    kwpExportEnabled: false,
    showAppointmentsOnDashboard: true,
    directMessagesEnabled: true,
  },
  display: {
    templates: { viewMode: 'grid' },
    dashboardAppointments: { visibility: 'expanded', detailLevel: 'full', showTags: true, showExpired: 'always' },
    projectAppointments: { visibility: 'expanded', detailLevel: 'full', showExpired: 'always' },
    dashboardProjects: {
      activeProjectsVisibility: 'expanded',
      completedProjectsVisibility: 'collapsed',
      activeProjectsViewMode: 'grid',
    },
    adminView: { projectsViewMode: 'grid' },
  },
};

export type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys that would reach a prototype through `result[key] = …` (ASVS 15.3.6). */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * `patch` laid over `base`: plain objects merge key by key, anything else replaces; undefined is
 * skipped, and so are prototype keys (JSON.parse makes `__proto__` an own key).
 */
export function mergeDeep(base: Plain, patch: Plain): Plain {
  const result: Plain = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || PROTOTYPE_KEYS.has(key)) continue;
    const current = result[key];
    result[key] = isPlain(current) && isPlain(value) ? mergeDeep(current, value) : value;
  }
  return result;
}

/** The settings after a partial update: the patch's fields replace, everything else stays. */
export function mergeUserSettings(base: UserSettings, patch: UserSettingsPatch): UserSettings {
  return mergeDeep(base, patch) as UserSettings;
}

/**
 * Complete settings from whatever is stored: the defaults, overlaid with the stored values
 * that are still valid (a stored value from an older version that no longer fits is dropped).
 */
export function resolveUserSettings(stored: unknown): UserSettings {
  if (!isPlain(stored)) return DEFAULT_USER_SETTINGS;
  let settings = DEFAULT_USER_SETTINGS;
  for (const [section, value] of Object.entries(stored)) {
    const parsed = userSettingsPatchSchema.safeParse({ [section]: value });
    if (parsed.success) settings = mergeUserSettings(settings, parsed.data);
  }
  return settings;
}
