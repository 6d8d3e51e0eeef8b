/** Texts of the offline mode: sync indicator details, failed changes, local data, logout warning. */
export const syncMessages = {
  syncNow: 'Jetzt synchronisieren',
  syncStarted: 'Synchronisierung gestartet …',
  syncFinished: 'Alle Änderungen sind synchronisiert.',
  syncStopped: 'Der Server ist nicht erreichbar. Die Änderungen bleiben vorgemerkt.',
  pendingHint: (count: number) =>
    count === 1
      ? '1 Änderung wartet auf die Verbindung zum Server. Klicken zum Synchronisieren.'
      : `${count} Änderungen warten auf die Verbindung zum Server. Klicken zum Synchronisieren.`,
  runningHint: 'Die vorgemerkten Änderungen werden gerade zum Server gesendet.',
  queuedNotice: 'Offline gespeichert. Die Änderung wird übertragen, sobald der Server erreichbar ist.',
  localData: 'Keine Verbindung zum Server: Sie sehen die zuletzt auf diesem Gerät gespeicherten Daten.',
  notOnDevice:
    'Keine Verbindung zum Server, und dieses Projekt ist auf diesem Gerät nicht gespeichert. Öffnen Sie es einmal mit Verbindung, dann steht es auch offline zur Verfügung.',
  templateNotOnDevice:
    'Keine Verbindung zum Server, und diese Vorlage ist auf diesem Gerät nicht gespeichert. Öffnen Sie sie einmal mit Verbindung, dann steht sie auch offline zur Verfügung.',
  backToDashboard: 'Zurück zum Dashboard',
  backToTemplates: 'Zurück zu den Vorlagen',
  storageFailed:
    'Die Änderung konnte auf diesem Gerät nicht gespeichert werden (lokaler Speicher voll oder nicht verfügbar).',
  failedTitle: 'Nicht übertragene Änderungen',
  failedButton: (count: number) => (count === 1 ? '1 Änderung fehlgeschlagen' : `${count} Änderungen fehlgeschlagen`),
  failedIntro: 'Der Server hat diese Änderungen abgelehnt. Sie bleiben hier, bis Sie sie erneut senden oder verwerfen.',
  failedAt: (when: string) => `Abgelehnt am ${when}`,
  retry: 'Erneut versuchen',
  discard: 'Verwerfen',
  discardConfirm: 'Diese Änderung wird endgültig verworfen und nicht zum Server übertragen.',
  close: 'Schließen',
  describe: {
    project: (name: string) => `Projekt „${name}“ speichern`,
    template: (name: string) => `Vorlage „${name}“ speichern`,
    settings: 'Einstellungen speichern',
    other: (method: string, path: string) => `${method} ${path}`,
  },
  logoutTitle: 'Abmelden',
  logoutPending: (count: number) =>
    count === 1
      ? '1 Änderung wurde noch nicht zum Server übertragen. Beim Abmelden werden die lokalen Daten dieses Geräts gelöscht und die Änderung geht verloren.'
      : `${count} Änderungen wurden noch nicht zum Server übertragen. Beim Abmelden werden die lokalen Daten dieses Geräts gelöscht und die Änderungen gehen verloren.`,
  logoutAnyway: 'Trotzdem abmelden',
  logoutFailed: 'Die lokalen Daten konnten nicht gelöscht werden.',
} as const;
