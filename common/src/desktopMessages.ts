/** Texts of the desktop shell: the server address, the update notice. */
export const desktopMessages = {
  serverAddressTitle: 'Server-Adresse',
  serverAddressIntro:
    'Geben Sie die Adresse des Werkboard-Servers Ihrer Firma ein, z. B. http://192.168.1.20:3000. Ihr Administrator kennt sie.',
  serverAddressLabel: 'Server-Adresse',
  serverAddressSave: 'Prüfen und speichern',
  serverAddressChecking: 'Server wird geprüft …',
  serverAddressChange: 'Server-Adresse ändern',
  serverAddressCurrent: (address: string) => `Verbunden mit ${address}`,
  serverAddressInvalid: 'Bitte geben Sie eine Adresse mit http:// oder https:// ein.',
  serverAddressUnreachable: 'Unter dieser Adresse antwortet kein Server. Bitte Adresse und Netzwerk prüfen.',
  serverAddressNotWerkboard: 'Unter dieser Adresse läuft kein Werkboard-Server.',
  serverAddressCancel: 'Abbrechen',
  updateAvailableTitle: 'Update verfügbar',
  updateAvailableText: (version: string) =>
    `Version ${version} ist heruntergeladen und wird beim nächsten Neustart von Werkboard installiert.`,
  updateRestartNow: 'Jetzt neu starten',
  updateLater: 'Später',
  serverVersionNewer: (version: string) => `Update verfügbar: Version ${version} (neu laden)`,
} as const;
