/**
 * The login's second step: in the first script too (`deStart.secondFactor`, start.ts; issue 19).
 * A module of its own: the bundler keeps a module whole, so these may not share one with the
 * profile's texts.
 */
export const secondFactorLoginMessages = {
  codeLabel: 'Bestätigungscode',
  codeHint: 'Geben Sie den 6-stelligen Code aus Ihrer Authentifizierungs-App ein.',
  recoveryLabel: 'Wiederherstellungscode',
  recoveryHint: 'Geben Sie einen Ihrer Wiederherstellungscodes ein. Jeder Code gilt nur einmal.',
  useRecovery: 'Wiederherstellungscode verwenden',
  useCode: 'Code aus der App verwenden',
  confirm: 'Bestätigen',
  confirming: 'Wird geprüft …',
  backToLogin: 'Zurück zur Anmeldung',
  codeRequired: 'Bitte geben Sie den Bestätigungscode ein.',
  codeInvalid: 'Der Bestätigungscode ist ungültig oder wurde bereits verwendet.',
  challengeExpired: 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
};
