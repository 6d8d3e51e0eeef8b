/** Page titles (headings, the navigation's current page). A section of `de` (de.ts). */
export const pagesMessages = {
  dashboard: 'Dashboard',
  project: 'Projekt',
  templates: 'Vorlagen',
  templateEditor: 'Vorlagen-Editor',
  messages: 'Nachrichten',
  search: 'Suche',
  profile: 'Profil',
  users: 'Benutzer verwalten',
  projectGroups: 'Projektgruppen',
  archive: 'Archiv',
  admin: 'Admin-Übersicht',
  permissions: 'Rollenberechtigungen',
} as const;
