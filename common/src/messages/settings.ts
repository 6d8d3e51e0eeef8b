/** Settings: the dialog's title and the answers of saving settings. A section of `de` (de.ts). */
export const settingsMessages = {
  title: 'Einstellungen',
  notBuilt: 'Die Einstellungen sind noch nicht gebaut. Sie folgen in einer späteren Version von Werkboard.',
  saveFailed: 'Fehler beim Speichern der Einstellungen.',
  serverSaveFailed:
    'Server-Einstellungen konnten nicht gespeichert werden. Die lokalen Änderungen wurden jedoch angewendet.',
  invalidValue: 'Ungültiger Wert in den Einstellungen.',
  colorInvalid: 'Bitte geben Sie eine gültige Farbe im Format #RRGGBB an.',
  themeInvalid: 'Unbekanntes Hintergrundmotiv.',
  smtpAdminOnly: 'Nur Admins dürfen die SMTP-Einstellungen ändern.',
  securityAdminOnly: 'Nur Admins dürfen die Sicherheitseinstellungen ändern.',
  passwordMinLengthInvalid: (lowest: number, highest: number) =>
    `Die Mindestlänge für Passwörter muss eine ganze Zahl zwischen ${lowest} und ${highest} sein.`,
  passwordMinLengthWarning: (recommended: number) =>
    `Warnung: Passwörter mit weniger als ${recommended} Zeichen sind leicht zu erraten.`,
  smtpHostInvalid: 'Der SMTP-Server darf höchstens 255 Zeichen lang sein.',
  smtpPortInvalid: 'Der SMTP-Port muss eine ganze Zahl zwischen 1 und 65535 sein.',
  smtpEncryptionInvalid: 'Die Verschlüsselung muss none, ssl oder tls sein.',
  smtpFromEmailInvalid: 'Bitte geben Sie eine gültige Absender-E-Mail-Adresse ein.',
} as const;
