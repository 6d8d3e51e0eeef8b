/**
 * German texts of de.adminOverview: the admin overview /admin (spec section 2, Admin overview;
 * sections 5, 8 and 9). Spec texts verbatim where the spec has them; the server's answers of
 * reassignment live in de.team.reassign.
 */
export const adminOverviewMessages = {
  forbidden: 'Keine Berechtigung für die Admin-Übersicht.',

  /** All projects grouped by owner name. */
  projects: {
    title: 'Projekte',
    titleWithCount: (count: number) => `Projekte (${count})`,
    viewMode: 'Ansicht',
    grid: 'Kachelansicht',
    list: 'Listenansicht',
    ownerGroup: (owner: string, count: number) => `${owner} (${count})`,
    ownerGroupLabel: (owner: string) => `Projekte von ${owner}`,
    unknownOwner: 'Unbekannt',
    empty: 'Keine Projekte vorhanden.',
    loadFailed: 'Projekte konnten nicht geladen werden.',
    completed: 'Abgeschlossen',
    actions: (name: string) => `Aktionen für „${name}“`,
    reassign: 'Projekt neu zuweisen',
    /** Starts with the button's text, so 'Projekt neu zuweisen' finds it; the name makes it unique. */
    reassignLabel: (name: string) => `Projekt neu zuweisen: ${name}`,
    delete: 'Projekt löschen',
    deleteLabel: (name: string) => `Projekt löschen: ${name}`,
  },

  /** The delete confirmation: the project moves to the archive. */
  deleteProject: {
    title: 'Projekt löschen',
    question: (name: string) => `Möchten Sie das Projekt „${name}“ wirklich löschen?`,
    archiveHint:
      'Das Projekt wird in das Archiv verschoben. Dort kann ein Admin es wiederherstellen oder endgültig löschen.',
    confirm: 'Löschen',
    deleting: 'Wird gelöscht …',
    failed: 'Fehler beim Löschen des Projekts.',
    done: (name: string) => `Das Projekt „${name}“ wurde in das Archiv verschoben.`,
  },

  /** 'Projekt neu zuweisen': any user except the current owner. */
  reassign: {
    title: 'Projekt neu zuweisen',
    intro: (name: string) => `Wählen Sie den neuen Besitzer des Projekts „${name}“.`,
    currentOwner: (owner: string) => `Bisheriger Projektleiter: ${owner}`,
    hint: 'Der bisherige Projektleiter bleibt als Mitglied im Team.',
    newOwner: 'Neuer Besitzer',
    choose: 'Bitte wählen …',
    submit: 'Neu zuweisen',
    submitting: 'Wird zugewiesen …',
    usersLoading: 'Benutzer werden geladen …',
    usersLoadFailed: 'Benutzer konnten nicht geladen werden.',
    noUsers: 'Es gibt keine anderen Benutzer, denen das Projekt zugewiesen werden kann.',
  },

  /** The template management table. */
  templates: {
    title: 'Vorlagenverwaltung',
    titleWithCount: (count: number) => `Vorlagenverwaltung (${count})`,
    empty: 'Keine Vorlagen vorhanden.',
    loadFailed: 'Vorlagen konnten nicht geladen werden.',
    global: 'Global',
    unknownOwner: 'Unbekannt',
    name: 'Name',
    owner: 'Besitzer',
    customerType: 'Kundentyp',
    actions: 'Aktionen',
    edit: 'Bearbeiten',
    view: 'Ansehen',
    delete: 'Löschen',
    editLabel: (name: string) => `Vorlage „${name}“ bearbeiten`,
    viewLabel: (name: string) => `Vorlage „${name}“ ansehen`,
    deleteLabel: (name: string) => `Vorlage „${name}“ löschen`,
    /** The browser's confirm (spec section 2). */
    deleteQuestion: (name: string) => `Möchten Sie die Vorlage „${name}“ löschen? Sie wird ins Archiv verschoben.`,
    deleteForbidden: 'Sie haben keine Berechtigung, diese Vorlage zu löschen.',
    deleteFailed: 'Vorlage konnte nicht gelöscht werden.',
    deleted: (name: string) => `Die Vorlage „${name}“ wurde ins Archiv verschoben.`,
  },

  /** System information (GET /api/system-info and, on Free, GET /api/stats/counts). */
  system: {
    title: 'Systeminformationen',
    loadFailed: 'Systeminformationen konnten nicht geladen werden.',
    serverVersion: 'Server-Version',
    clientVersion: 'Client-Version',
    license: 'Lizenz',
    licenseUsage: 'Lizenznutzung',
    countsFailed: 'Die Lizenznutzung konnte nicht geladen werden.',
    resources: 'Auslastung',
    ram: 'Arbeitsspeicher (RAM)',
    disk: 'Festplatte',
    os: 'Betriebssystem',
    database: 'Datenbankgröße',
    images: 'Bildspeicher',
    usedOf: (used: string, total: string, percent: string) => `${used} von ${total} belegt (${percent})`,
    unknown: 'Unbekannt',
    /** Spec section 9: sizes in Bytes/KB/MB/GB/TB. */
    units: ['Bytes', 'KB', 'MB', 'GB', 'TB'],
    changelogTitle: 'Neuigkeiten',
  },

  /**
   * The latest changelog, in the simple bracket markup of features/admin/changelogMarkup.ts:
   * [b], [i], [u], [color=…], [list] with [*] items. Spec section 9: SMTP settings for e-mail
   * sending, project groups, dashboard redesign, extended search.
   */
  changelog: `[b]Version 0.1.0[/b]
[list]
[*][b]E-Mail-Versand:[/b] SMTP-Einstellungen für den Versand von E-Mails ([i]nur Admins[/i]).
[*][b]Projektgruppen:[/b] Projekte in farbigen Gruppen ordnen, mit Gruppenfortschritt und Gruppen-Aktionen ([i]nicht in der Free-Lizenz[/i]).
[*][b]Neues Dashboard:[/b] Kachel- und Listenansicht, Terminübersicht mit Heute, Demnächst und Abgelaufen, Suchen & Filtern.
[*][b]Erweiterte Suche:[/b] Projekte und Aufgaben durchsuchen, mit Filtern nach [u]Tags[/u].
[/list]
[color=orange]Hinweis:[/color] Updates installiert der Admin über die Container-Befehle.`,
} as const;
