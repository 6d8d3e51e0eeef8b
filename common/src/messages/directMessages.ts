/** Texts of the direct messages (spec sections 2, 5 and 8) and of their end-to-end encryption. */
export const directMessageTexts = {
  title: 'Nachrichten',
  send: 'Senden',
  sendMessage: 'Nachricht senden',
  newConversation: 'Neue Nachricht',
  searchUsers: 'Benutzer suchen …',
  noUsersFound: 'Keine Benutzer gefunden.',
  noConversations: 'Keine Konversationen gefunden.',
  welcome:
    'Willkommen bei den Nachrichten. Wählen Sie links eine Konversation oder schreiben Sie mit „Senden“ eine neue Nachricht.',
  noMessages: 'Noch keine Nachrichten.',
  ownPrefix: 'Ich: ',
  unread: 'Ungelesen',
  inputLabel: 'Nachricht',
  inputPlaceholder: 'Nachricht schreiben …',
  typeLabel: 'Nachrichtentyp',
  back: 'Zurück zu den Konversationen',
  loadFailed: 'Nachrichten konnten nicht geladen werden.',
  sendFailed: (message: string) => `Nachricht konnte nicht gesendet werden: ${message}`,
  unknownServerError: 'Ein unbekannter Serverfehler ist aufgetreten.',
  recipientRefuses: 'Senden fehlgeschlagen: Dieser Benutzer möchte keine Direktnachrichten erhalten.',
  /** The server's refusal; the client looks for this exact part (spec section 8). */
  recipientRefusesServer:
    'This user does not accept direct messages (Dieser Benutzer möchte keine Direktnachrichten erhalten).',
  pending: 'Wartet auf Verbindung',
  tooLong: (max: number) => `Die Nachricht darf höchstens ${max} Zeichen lang sein.`,
  cannotDecrypt: 'Nachricht kann nicht entschlüsselt werden.',
  insecureContext:
    'Direktnachrichten sind Ende-zu-Ende-verschlüsselt und brauchen dafür eine sichere Verbindung (https). Diese Seite ist über unverschlüsseltes http geöffnet, daher kann der Browser nicht verschlüsseln. Bitten Sie Ihren Admin, den Server mit TLS zu betreiben (README, Abschnitt „HTTPS“: TLS=self-signed oder ein eigenes Zertifikat), und öffnen Sie Werkboard über https.',
  keyLocked:
    'Ihr Nachrichtenschlüssel ist auf diesem Gerät nicht entsperrt. Bitte melden Sie sich ab und wieder an: Der Schlüssel wird mit Ihrem Passwort entsperrt.',
  // Server answers.
  messageNotFound: 'Benutzer nicht gefunden.',
  recipientRequired: 'Bitte wählen Sie einen Empfänger.',
  recipientUnknown: 'Der Empfänger existiert nicht.',
  recipientSelf: 'Sie können sich nicht selbst eine Nachricht senden.',
  contentInvalid: 'Die Nachricht ist leer oder nicht gültig verschlüsselt.',
  recipientHasNoKey:
    'Dieser Benutzer hat noch keinen Nachrichtenschlüssel. Er erhält ihn bei seiner nächsten Anmeldung; danach können Sie ihm schreiben.',
  staleKey:
    'Der Nachrichtenschlüssel hat sich inzwischen geändert (neue Anmeldung oder Passwort zurückgesetzt). Bitte schreiben Sie die Nachricht erneut.',
  keyInvalid: 'Der Nachrichtenschlüssel ist nicht gültig.',
  /** The Admin's user dialog, next to the password field of another user. */
  resetWarning:
    'Hinweis: Wird das Passwort zurückgesetzt, erhält der Benutzer bei der nächsten Anmeldung einen neuen Nachrichtenschlüssel. Seine bisherigen Direktnachrichten kann danach niemand mehr lesen (Ende-zu-Ende-Verschlüsselung) – auch kein Admin.',
} as const;
