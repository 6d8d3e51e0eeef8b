import { secondFactorLoginMessages } from './secondFactorLogin';

/** Texts of the second factor (TOTP, issue 13): login step, profile enrolment, users page, settings. */
export const secondFactorMessages = {
  ...secondFactorLoginMessages,
  // Profile
  title: 'Zwei-Faktor-Anmeldung',
  intro:
    'Mit der Zwei-Faktor-Anmeldung fragt Werkboard nach dem Passwort zusätzlich einen Code aus einer Authentifizierungs-App (z. B. Google Authenticator, Microsoft Authenticator, FreeOTP).',
  statusOn: 'Die Zwei-Faktor-Anmeldung ist eingeschaltet.',
  statusOff: 'Die Zwei-Faktor-Anmeldung ist ausgeschaltet.',
  recoveryLeft: (count: number) =>
    count === 1 ? 'Noch 1 Wiederherstellungscode übrig.' : `Noch ${count} Wiederherstellungscodes übrig.`,
  enable: 'Einrichten',
  scanQr: 'Scannen Sie den QR-Code mit Ihrer Authentifizierungs-App oder geben Sie den Schlüssel von Hand ein:',
  secretLabel: 'Schlüssel',
  qrAlt: 'QR-Code für die Authentifizierungs-App',
  confirmEnrolment: 'Mit dem ersten Code bestätigen',
  recoveryTitle: 'Ihre Wiederherstellungscodes',
  recoveryIntro:
    'Bewahren Sie diese Codes sicher auf (z. B. ausgedruckt). Sie werden nur jetzt angezeigt. Jeder Code ersetzt einmal den Code aus der App, wenn Sie Ihr Telefon nicht zur Hand haben.',
  recoveryDone: 'Ich habe die Codes aufbewahrt',
  disable: 'Ausschalten',
  disableIntro: 'Zum Ausschalten geben Sie Ihr Passwort und einen Code aus der App ein.',
  password: 'Passwort',
  enabled: 'Die Zwei-Faktor-Anmeldung wurde eingeschaltet.',
  disabled: 'Die Zwei-Faktor-Anmeldung wurde ausgeschaltet.',
  notPending: 'Bitte beginnen Sie die Einrichtung zuerst.',
  alreadyEnabled: 'Die Zwei-Faktor-Anmeldung ist bereits eingeschaltet.',
  notEnabled: 'Die Zwei-Faktor-Anmeldung ist nicht eingeschaltet.',
  passwordWrong: 'Das Passwort ist falsch.',
  loadFailed: 'Die Zwei-Faktor-Anmeldung konnte nicht geladen werden.',
  requiredNotice:
    'Für Admins ist die Zwei-Faktor-Anmeldung vorgeschrieben. Bitte richten Sie sie jetzt ein, bevor Sie weiterarbeiten.',
  // Users page
  reset: 'Zweiten Faktor zurücksetzen',
  resetLabel: (username: string) => `Zweiten Faktor von ${username} zurücksetzen`,
  resetConfirm: (username: string) =>
    `Zweiten Faktor von ${username} zurücksetzen? Der Benutzer wird auf allen Geräten abgemeldet und meldet sich danach nur mit dem Passwort an.`,
  resetting: 'Wird zurückgesetzt …',
  resetDone: 'Der zweite Faktor wurde zurückgesetzt.',
  resetFailed: 'Der zweite Faktor konnte nicht zurückgesetzt werden.',
  // Settings → Sicherheit
  requiredForAdmins: 'Zweiter Faktor für Admins erforderlich',
  requiredForAdminsHint: 'Admins ohne zweiten Faktor werden nach der Anmeldung zuerst zur Einrichtung geführt.',
  requiredForAdminsInvalid: 'Bitte wählen Sie, ob der zweite Faktor für Admins erforderlich ist.',
  enrolmentRequired: 'Bitte richten Sie zuerst die Zwei-Faktor-Anmeldung im Profil ein.',
  requiredCannotDisable: 'Für Admins ist die Zwei-Faktor-Anmeldung vorgeschrieben und kann nicht ausgeschaltet werden.',
};
