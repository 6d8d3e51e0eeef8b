/** The role permissions page. A section of `de` (de.ts). */
export const permissionsScreenMessages = {
  intro: 'Legen Sie fest, was jede Rolle darf. Admins haben immer alle Berechtigungen.',
  permission: 'Berechtigung',
  toggle: (permission: string, role: string) => `${permission} – ${role}`,
  save: 'Berechtigungen speichern',
  back: 'Zurück zur Benutzerverwaltung',
} as const;
