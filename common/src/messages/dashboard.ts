/** German texts for the dashboard / (spec section 2, Dashboard; sections 4, 8 and 9). Spec texts verbatim where the spec has them. */

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export const dashboardMessages = {
  title: 'Dashboard',

  /** The buttons under the heading. */
  toolbar: {
    label: 'Dashboard-Aktionen',
    newGroup: 'Neue Gruppe',
    manageGroups: 'Projektgruppen verwalten',
    newProject: 'Neues Projekt',
    searchAndFilter: 'Suchen & Filtern',
    groupsDisabledFree: 'Projektgruppen sind in der Free-Lizenz deaktiviert.',
    onlineOnly: 'Neue Projekte können nur online erstellt werden.',
  },

  /** The 'Suchen & Filtern' panel. */
  filters: {
    title: 'Suchen & Filtern',
    text: 'Suche',
    textPlaceholder: 'Projektname oder Projekt-Nr',
    employee: 'Mitarbeiter',
    employeeHint: 'Projektleiter oder Mitglied des Projekts',
    customerType: 'Kundentyp',
    sort: 'Sortierung',
    all: 'Alle',
    sorts: {
      nameAsc: 'Name aufsteigend',
      nameDesc: 'Name absteigend',
      modifiedAsc: 'Änderung aufsteigend',
      modifiedDesc: 'Änderung absteigend',
    },
    reset: 'Filter zurücksetzen',
    active: 'Filter aktiv',
  },

  /** The appointment overview (spec sections 2 and 4). */
  appointments: {
    title: 'Termine',
    titleWithCount: (count: number) => `Termine (${count})`,
    today: 'Heute',
    upcoming: 'Demnächst',
    expired: 'Abgelaufen',
    none: 'Keine anstehenden Termine',
    noneToday: 'Keine Termine für heute',
    noneUpcoming: 'Keine demnächst anstehenden Termine',
    noneExpired: 'Keine abgelaufenen Termine',
    clientNotPresent: 'KUNDE NICHT ANWESEND',
    loadFailed: 'Termine konnten nicht geladen werden.',
    project: (name: string) => `Projekt: ${name}`,
    tags: 'Tags des Termins',
  },

  /** 'Laufende Projekte', 'Abgeschlossene Projekte' and their sections. */
  projects: {
    activeTitle: 'Laufende Projekte',
    activeTitleWithCount: (count: number) => `Laufende Projekte (${count})`,
    completedTitle: 'Abgeschlossene Projekte',
    completedTitleWithCount: (count: number) => `Abgeschlossene Projekte (${count})`,
    viewMode: 'Ansicht',
    grid: 'Kachelansicht',
    list: 'Listenansicht',
    otherProjects: 'Weitere Projekte',
    sectionWithCount: (name: string, count: number) => `${name} (${count})`,
    noProjects: 'Keine Projekte gefunden',
    noMatches: 'Keine Projekte entsprechen Ihren Kriterien',
    noCompleted: 'Keine abgeschlossenen Projekte',
    emptyGroup: 'Keine Projekte in dieser Gruppe',
    groupsLoadFailed: 'Gruppen konnten nicht geladen werden.',
    loadFailed: 'Daten konnten nicht geladen werden.',
    tags: 'Tags',
    moreTags: (count: number) => `+${count}`,
    moreTagsLabel: (labels: readonly string[]) =>
      `${labels.length} ${plural(labels.length, 'weiterer Tag', 'weitere Tags')}: ${labels.join(', ')}`,
    actions: (name: string) => `Aktionen für „${name}“`,
  },

  /** Actions on a project card and on a completed project (spec sections 2, 4 and 8). */
  projectActions: {
    chart: (name: string) => `Fortschrittsdiagramm für „${name}“`,
    complete: (name: string) => `„${name}“ abschließen`,
    delete: (name: string) => `„${name}“ löschen`,
    reopen: (name: string) => `„${name}“ wieder öffnen`,
    reopenShort: 'Wieder öffnen',
    completeTitle: 'Projekt abschließen',
    completeQuestion: (name: string) =>
      `Möchten Sie das Projekt „${name}“ als abgeschlossen markieren? Danach sind alle Bearbeitungen deaktiviert.`,
    completeConfirm: 'Abschließen',
    completing: 'Wird abgeschlossen …',
    reopenTitle: 'Projekt wieder öffnen',
    reopenQuestion: (name: string) =>
      `Möchten Sie das Projekt „${name}“ wieder öffnen? Es erscheint danach wieder unter „Laufende Projekte“.`,
    reopenConfirm: 'Wieder öffnen',
    reopening: 'Wird geöffnet …',
    deleteTitle: 'Projekt löschen',
    deleteQuestion: (name: string) =>
      `Möchten Sie das Projekt „${name}“ wirklich löschen? Es wird in das Archiv verschoben.`,
    deleteConfirm: 'Löschen',
    deleting: 'Wird gelöscht …',
    statusFailed: 'Projekt konnte nicht abgeschlossen/wieder geöffnet werden',
    deleteFailed: 'Projekt konnte nicht gelöscht werden',
    deleteForbidden: 'Keine Berechtigung zum Löschen.',
  },

  /** Actions of a project group section (spec section 2, group actions). */
  groupActions: {
    menu: (name: string) => `Aktionen für Gruppe „${name}“`,
    edit: (name: string) => `Gruppe „${name}“ bearbeiten`,
    delete: (name: string) => `Gruppe „${name}“ löschen`,
    chart: (name: string) => `Gruppenfortschritt für „${name}“`,
    kwp: (name: string) => `KWP-Export für „${name}“`,
    pdf: (name: string) => `Gruppen-PDF-Export für „${name}“`,
    totals: (name: string) => `Zeiten & Material für „${name}“`,
  },

  /** Per-project and group progress charts (spec section 4: axes 0 to 100 percent). */
  charts: {
    projectTitle: (name: string) => `Fortschritt: ${name}`,
    groupTitle: (name: string) => `Gruppenfortschritt: ${name}`,
    axis: 'Anteil in %',
    progressAxis: 'Fortschritt in %',
    column: 'Spalte',
    project: 'Projekt',
    tasks: 'Aufgaben',
    share: 'Anteil',
    progress: 'Fortschritt',
    done: 'Erledigt',
    percent: (value: number) => `${value} %`,
    summary: (percent: number, done: number, total: number) =>
      `Fortschritt: ${percent} % (${done} von ${total} ${plural(total, 'Aufgabe', 'Aufgaben')} erledigt)`,
    columnsCaption: 'Aufgaben je Spalte',
    projectsCaption: 'Fortschritt je Projekt',
    columnsLoadFailed: 'Die Spalten des Projekts konnten nicht geladen werden.',
    noTasks: 'Dieses Projekt hat noch keine Aufgaben.',
    noProjects: 'Keine Projekte in dieser Gruppe',
  },

  /** 'Vorlage auswählen', the first step of 'Neues Projekt'. */
  templates: {
    title: 'Vorlage auswählen',
    customerType: 'Kundentyp',
    all: 'Alle',
    global: 'Globale Vorlagen',
    personal: 'Meine persönlichen Vorlagen',
    none: 'Keine Vorlagen gefunden',
    loadFailed: 'Vorlagen konnten nicht geladen werden. Das Projekt wird mit der Standardvorlage erstellt.',
    withoutTemplate: 'Ohne Vorlage fortfahren',
    columns: (titles: readonly string[]) => `Spalten: ${titles.join(', ')}`,
    customerTypeOf: (type: string) => `Kundentyp: ${type}`,
    owner: (name: string) => `Von ${name}`,
  },

  /** The second step, 'Neues Projekt'. */
  create: {
    template: (name: string) => `Vorlage: ${name}`,
    defaultTemplate: 'Standardvorlage',
    changeTemplate: 'Andere Vorlage wählen',
    newCustomerType: 'Neuer Kundentyp',
  },
} as const;
