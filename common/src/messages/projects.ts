/**
 * Texts of projects and the project document that the server and the renderer share
 * (spec sections 5 and 8 verbatim where the spec has them). Part of `de` as `de.projects`.
 */
export const projectMessages = {
  notFound: 'Projekt nicht gefunden.',
  templateNotFound: 'Vorlage nicht gefunden.',
  defaultTemplateName: 'Standardvorlage',
  nameRequired: 'Der Projektname ist erforderlich.',
  nameTaken: 'Ein Projekt mit diesem Namen existiert bereits.',
  nameTooLong: 'Der Projektname darf höchstens 200 Zeichen lang sein.',
  customerTypeUnknown: 'Unbekannter Kundentyp.',
  iconUnknown: 'Unbekanntes Symbol.',
  documentInvalid: 'Das Projekt ist ungültig.',
  revisionInvalid: 'Die Revision des Projekts fehlt oder ist ungültig.',
  idInvalid: 'Ungültige ID eines Projektelements.',
  idTaken: 'Eine ID dieses Projekts gehört bereits zu einem anderen Projekt.',
  duplicateId: 'Eine ID kommt im Projekt mehrfach vor.',
  positionInvalid: 'Ungültige Sortierposition.',
  dateInvalid: 'Ungültiges Datum.',
  cardTitleRequired: 'Der Titel der Aufgabe darf nicht leer sein.',
  columnTitleRequired: 'Der Spaltenname darf nicht leer sein.',
  hoursInvalid: 'Bitte geben Sie eine gültige Stundenzahl ein.',
  materialInvalid: 'Bitte geben Sie eine gültige Menge und einen Namen für das Material ein.',
  appointmentInvalid: 'Titel und Datum sind erforderlich.',
  appointmentStatusInvalid: 'Unbekannter Terminstatus.',
  noteInvalid: 'Überschrift und Inhalt dürfen nicht leer sein.',
  groupNameTaken: 'Eine Gruppe mit diesem Namen existiert bereits.',
  changeLogInvalid: 'Ungültiger Eintrag im Änderungsprotokoll.',
  tooLong: (label: string, max: number) => `${label} darf höchstens ${max} Zeichen lang sein.`,
  tooMany: (label: string, max: number) => `Höchstens ${max} ${label} pro Projekt.`,
  readOnlyCompleted: 'Das Projekt ist abgeschlossen. Alle Bearbeitungen sind deaktiviert.',
  readOnlyArchived: 'Das Projekt ist archiviert und kann nur gelesen werden.',
  accessForbidden: 'Sie haben keinen Zugriff auf dieses Projekt.',
  editForbidden: 'Sie haben keine Berechtigung, dieses Projekt zu bearbeiten.',
  createForbidden: 'Sie haben keine Berechtigung, Projekte zu erstellen.',
  deleteForbidden: 'Keine Berechtigung zum Löschen.',
  deleteFailed: 'Projekt konnte nicht gelöscht werden',
  completeFailed: 'Projekt konnte nicht abgeschlossen/wieder geöffnet werden',
  timeEntryDeleteForbidden: 'Sie können nur Ihre eigenen Zeiteinträge löschen.',
  timeEntryImmutable: 'Zeiteinträge können nicht geändert, nur gelöscht und neu erfasst werden.',
  noteForbidden: 'Sie können nur Ihre eigenen Notizen bearbeiten oder löschen.',
  columnsForbidden: 'Sie haben keine Berechtigung, die Spalten dieses Projekts zu ändern.',
  othersTimeEntriesForbidden:
    'Sie können keine Aufgabe und keine Spalte löschen, die Zeiteinträge anderer Mitarbeiter enthält.',
  restoreOnlyArchived: 'Nur archivierte Projekte können wiederhergestellt werden.',
  permanentOnlyArchived: 'Nur archivierte Projekte können endgültig gelöscht werden.',
  archiveForbidden: 'Nur Admins können archivierte Projekte wiederherstellen oder endgültig löschen.',
  notCompleted: 'Das Projekt ist nicht abgeschlossen.',
  notActive: 'Nur aktive Projekte können abgeschlossen werden.',
  archived: 'Projekt wurde archiviert.',
  restored: 'Projekt wurde wiederhergestellt.',
  deletedPermanently: 'Projekt wurde endgültig gelöscht.',
  templateRestored: 'Vorlage wurde wiederhergestellt.',
  templateDeletedPermanently: 'Vorlage wurde endgültig gelöscht.',
  signoff: {
    title: 'Abnahme durch den Kunden',
    invalid: 'Die Abnahme ist ungültig.',
    signerRequired: 'Bitte geben Sie den Namen des Unterzeichners ein.',
    signatureRequired: 'Bitte unterschreiben Sie im Feld.',
    signatureTooLong: 'Die Unterschrift ist zu groß. Bitte löschen und kürzer unterschreiben.',
    immutable: 'Eine Abnahme kann nicht geändert werden.',
    sealed:
      'Dieser Eintrag ist durch die Abnahme des Kunden versiegelt und kann nicht geändert oder gelöscht werden. Erfassen Sie eine Korrektur als neuen Eintrag.',
    cardSealed:
      'Diese Aufgabe wurde vom Kunden abgenommen und kann nicht gelöscht werden, solange die Abnahme besteht.',
    revokeForbidden: 'Nur wer das Projekt bearbeiten darf, kann eine Abnahme widerrufen.',
    coverInvalid: 'Die Abnahme umfasst Einträge, die es in dieser Aufgabe oder diesem Projekt nicht gibt.',
    signedBy: (name: string, date: string) => `Abgenommen von ${name} am ${date}`,
  },
  /** Change-log actions the server writes itself (the username stands before them). */
  log: {
    created: (template: string) => `hat das Projekt aus der Vorlage „${template}“ erstellt.`,
    completed: 'hat das Projekt als abgeschlossen markiert.',
    reopened: 'hat das Projekt wieder geöffnet.',
    archived: 'hat das Projekt archiviert.',
    restored: 'hat das Projekt wiederhergestellt.',
    overwritten: (what: string, before: string) =>
      `hat ${what} gleichzeitig mit einer anderen Änderung bearbeitet; überschrieben wurde: ${before}`,
    kept: (what: string) => `${what} wurde von jemand anderem geändert und deshalb nicht gelöscht.`,
    revived: (what: string) =>
      `hat ${what} wiederhergestellt und geändert (zwischenzeitlich von jemand anderem gelöscht).`,
    parentRestored: (what: string) =>
      `${what} war gelöscht und wurde wiederhergestellt, weil darin zwischenzeitlich weitergearbeitet wurde.`,
    cardDeletedWithHours: (title: string, hours: string) =>
      `hat die Aufgabe „${title}“ mit ${hours} erfassten Stunden gelöscht.`,
    columnDeletedWithCards: (title: string, cards: number) =>
      `hat die Spalte „${title}“ mit ${cards === 1 ? 'einer Aufgabe' : `${cards} Aufgaben`} gelöscht.`,
    materialEdited: (material: string, card: string) =>
      `hat das Material „${material}“ der Aufgabe „${card}“ geändert.`,
    signoffAdded: (signer: string, what: string) => `hat die Abnahme durch den Kunden (${signer}) für ${what} erfasst.`,
    signoffRevoked: (signer: string, what: string) =>
      `hat die Abnahme durch den Kunden (${signer}) für ${what} widerrufen.`,
  },
  /** How the change log names an entity. */
  entity: {
    project: 'die Projektdaten',
    column: (title: string) => `die Spalte „${title}“`,
    card: (title: string) => `die Aufgabe „${title}“`,
    materialEntry: (name: string) => `den Materialeintrag „${name}“`,
    appointment: (title: string) => `den Termin „${title}“`,
    note: (title: string) => `die Notiz „${title}“`,
    signoff: (signer: string) => `die Abnahme von ${signer}`,
    wholeProject: 'das ganze Projekt',
  },
} as const;
