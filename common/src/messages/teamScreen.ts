/**
 * German texts of de.teamScreen: the renderer's team management, invite dialog and the
 * navigation bell with its 'Projekteinladungen' dialog (spec sections 2, 4 and 8). The
 * server's answers (and the spec's texts they share) are in de.team.
 *
 * Buttons that act on one person or one project carry the subject in their accessible name
 * after the visible text ('Als Vertretung festlegen: max'), so every name is unique and still
 * begins with what the button shows.
 */
export const teamScreenMessages = {
  /** The accessible name of a button for one person or project: the visible text, then whom it is about. */
  about: (action: string, subject: string) => `${action}: ${subject}`,
  invite: {
    title: 'Benutzer einladen',
    intro: (project: string) => `Wen möchten Sie zum Projekt „${project}“ einladen?`,
    filter: 'Nach Namen filtern',
    users: 'Benutzer',
    noUsers: 'Alle Benutzer gehören bereits zum Team dieses Projekts.',
    noMatch: 'Kein Benutzer entspricht dem Filter.',
    usersLoadFailed: 'Benutzer konnten nicht geladen werden.',
    submit: 'Einladung senden',
    sending: 'Wird gesendet …',
  },
  team: {
    title: 'Team verwalten',
    members: 'Aktive Mitglieder',
    invitations: 'Ausstehende Einladungen',
    noInvitations: 'Keine ausstehenden Einladungen.',
    invitationsLoadFailed: 'Einladungen konnten nicht geladen werden.',
    owner: 'Projektleitung',
    deputy: 'Vertretung',
    member: 'Mitglied',
    invitedBy: (from: string, when: string) => `Eingeladen von ${from} am ${when}`,
    invitedAt: (when: string) => `Eingeladen am ${when}`,
    setDeputy: 'Als Vertretung festlegen',
    removeDeputy: 'Vertretung aufheben',
    remove: 'Aus Projekt entfernen',
    handOver: 'Projektleitung übertragen',
    withdraw: 'Einladung zurückziehen',
    deputyFailed: 'Die Vertretung konnte nicht geändert werden.',
    removeFailed: 'Das Mitglied konnte nicht entfernt werden.',
    removeTitle: 'Aus Projekt entfernen',
    removeQuestion: (username: string, project: string) =>
      `Möchten Sie „${username}“ wirklich aus dem Projekt „${project}“ entfernen?`,
    removeHint: 'Der Benutzer verliert den Zugriff auf das Projekt und kann nur über eine neue Einladung zurückkehren.',
    removeConfirm: 'Entfernen',
    removing: 'Wird entfernt …',
    handOverTitle: 'Projektleitung übertragen',
    handOverQuestion: (username: string, project: string) =>
      `Möchten Sie die Projektleitung des Projekts „${project}“ wirklich an „${username}“ übertragen?`,
    handOverWarning:
      'Achtung: Diese Aktion kann nicht rückgängig gemacht werden. Sie werden danach ein normales Mitglied des Projekts und können das Team nicht mehr verwalten.',
    handOverConfirm: 'Endgültig übertragen',
    handingOver: 'Wird übertragen …',
    notOwnerAnyMore: 'Sie sind nicht mehr Projektleiter dieses Projekts und können das Team nicht mehr verwalten.',
  },
  bell: {
    /** The bell's accessible name with pending invitations; without any it is de.nav.invitations. */
    label: (count: number) => `Einladungen: ${count} ausstehend`,
    title: 'Projekteinladungen',
    list: 'Ausstehende Projekteinladungen',
    empty: 'Keine ausstehenden Einladungen.',
    loadFailed: 'Einladungen konnten nicht geladen werden.',
    from: (username: string) => `Eingeladen von ${username}`,
    fromUnknown: 'Eingeladen von einem unbekannten Benutzer',
    accept: 'Annehmen',
    decline: 'Ablehnen',
    respondFailed: 'Die Einladung konnte nicht beantwortet werden.',
    openProject: (project: string) => `Zum Projekt „${project}“`,
  },
} as const;
