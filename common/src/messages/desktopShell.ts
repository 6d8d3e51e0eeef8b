/** Texts of the desktop shell: the server address, the update notice, closing while changes are saved. */
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
  unsavedTitle: 'Änderungen werden noch gespeichert',
  unsavedText:
    'Werkboard speichert gerade Ihre letzten Änderungen. Wenn Sie jetzt schließen, gehen sie verloren. Warten Sie einen Moment und schließen Sie dann erneut.',
  unsavedStay: 'Warten',
  unsavedLeave: 'Trotzdem schließen',
} as const;
