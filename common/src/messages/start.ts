import { secondFactorLoginMessages } from './secondFactorLogin';
import { syncMessages } from './sync';

/**
 * The texts the app shows before anyone is logged in and in its frame: the login screen, the
 * connection diagnostics, API errors, the footer, help and the common actions. Sections of `de`
 * (de.ts re-exports them: one source for every text), kept in a module of their own so that the
 * script a first visit loads carries these instead of the whole catalogue (issue 19).
 */
export const app = {
  name: 'Werkboard',
  tagline: 'Projektorganisation für Handwerksprofis',
  authenticating: 'Authenticating...',
  notBuiltTitle: 'Noch nicht verfügbar',
  notBuiltText: 'Dieser Bereich wird in einer späteren Version von Werkboard gebaut und ist noch nicht verfügbar.',
  loading: 'Wird geladen …',
  pageLoadFailed:
    'Diese Seite konnte nicht geladen werden. Bitte prüfen Sie die Verbindung und versuchen Sie es erneut.',
  close: 'Schließen',
};

export const login = {
  title: 'Anmelden',
  username: 'Benutzername',
  password: 'Passwort',
  submit: 'Anmelden',
  submitting: 'Anmeldung läuft …',
  usernameRequired: 'Bitte geben Sie Ihren Benutzernamen ein.',
  passwordRequired: 'Bitte geben Sie Ihr Passwort ein.',
  invalidCredentials: 'Ungültiger Benutzername oder Passwort.',
  genericFailure: 'Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.',
  databaseNotInitialized: 'Verbindung zum Server fehlgeschlagen. Bitte überprüfen Sie die Verbindungsdiagnose.',
  tooManyAttempts: 'Zu viele Anmeldeversuche. Bitte warten Sie bis zu 15 Minuten und versuchen Sie es dann erneut.',
  accountLocked:
    'Dieses Konto ist nach zu vielen Fehlversuchen vorübergehend gesperrt. Bitte warten Sie bis zu 15 Minuten oder wenden Sie sich an den Admin.',
  tooManyLogins:
    'Der Server nimmt gerade zu viele Anmeldeversuche entgegen. Bitte versuchen Sie es in einer Minute erneut.',
  storageFull:
    'Der lokale Speicher ist voll. Bitte nutzen Sie die Schaltfläche „Lokale Daten löschen“ und melden Sie sich erneut an.',
  storageUnknown: 'Ein unbekannter Fehler ist beim Zugriff auf den lokalen Speicher aufgetreten.',
  clearLocalData: 'Lokale Daten löschen',
  loadAfterLoginFailed: 'Login erfolgreich, aber anschließendes Laden der App-Daten ist fehlgeschlagen.',
  sessionExpired: 'Sitzung abgelaufen oder ungültig. Bitte erneut anmelden.',
  waitingForServer: 'Warte auf den Server …',
  serverReady: 'Server bereit.',
  diagnostics: 'Verbindungsdiagnose',
  installApp: 'App installieren',
  retryStatus: 'Erneut prüfen',
  help: 'Hilfe/Impressum',
};

export const diagnostics = {
  title: 'Verbindungsdiagnose',
  liveLogTab: 'Live-Protokoll',
  serverLogTab: 'Server-Log',
  statusTitle: 'Serverstatus',
  startCommandSent: 'Startbefehl gesendet',
  backendStarted: 'Backend gestartet',
  databaseReachable: 'Datenbank erreichbar',
  databaseInitialized: 'Datenbank initialisiert',
  yes: 'Ja',
  no: 'Nein',
  unknown: 'Unbekannt',
  close: 'Schließen',
  refresh: 'Aktualisieren',
  unreachable: 'Der Backend-Server ist unter der angegebenen Adresse nicht erreichbar.',
  timeout: 'Timeout: Der Server antwortet nicht rechtzeitig.',
  logLoadFailed: 'Protokoll konnte nicht geladen werden',
  serverStatus: (code: number) => `Server antwortete mit Status: ${code}`,
  serverLogAdminOnly: 'Zugriff verweigert. Nur Admins können das Server-Log einsehen.',
  pollStarted: 'Statusabfrage gestartet.',
  pollOk: 'Server meldet: Datenbank initialisiert.',
  pollPending: 'Server meldet: Datenbank noch nicht initialisiert.',
  emptyLog: 'Noch keine Einträge.',
  networkFailure: 'Netzwerkfehler',
  serverMessage: (message: string) => `Meldung des Servers: ${message}`,
  /** The login page's server log tab: nobody is signed in, so it asks for an Admin (issue 19). */
  adminSignInHint: 'Das Server-Log ist nur für Admins. Bitte melden Sie sich dafür mit einem Admin-Konto an.',
  loadServerLog: 'Server-Log laden',
  loadingServerLog: 'Server-Log wird geladen …',
  secondFactorInApp:
    'Dieses Konto hat einen zweiten Faktor: Bitte melden Sie sich in der App an und öffnen Sie das Server-Log dort.',
};

