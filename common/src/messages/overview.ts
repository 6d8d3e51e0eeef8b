/** German texts of de.projectOverview (owned by its feature; spec texts verbatim). */

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export const overviewMessages = {
  /** The dashboard's project lists (spec section 2, Dashboard). */
  newProject: 'Neues Projekt',
  activeTitle: 'Laufende Projekte',
  activeTitleWithCount: (count: number) => `Laufende Projekte (${count})`,
  completedTitle: 'Abgeschlossene Projekte',
  completedTitleWithCount: (count: number) => `Abgeschlossene Projekte (${count})`,
  noProjects: 'Keine Projekte gefunden',
  noCompletedProjects: 'Keine abgeschlossenen Projekte',
  loadFailed: 'Daten konnten nicht geladen werden.',
  projectNumber: (projectNumber: string) => `Projekt-Nr: ${projectNumber}`,
  owner: (username: string) => `Projektleiter: ${username}`,
  unknownOwner: 'Unbekannt',
  progress: 'Fortschritt',
  percent: (percent: number) => `${percent} %`,
  doneOfTotal: (done: number, total: number) => `${done}/${total}`,
  progressValue: (percent: number, done: number, total: number) =>
    `${percent} %, ${done} von ${total} ${plural(total, 'Aufgabe', 'Aufgaben')} erledigt`,
  lastModified: (relative: string) => `Geändert ${relative}`,

  /** Relative German time ('vor 5 Minuten'); see relativeTime.ts. */
  relativeTime: {
    justNow: 'gerade eben',
    minutes: (count: number) => `vor ${count} ${plural(count, 'Minute', 'Minuten')}`,
    hours: (count: number) => `vor ${count} ${plural(count, 'Stunde', 'Stunden')}`,
    days: (count: number) => `vor ${count} ${plural(count, 'Tag', 'Tagen')}`,
    months: (count: number) => `vor ${count} ${plural(count, 'Monat', 'Monaten')}`,
    years: (count: number) => `vor ${count} ${plural(count, 'Jahr', 'Jahren')}`,
  },

  /** Dialog 'Neues Projekt' (spec section 2, create project; section 5 for the name). */
  create: {
    title: 'Neues Projekt',
    template: 'Vorlage',
    globalTemplates: 'Globale Vorlagen',
    personalTemplates: 'Meine persönlichen Vorlagen',
    noTemplates: 'Keine Vorlagen gefunden',
    templatesLoadFailed: 'Vorlagen konnten nicht geladen werden. Das Projekt wird mit der Standardvorlage erstellt.',
    name: 'Projektname',
    projectNumber: 'Projekt-Nr',
    projectNumberHint: 'Optional',
    customerType: 'Kundentyp',
    submit: 'Projekt erstellen',
    submitting: 'Wird erstellt …',
    failed: 'Projekt konnte nicht erstellt werden.',
  },

  /** /archive (spec section 2, Archive; section 8, Archive). */
  archive: {
    projectsTab: 'Archivierte Projekte',
    projectsTabWithCount: (count: number) => `Archivierte Projekte (${count})`,
    templatesTab: 'Archivierte Vorlagen',
    templatesTabWithCount: (count: number) => `Archivierte Vorlagen (${count})`,
    noProjects: 'Keine archivierten Projekte.',
    noTemplates: 'Keine archivierten Vorlagen.',
    loadFailed: 'Archivierte Daten konnten nicht geladen werden.',
    restoreFailed: 'Wiederherstellung fehlgeschlagen.',
    deleteFailed: 'Endgültiges Löschen fehlgeschlagen.',
    restore: 'Wiederherstellen',
    restoring: 'Wird wiederhergestellt …',
    deletePermanently: 'Endgültig löschen',
    deleting: 'Wird gelöscht …',
    restoreLabel: (name: string) => `${name} wiederherstellen`,
    deleteLabel: (name: string) => `${name} endgültig löschen`,
    restoreProjectTitle: 'Projekt wiederherstellen',
    restoreTemplateTitle: 'Vorlage wiederherstellen',
    deleteProjectTitle: 'Projekt endgültig löschen',
    deleteTemplateTitle: 'Vorlage endgültig löschen',
    restoreProjectQuestion: (name: string) =>
      `Möchten Sie das Projekt „${name}“ wiederherstellen? Es erscheint danach wieder auf dem Dashboard.`,
    restoreTemplateQuestion: (name: string) =>
      `Möchten Sie die Vorlage „${name}“ wiederherstellen? Sie steht danach wieder zur Auswahl.`,
    deleteProjectQuestion: (name: string) => `Möchten Sie das Projekt „${name}“ endgültig löschen?`,
    deleteTemplateQuestion: (name: string) => `Möchten Sie die Vorlage „${name}“ endgültig löschen?`,
    cannotBeUndone: 'Diese Aktion kann nicht rückgängig gemacht werden.',
    global: 'Global',
    customerType: (customerType: string) => `Kundentyp: ${customerType}`,
  },
} as const;
