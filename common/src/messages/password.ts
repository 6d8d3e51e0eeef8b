/** Changing the own password. A section of `de` (de.ts). */
export const passwordMessages = {
  currentRequired: 'Bitte geben Sie Ihr aktuelles Passwort ein.',
  currentWrong: 'Das aktuelle Passwort ist nicht korrekt.',
  tooShort: (minimum: number) => `Das neue Passwort muss mindestens ${minimum} Zeichen lang sein.`,
  newRequired: 'Bitte geben Sie ein neues Passwort ein.',
  tooCommon: 'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
  contextWords:
    'Das Passwort besteht nur aus naheliegenden Wörtern (wie Werkboard, Firmen-, Rollen- oder Benutzername) und ist leicht zu erraten. Bitte wählen Sie ein anderes.',
  mismatch: 'Die neuen Passwörter stimmen nicht überein.',
  changed: 'Passwort erfolgreich geändert!',
  tooManyAttempts: 'Zu viele Fehlversuche. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
} as const;
