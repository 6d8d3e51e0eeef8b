/** Texts of the security settings and the users page's login lock (issue 13, findings 7 and 8). */
export const securityMessages = {
  sectionTitle: 'Sicherheit',
  passwordMinLength: 'Mindestlänge für Passwörter',
  passwordMinLengthHint: (lowest: number, highest: number, recommended: number) =>
    `Zwischen ${lowest} und ${highest} Zeichen; empfohlen sind mindestens ${recommended}. Gilt für neue und geänderte Passwörter.`,
  saved: 'Sicherheitseinstellungen gespeichert.',
  loadFailed: 'Die Sicherheitseinstellungen konnten nicht geladen werden.',
  locked: 'Anmeldung gesperrt',
  lockedHint: 'Nach zu vielen Fehlversuchen ist die Anmeldung für bis zu 15 Minuten gesperrt.',
  unlock: 'Sperre aufheben',
  unlockLabel: (username: string) => `Anmeldesperre von ${username} aufheben`,
  unlockFailed: 'Die Anmeldesperre konnte nicht aufgehoben werden.',
};
