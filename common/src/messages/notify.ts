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
} as const;

/** Texts of web push (issue 16): what a notification says (who and what, never a message's text). */
export const pushMessages = {
  subscriptionInvalid: 'Das Push-Abonnement des Browsers ist ungültig.',
  messageTitle: 'Neue Nachricht',
  messageBody: (senderName: string) => `${senderName} hat Ihnen eine Nachricht geschrieben.`,
  invitationTitle: 'Neue Projekteinladung',
  invitationBody: (fromUsername: string, projectName: string) =>
    `${fromUsername} hat Sie zum Projekt „${projectName}“ eingeladen.`,
} as const;
