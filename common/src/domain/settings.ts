import type { UserSettings, UserSettingsPatch } from '../schemas/settings';

/** Background themes of the appearance settings (spec section 3). */
export const BACKGROUND_THEMES = [
  'default',
  'triangles',
  'hexagons',
  'circuits',
  'lines',
  'dots',
  'cross',
  'waves',
] as const;
export type BackgroundTheme = (typeof BACKGROUND_THEMES)[number];

/**
 * The choices of the display settings (spec section 3): a section open or closed, how many
 * appointments a list shows, when expired ones show, tiles or a list, the templates' views.
 */
export const SECTION_VISIBILITIES = ['expanded', 'collapsed'] as const;
export const APPOINTMENT_DETAIL_LEVELS = ['full', 'today_only', 'next_upcoming'] as const;
export const SHOW_EXPIRED_CHOICES = ['always', 'if_project_active', 'never'] as const;
export const VIEW_MODES = ['grid', 'list'] as const;
export const TEMPLATE_VIEW_MODES = ['grid', 'table-simple', 'table-detailed'] as const;

/**
 * A colour as the settings and the profile store it: #RGB, #RRGGBB or #RRGGBBAA. These
 * constants are here, not in constants.ts: the first script reads constants.ts, and the
 * bundler keeps a module whole (issue 19).
 */
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

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

/** What a stored settings value must be: a colour, true or false, or one of the choices. */
type SettingRule = 'color' | 'boolean' | readonly string[];
type SettingRules<T> = {
  [K in keyof T]-?: T[K] extends boolean
    ? 'boolean'
    : T[K] extends string
      ? 'color' | readonly T[K][]
      : SettingRules<T[K]>;
};

/**
 * Every field of the settings and what it may hold: the same choices the request schema
 * (schemas/settings.ts) takes, without zod, so that the app's frame can read a stored copy
 * without loading zod (issue 19). A field added to the schema is a type error here until it
 * has its rule.
 */
const USER_SETTINGS_RULES: SettingRules<UserSettings> = {
  colors: { appBg: 'color', columnBg: 'color', columnHeaderColor: 'color', projectHeaderColor: 'color' },
  appearance: { theme: BACKGROUND_THEMES, patternColor: 'color' },
  features: {
    deletableProjects: 'boolean',
    manageTemplates: 'boolean',
    manageCustomerTypes: 'boolean',
    kwpExportEnabled: 'boolean',
    showAppointmentsOnDashboard: 'boolean',
    directMessagesEnabled: 'boolean',
  },
  display: {
    templates: { viewMode: TEMPLATE_VIEW_MODES },
    dashboardAppointments: {
      visibility: SECTION_VISIBILITIES,
      detailLevel: APPOINTMENT_DETAIL_LEVELS,
      showTags: 'boolean',
      showExpired: SHOW_EXPIRED_CHOICES,
    },
    projectAppointments: {
      visibility: SECTION_VISIBILITIES,
      detailLevel: APPOINTMENT_DETAIL_LEVELS,
      showExpired: SHOW_EXPIRED_CHOICES,
    },
    dashboardProjects: {
      activeProjectsVisibility: SECTION_VISIBILITIES,
      completedProjectsVisibility: SECTION_VISIBILITIES,
      activeProjectsViewMode: VIEW_MODES,
    },
    adminView: { projectsViewMode: VIEW_MODES },
  },
};

/** The stored value where it fits its rule (a colour trimmed, as the schema stores it), else the default. */
function resolveValue(rule: SettingRule | Plain, stored: unknown, fallback: unknown): unknown {
  if (rule === 'boolean') return typeof stored === 'boolean' ? stored : fallback;
  if (rule === 'color') return typeof stored === 'string' && HEX_COLOR.test(stored.trim()) ? stored.trim() : fallback;
  if (Array.isArray(rule)) return typeof stored === 'string' && rule.includes(stored) ? stored : fallback;
  const section = isPlain(stored) ? stored : {};
  const defaults = fallback as Plain;
  const result: Plain = {};
  for (const [key, inner] of Object.entries(rule as Plain)) {
    result[key] = resolveValue(inner as SettingRule | Plain, section[key], defaults[key]);
  }
  return result;
}

/**
 * Complete settings from whatever is stored (the database's column, a session a browser kept
 * from an older version): the defaults, overlaid with each stored value that still fits its
 * field. A value that does not (an old colour format, a theme or choice that no longer exists,
 * a section of the wrong kind) gets the field's default; unknown fields are dropped. Without
 * zod (docs/decisions.md, branch frame19d): the server and the app's frame read settings alike.
 */
export function resolveUserSettings(stored: unknown): UserSettings {
  if (!isPlain(stored)) return DEFAULT_USER_SETTINGS;
  return resolveValue(USER_SETTINGS_RULES, stored, DEFAULT_USER_SETTINGS) as UserSettings;
}
