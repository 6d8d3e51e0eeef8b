/** Texts of e-mail (SMTP test, invitation e-mail) and live updates (issue 16). */
export const mailMessages = {
  testButton: 'Test-E-Mail senden',
  testRecipient: 'Empfänger der Test-E-Mail',
  testSending: 'Test-E-Mail wird gesendet …',
  testSent: (recipient: string, answer: string) =>
    `Test-E-Mail an ${recipient} gesendet. Antwort des SMTP-Servers: ${answer}`,
  testSubject: 'Werkboard: Test-E-Mail',
  testText: 'Diese E-Mail wurde aus den SMTP-Einstellungen von Werkboard gesendet. Der E-Mail-Versand funktioniert.',
  recipientInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse für die Test-E-Mail ein.',
  notConfigured: 'Es ist kein SMTP-Server eingerichtet. Bitte tragen Sie zuerst den SMTP-Server ein.',
  senderMissing: 'Bitte tragen Sie zuerst die Absender-E-Mail-Adresse ein.',
  authFailed: (answer: string) =>
    `Der SMTP-Server hat die Anmeldung abgelehnt (Benutzername oder Passwort falsch). Antwort: ${answer}`,
  unreachable: (reason: string) => `Der SMTP-Server ist nicht erreichbar: ${reason}`,
  tlsFailed: (reason: string) => `Die verschlüsselte Verbindung zum SMTP-Server ist fehlgeschlagen: ${reason}`,
  rejected: (answer: string) => `Der SMTP-Server hat die E-Mail abgelehnt. Antwort: ${answer}`,
  failed: (reason: string) => `Die E-Mail konnte nicht gesendet werden: ${reason}`,
  invitationSubject: (projectName: string) => `Einladung zum Projekt „${projectName}“`,
  invitationGreeting: (username: string) => `Hallo ${username},`,
  invitationText: (fromUsername: string, projectName: string) =>
    `${fromUsername} hat Sie zum Projekt „${projectName}“ eingeladen.`,
  invitationAction: 'Öffnen Sie Werkboard, um die Einladung anzunehmen oder abzulehnen:',
  invitationLink: 'Werkboard öffnen',
  footer: 'Diese E-Mail wurde automatisch von Werkboard gesendet.',
  // The daily digest of unread messages: count and senders only (the texts are end-to-end encrypted).
  digestSubject: (count: number) =>
    count === 1 ? 'Werkboard: 1 ungelesene Nachricht' : `Werkboard: ${count} ungelesene Nachrichten`,
  digestGreeting: (username: string) => `Hallo ${username},`,
  digestText: (count: number, senders: string) =>
    count === 1
      ? `Sie haben 1 ungelesene Nachricht von ${senders}.`
      : `Sie haben ${count} ungelesene Nachrichten von ${senders}.`,
  digestPrivacy: 'Die Nachrichten selbst sind verschlüsselt und nur in Werkboard zu lesen.',
  digestLink: 'Nachrichten öffnen',
  digestUnsubscribe: 'Diese tägliche Zusammenfassung können Sie in Werkboard unter „Profil“ abbestellen.',
  // The profile's setting.
  digestSectionTitle: 'E-Mail-Zusammenfassung',
  digestToggle: 'Täglich eine E-Mail mit der Zahl ungelesener Nachrichten und ihren Absendern',
  digestHint: (hour: number) =>
    `Wird einmal am Tag ab ${String(hour).padStart(2, '0')}:00 Uhr an die E-Mail-Adresse Ihres Profils gesendet, nur wenn Nachrichten ungelesen sind. Der Text der Nachrichten steht nie in der E-Mail.`,
  digestNoEmail: 'Tragen Sie zuerst Ihre E-Mail-Adresse im Profil ein.',
  digestSaved: (enabled: boolean) =>
    enabled
      ? 'Die tägliche E-Mail-Zusammenfassung ist eingeschaltet.'
      : 'Die tägliche E-Mail-Zusammenfassung ist ausgeschaltet.',
  digestSaveFailed: 'Die Einstellung konnte nicht gespeichert werden.',
} as const;

/** Texts of web push (issue 16): what a notification says (who and what, never a message's text). */
export const pushMessages = {
  subscriptionInvalid: 'Das Push-Abonnement des Browsers ist ungültig.',
  messageTitle: 'Neue Nachricht',
  messageBody: (senderName: string) => `${senderName} hat Ihnen eine Nachricht geschrieben.`,
  invitationTitle: 'Neue Projekteinladung',
  invitationBody: (fromUsername: string, projectName: string) =>
    `${fromUsername} hat Sie zum Projekt „${projectName}“ eingeladen.`,
  // The profile's push section (spec 4: loading, enabled, disabled, denied; the spec has no wording).
  sectionTitle: 'Push-Benachrichtigungen',
  sectionIntro:
    'Werkboard meldet auf diesem Gerät neue Nachrichten und Projekteinladungen, auch wenn die App geschlossen ist. Eine Benachrichtigung nennt nur, wer geschrieben hat, nie den Text.',
  loading: 'Status der Push-Benachrichtigungen wird geladen …',
  enabled: 'Push-Benachrichtigungen sind auf diesem Gerät aktiviert.',
  disabled: 'Push-Benachrichtigungen sind auf diesem Gerät deaktiviert.',
  denied:
    'Ihr Browser blockiert Benachrichtigungen für Werkboard. Erlauben Sie Benachrichtigungen in den Website-Einstellungen des Browsers und laden Sie die Seite danach neu.',
  unsupported:
    'Push-Benachrichtigungen sind hier nicht verfügbar: Dieser Browser unterstützt sie nicht, oder Werkboard ist ohne HTTPS geöffnet.',
  enable: 'Push-Benachrichtigungen aktivieren',
  enabling: 'Wird aktiviert …',
  disable: 'Push-Benachrichtigungen deaktivieren',
  disabling: 'Wird deaktiviert …',
  enableFailed: 'Push-Benachrichtigungen konnten nicht aktiviert werden. Bitte prüfen Sie die Verbindung zum Server.',
  disableFailed:
    'Push-Benachrichtigungen konnten nicht deaktiviert werden. Bitte prüfen Sie die Verbindung zum Server.',
  loadFailed: 'Der Status der Push-Benachrichtigungen konnte nicht gelesen werden.',
} as const;
