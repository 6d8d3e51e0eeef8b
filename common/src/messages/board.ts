/** German texts of de.board: the project board /project/{id} (spec sections 2, 4, 5, 8, 9; spec texts verbatim). */
export const boardMessages = {
  loading: 'Projekt wird geladen …',
  saveFailed: 'Speichern fehlgeschlagen.',
  dismiss: 'Meldung schließen',

  header: {
    projectNumber: 'Projekt-Nr',
    owner: 'Projektleiter',
    deputy: 'Vertretung',
    team: 'Team',
    tags: 'Tags',
    none: '–',
    moreMembers: (count: number) => `+${count}`,
    moreMembersLabel: (count: number) => `${count} weitere Teammitglieder`,
    actions: 'Projektaktionen',
    /** The phone's fold of the actions (a disclosure); the count is what it holds. */
    moreActions: (count: number) => `Aktionen (${count})`,
  },

  progress: {
    label: 'Fortschritt',
    done: (done: number, total: number) => `${done}/${total} erledigt`,
    percent: (percent: number) => `${percent} %`,
  },

  buttons: {
    edit: 'Projekt bearbeiten',
    notes: 'Notizen & Informationen',
    changeLog: 'Änderungsprotokoll',
    appointmentArchive: 'Termin-Archiv',
    manageAppointments: 'Termine verwalten',
    invite: 'Benutzer einladen',
    manageTeam: 'Team verwalten',
    gallery: 'Bildergalerie',
    kwpExport: 'KWP-Export',
    pdfExport: 'PDF-Export',
  },

  banners: {
    reopen: 'Wieder öffnen',
    reopening: 'Wird geöffnet …',
    reopenTitle: 'Projekt wieder öffnen',
    reopenQuestion: (name: string) =>
      `Möchten Sie das Projekt „${name}“ wieder öffnen? Danach kann es wieder bearbeitet werden.`,
  },

  board: {
    label: 'Spalten des Projekts',
    empty: 'Dieses Projekt hat noch keine Spalten.',
  },

  columns: {
    add: 'Spalte hinzufügen',
    name: 'Name der Spalte',
    cancel: 'Abbrechen',
    menu: (title: string) => `Menü der Spalte „${title}“`,
    rename: 'Umbenennen',
    renameLabel: 'Spaltenname',
    moveLeft: 'Nach links',
    moveRight: 'Nach rechts',
    delete: 'Löschen',
    deleteTitle: 'Spalte löschen',
    deleteQuestion: (title: string, cards: number) =>
      cards === 0
        ? `Möchten Sie die Spalte „${title}“ löschen?`
        : `Möchten Sie die Spalte „${title}“ mit ${cards === 1 ? 'einer Aufgabe' : `${cards} Aufgaben`} löschen?`,
    deleteWarning: 'Diese Aktion kann nicht rückgängig gemacht werden.',
    cardCount: (count: number) => (count === 1 ? '1 Aufgabe' : `${count} Aufgaben`),
    dropHere: 'Aufgabe hier ablegen',
  },

  cards: {
    add: 'Aufgabe hinzufügen',
    title: 'Titel der Aufgabe',
    cancel: 'Abbrechen',
    quickMove: (column: string) => `Nach „${column}“`,
    quickMoveLabel: (card: string, column: string) => `„${card}“ nach „${column}“ verschieben`,
    assignee: 'Zugewiesen an',
    timeSum: (hours: string) => `${hours} Std.`,
    timeSumLabel: 'Erfasste Stunden',
    group: (name: string, count: number) => `${name} (${count})`,
    ungrouped: 'Ohne Gruppierung',
  },

  task: {
    dialogTitle: (title: string) => `Aufgabe: ${title}`,
    tabDetails: 'Details',
    tabTimes: 'Zeiten',
    tabMaterial: 'Material',
    title: 'Titel',
    description: 'Beschreibung',
    group: 'Gruppe',
    noGroup: 'Keine Gruppe',
    assignment: 'Zuweisung',
    unassigned: 'Nicht zugewiesen',
    teamGroup: 'Team',
    externalGroup: 'Externe Mitarbeiter',
    unknownAssignee: 'Unbekannt',
    tags: 'Tags',
    noTags: 'Für diesen Kundentyp gibt es keine Tags.',
    save: 'Speichern',
    titleRequired: 'Der Titel der Aufgabe darf nicht leer sein.',
    deleteTask: 'Aufgabe löschen',
    deleteTitle: 'Aufgabe löschen',
    deleteQuestion: (title: string) => `Möchten Sie die Aufgabe „${title}“ löschen?`,
    deleteWarning: 'Diese Aktion kann nicht rückgängig gemacht werden.',
    readOnlyEmpty: '–',
  },

  times: {
    listLabel: 'Zeiteinträge',
    date: 'Datum',
    user: 'Mitarbeiter',
    hours: 'Stunden',
    add: 'Hinzufügen',
    empty: 'Noch keine Zeiteinträge.',
    sum: 'Summe',
    actions: 'Aktionen',
    delete: (date: string, username: string) => `Zeiteintrag von ${username} vom ${date} löschen`,
    hoursInvalid: 'Bitte geben Sie eine gültige Stundenzahl ein.',
    hoursStep: 'Bitte geben Sie die Stunden in Schritten von 0,25 ein (z. B. 0,25, 0,5 oder 1,75).',
    dateInvalid: 'Bitte geben Sie ein gültiges Datum ein.',
    deleteOwnOnly: 'Sie können nur Ihre eigenen Zeiteinträge löschen.',
  },

  material: {
    listLabel: 'Materialeinträge',
    quantity: 'Menge',
    unit: 'Einheit',
    name: 'Material',
    add: 'Hinzufügen',
    empty: 'Noch kein Material erfasst.',
    actions: 'Aktionen',
    delete: (name: string) => `Materialeintrag „${name}“ löschen`,
    invalid: 'Bitte geben Sie eine gültige Menge und einen Namen für das Material ein.',
  },

  /** Change-log actions (the UI shows the username before them). */
  log: {
    columnAdded: (title: string) => `hat die Spalte „${title}“ hinzugefügt.`,
    columnRenamed: (from: string, to: string) => `hat die Spalte „${from}“ in „${to}“ umbenannt.`,
    columnDeleted: (title: string) => `hat die Spalte „${title}“ gelöscht.`,
    columnMovedLeft: (title: string) => `hat die Spalte „${title}“ nach links verschoben.`,
    columnMovedRight: (title: string) => `hat die Spalte „${title}“ nach rechts verschoben.`,
    cardAdded: (title: string, column: string) => `hat die Aufgabe „${title}“ in „${column}“ hinzugefügt.`,
    cardRenamed: (from: string, to: string) => `hat die Aufgabe „${from}“ in „${to}“ umbenannt.`,
    cardEdited: (title: string) => `hat die Aufgabe „${title}“ bearbeitet.`,
    cardDeleted: (title: string) => `hat die Aufgabe „${title}“ gelöscht.`,
    cardMoved: (title: string, column: string) => `hat die Aufgabe „${title}“ nach „${column}“ verschoben.`,
    cardReordered: (title: string, column: string) =>
      `hat die Aufgabe „${title}“ innerhalb von „${column}“ verschoben.`,
    timeAdded: (hours: string, card: string) => `hat ${hours} Stunden für die Aufgabe „${card}“ erfasst.`,
    timeDeleted: (hours: string, card: string) =>
      `hat einen Zeiteintrag über ${hours} Stunden der Aufgabe „${card}“ gelöscht.`,
    materialAdded: (material: string, card: string) =>
      `hat das Material „${material}“ zur Aufgabe „${card}“ hinzugefügt.`,
    materialDeleted: (material: string, card: string) =>
      `hat das Material „${material}“ von der Aufgabe „${card}“ entfernt.`,
  },
} as const;
