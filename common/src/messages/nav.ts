/** The main navigation (the frame of every signed-in page). A section of `de` (de.ts). */
export const navMessages = {
  dashboard: 'Dashboard',
  templates: 'Vorlagen',
  projectGroups: 'Projektgruppen',
  users: 'Benutzer',
  archive: 'Archiv',
  admin: 'Admin',
  search: 'Suche',
  invitations: 'Einladungen',
  messages: 'Nachrichten',
  settings: 'Einstellungen',
  profile: 'Profil',
  logout: 'Abmelden',
  menu: 'Menü',
  primary: 'Hauptnavigation',
} as const;