export const api = {
  failed: (status: number) => `API-Anfrage fehlgeschlagen (Status ${status})`,
  networkError: 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.',
  validationFailed: 'Die Eingaben sind ungültig.',
  idempotencyKeyInvalid: 'Der Idempotenzschlüssel ist ungültig (1 bis 100 Zeichen: Buchstaben, Ziffern, - und _).',
  idempotencyKeyReused: 'Dieser Idempotenzschlüssel gehört bereits zu einer anderen Änderung.',
  idempotencyInProgress: 'Diese Änderung wird gerade noch verarbeitet. Bitte versuchen Sie es gleich noch einmal.',
  notFound: 'Nicht gefunden.',
  forbidden: 'Keine Berechtigung für diese Aktion.',
  unauthorized: 'Sitzung abgelaufen oder ungültig. Bitte erneut anmelden.',
  payloadTooLarge: 'Die Anfrage ist zu groß.',
  methodNotAllowed: 'Diese Aktion ist an dieser Adresse nicht möglich.',
  unsupportedMediaType: 'Die Anfrage muss JSON enthalten.',
  internal: 'Ein unbekannter Serverfehler ist aufgetreten.',
  databaseNotReady: 'Verbindung zum Server fehlgeschlagen. Bitte überprüfen Sie die Verbindungsdiagnose.',
};

export const footer = {
  version: (version: string) => `Version ${version}`,
  license: (type: string) => `Lizenz: ${type}`,
  help: 'Hilfe/Impressum',
  syncOffline: 'Offline',
  syncRunning: 'Sync',
  syncPending: (count: number) => `${count} ausstehend`,
  syncOfflinePending: (count: number) => `Offline · ${count} ausstehend`,
  syncDone: 'Synchron',
  syncNothingPending: 'Keine ausstehenden Änderungen.',
  syncOfflineHint: 'Keine Netzwerkverbindung.',
};

export const actions = {
  save: 'Speichern',
  saving: 'Wird gespeichert …',
  cancel: 'Abbrechen',
  edit: 'Bearbeiten',
  delete: 'Löschen',
  deleting: 'Wird gelöscht …',
  add: 'Hinzufügen',
  ok: 'OK',
  optional: '(optional)',
  loading: 'Wird geladen …',
  retry: 'Erneut versuchen',
};

export const help = {
  title: 'Hilfe/Impressum',
  dataStorage: 'Ihre Daten werden zentral auf dem Server Ihres Unternehmens gespeichert.',
  messages:
    'Direktnachrichten sind Ende-zu-Ende-verschlüsselt: Ihr Browser verschlüsselt sie, bevor sie gesendet werden, und nur Absender und Empfänger können sie lesen – auch der Admin und der Betreiber des Servers nicht. Der Server sieht, wer wem wann schreibt und den Nachrichtentyp. Setzt ein Admin Ihr Passwort zurück, sind Ihre bisherigen Nachrichten nicht mehr lesbar.',
  visibility: 'Admins und Firmenleiter sehen alle Projektinformationen.',
  close: 'Schließen',
  /** The PDF user manual (docs/manual/, built by renderer/scripts/buildManual.mjs). */
  manual: 'Benutzerhandbuch (PDF) herunterladen',
  manualIntro: 'Das Benutzerhandbuch erklärt Anmeldung, Dashboard, Board, Arbeiten ohne Netz, Exporte und Verwaltung.',
  manualLoading: 'Benutzerhandbuch wird geladen …',
  manualFailed:
    'Das Benutzerhandbuch konnte nicht geladen werden. Bitte prüfen Sie die Verbindung und versuchen Sie es erneut.',
  manualDownloaded: (fileName: string) => `„${fileName}“ wird heruntergeladen.`,
  manualSaved: (fileName: string) => `„${fileName}“ wurde gespeichert.`,
};

/**
 * What the modules of the first script (the login screen, the store, the API client) read,
 * in `de`'s shape: `deStart.login.title` is `de.login.title`. Everything else reads `de`.
 */
export const deStart = {
  app,
  login,
  diagnostics,
  api,
  footer,
  actions,
  help,
  secondFactor: secondFactorLoginMessages,
  sync: syncMessages,
};
