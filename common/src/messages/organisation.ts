/**
 * German texts of de.organisation: what the server answers on the organisation routes
 * (project groups, customer types and tags, templates, search). Spec texts verbatim where the
 * spec has them (sections 5 and 8).
 */
export const organisationMessages = {
  groups: {
    nameRequired: 'Der Gruppenname darf nicht leer sein.',
    nameTooLong: 'Der Gruppenname darf höchstens 100 Zeichen lang sein.',
    colorInvalid: 'Bitte wählen Sie eine gültige Farbe.',
    iconInvalid: 'Bitte wählen Sie ein gültiges Symbol.',
    descriptionInvalid: 'Die Beschreibung muss ein Text sein.',
    descriptionTooLong: 'Die Beschreibung darf höchstens 2000 Zeichen lang sein.',
    freeLicense: 'Projektgruppen sind in der Free-Lizenz deaktiviert.',
    forbidden: 'Keine Berechtigung, Projektgruppen zu verwalten.',
    notFound: 'Die Projektgruppe wurde nicht gefunden.',
    unknownForProject: 'Die gewählte Projektgruppe existiert nicht.',
    deleted: 'Die Projektgruppe wurde gelöscht.',
    saveFailed: 'Fehler beim Speichern der Gruppe',
    deleteFailed: 'Gruppe konnte nicht gelöscht werden',
    loadFailed: 'Gruppen konnten nicht geladen werden.',
  },
  customerTypes: {
    nameRequired: 'Der Name des Kundentyps darf nicht leer sein.',
    nameTaken: 'Ein Kundentyp mit diesem Namen existiert bereits.',
    nameTooLong: 'Der Name des Kundentyps darf höchstens 100 Zeichen lang sein.',
    /** The settings dialog's combined message (spec section 5). */
    settingsInvalid: 'Kundentyp darf nicht leer sein oder bereits existieren.',
    defaultLocked: 'Der Kundentyp „Allgemein“ kann weder gelöscht noch umbenannt werden.',
    notFound: 'Der Kundentyp wurde nicht gefunden.',
    copySourceUnknown: 'Der Kundentyp, dessen Tags übernommen werden sollen, existiert nicht.',
    forbidden: 'Keine Berechtigung, Kundentypen und Tags zu verwalten.',
    deleted: 'Der Kundentyp und seine Tags wurden gelöscht.',
    saveFailed: 'Fehler beim Speichern des neuen Kundentyps',
  },
  tags: {
    labelRequired: 'Die Bezeichnung des Tags darf nicht leer sein.',
    labelTooLong: 'Die Bezeichnung des Tags darf höchstens 100 Zeichen lang sein.',
    labelTaken: 'Ein Tag mit dieser Bezeichnung existiert für diesen Kundentyp bereits.',
    colorInvalid: 'Bitte wählen Sie eine der angebotenen Tag-Farben.',
    priorityInvalid: 'Die Priorität muss zwischen 0 (Unwichtig) und 4 (Höchste Priorität) liegen.',
    notFound: 'Der Tag wurde nicht gefunden.',
    deleted: 'Der Tag wurde gelöscht.',
  },
  templates: {
    notFound: 'Die Vorlage wurde nicht gefunden.',
    readForbidden: 'Keine Berechtigung für diese Vorlage.',
    createForbidden: 'Keine Berechtigung, Vorlagen anzulegen.',
    editForbidden: 'Keine Berechtigung, diese Vorlage zu bearbeiten.',
    deleteForbidden: 'Sie haben keine Berechtigung, diese Vorlage zu löschen.',
    globalForbidden: 'Nur Admins und Firmenleiter dürfen globale Vorlagen anlegen oder Vorlagen global freigeben.',
    ownerInvalid: 'Eine Vorlage gehört Ihnen selbst oder ist global.',
    alreadyGlobal: 'Die Vorlage ist bereits global.',
    shareForbidden: 'Nur der Besitzer der Vorlage darf sie teilen.',
    shareUserRequired: 'Bitte wählen Sie einen Benutzer aus.',
    shareSelf: 'Sie können eine Vorlage nicht mit sich selbst teilen.',
    shareUserUnknown: 'Der gewählte Benutzer existiert nicht.',
    shared: (username: string) => `Die Vorlage wurde mit ${username} geteilt.`,
    published: 'Die Vorlage ist jetzt global verfügbar.',
    archived: 'Die Vorlage wurde ins Archiv verschoben.',
    projectRequired: 'Bitte wählen Sie das Projekt, das als Vorlage gespeichert werden soll.',
    idTaken: 'Diese Kennung gehört bereits zu einem Projekt.',
    log: {
      created: 'hat die Vorlage angelegt.',
      savedFromProject: (projectName: string) => `hat die Vorlage aus dem Projekt „${projectName}“ gespeichert.`,
      sharedFrom: (templateName: string, username: string) =>
        `hat die Vorlage „${templateName}“ von ${username} erhalten.`,
      published: 'hat die Vorlage global freigegeben.',
      archived: 'hat die Vorlage ins Archiv verschoben.',
      restored: 'hat die Vorlage wiederhergestellt.',
    },
  },
  search: {
    queryTooLong: 'Der Suchbegriff darf höchstens 200 Zeichen lang sein.',
    tooManyTags: 'Es können höchstens 20 Tags gleichzeitig gefiltert werden.',
    tagTooLong: 'Ein Tag darf höchstens 100 Zeichen lang sein.',
    loadFailed: 'Daten konnten nicht geladen werden.',
  },
} as const;
