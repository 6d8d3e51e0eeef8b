/** The profile page. A section of `de` (de.ts). */
export const profileScreenMessages = {
  detailsTitle: 'Profildaten',
  avatar: 'Profilbild',
  avatarFixed: 'Das Profilbild kann nicht mehr geändert werden. Angezeigt wird Ihr Anfangsbuchstabe.',
  usernameColor: 'Farbe des Benutzernamens',
  visibility: 'Sichtbarkeit des Profils',
  visibilityHint: 'Wer Ihre Kontaktdaten sehen darf. Name und Rolle sehen Projektmitglieder immer.',
  lastLogin: 'Letzte Anmeldung',
  lastModified: 'Letzte Profiländerung',
  never: 'noch nie',
  save: 'Profil speichern',
  passwordTitle: 'Passwort ändern',
  currentPassword: 'Aktuelles Passwort',
  newPassword: 'Neues Passwort',
  confirmPassword: 'Neues Passwort bestätigen',
  changePassword: 'Passwort ändern',
} as const;
