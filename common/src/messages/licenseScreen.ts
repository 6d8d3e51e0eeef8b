/** The license status in the settings dialog. A section of `de` (de.ts). */
export const licenseScreenMessages = {
  type: 'Lizenztyp',
  usageTitle: 'Nutzung',
  usage: {
    users: 'Benutzer',
    externalUsers: 'Externe Mitarbeiter',
    templates: 'Vorlagen',
    activeProjects: 'Aktive Projekte',
  },
  usageOf: (used: number, max: number) => `${used} von ${max}`,
  unlimited: (used: number) => `${used} (unbegrenzt)`,
  lifetimeActive: 'Die Lifetime-Lizenz ist aktiv. Es gelten keine Limits.',
  countsFailed: 'Die Nutzung konnte nicht geladen werden.',
  activateTitle: 'Lizenz aktivieren',
  email: 'E-Mail-Adresse',
  key: 'Lizenzschlüssel',
  activate: 'Lizenz aktivieren',
  activating: 'Lizenz wird aktiviert …',
  forceActivate: 'Trotzdem aktivieren',
} as const;
