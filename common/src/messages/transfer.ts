/**
 * German texts of de.transfer: JSON exports, imports and the full backup (spec sections 5, 8
 * and 9). The format messages and the prefixes are the spec's, verbatim.
 */
export const transferMessages = {
  projectsInvalid: 'Ungültiges Projektformat.',
  templatesInvalid: 'Ungültiges Vorlagenformat.',
  customerTypesInvalid: 'Ungültiges Kundentypenformat.',
  tagsInvalid: 'Ungültiges Tag-Format.',
  backupInvalid: 'Ungültiges Backup-Format oder falscher Typ.',
  /** The renderer's prefix when a chosen file is no JSON of the expected kind. */
  notJsonFile: (what: string) => `Import fehlgeschlagen: Datei ist keine gültige JSON-Datei für ${what}.`,
  importFailed: (detail: string) => `Fehler beim Import: ${detail}`,
  exportFailed: 'Fehler beim Exportieren',
  modeInvalid: 'Der Importmodus muss „merge“ oder „replace“ sein.',
  /** A part of the file that breaks a rule: the format message, where, and the rule. */
  itemInvalid: (format: string, where: string, detail: string) => `${format} ${where}: ${detail}`,
  projectAt: (index: number, name: string) => `Projekt ${index + 1}${name ? ` „${name}“` : ''}`,
  templateAt: (index: number, name: string) => `Vorlage ${index + 1}${name ? ` „${name}“` : ''}`,
  imageAt: (index: number) => `Bild ${index + 1}`,
  userAt: (index: number) => `Benutzer ${index + 1}`,
  tagAt: (customerType: string, index: number) => `Tag ${index + 1} von „${customerType}“`,
  imageProjectMissing: 'Das Projekt des Bildes ist nicht in der Sicherung.',
  /** The change-log line every imported project and template gets. */
  logImported: 'hat das Projekt aus einer Importdatei eingespielt.',
  forbiddenAdminOnly: 'Nur ein Admin darf Projekte, Vorlagen und Sicherungen einspielen.',
  forbiddenReplace: 'Nur ein Admin darf beim Import vorhandene Daten ersetzen.',
  forbiddenCustomerTypes: 'Keine Berechtigung, Kundentypen und Tags zu importieren.',
  forbiddenBackupExport: 'Nur ein Admin darf die vollständige Sicherung exportieren.',
  /** What an import changed to make a file of the existing product fit (the answer lists it). */
  changes: {
    idsRekeyed: (count: number) => `${count} Kennungen waren keine UUIDs und wurden einheitlich neu vergeben.`,
    idsDuplicated: (count: number) =>
      `${count} Kennungen kamen mehrfach oder in anderen Projekten vor und wurden neu vergeben.`,
    positionsDerived: (count: number) =>
      `${count} Spalten und Aufgaben ohne Reihenfolge wurden nach der Dateireihenfolge sortiert.`,
    datesNormalised: (count: number) =>
      `${count} Datumsangaben mit Uhrzeit und Zeitzone wurden umgerechnet (Europe/Berlin).`,
    iconsDefaulted: (count: number) => `${count} unbekannte Symbole wurden durch das Standardsymbol ersetzt.`,
    ownersDefaulted: (count: number) =>
      `${count} Projekte ohne bekannten Besitzer gehören jetzt dem importierenden Benutzer.`,
    customerTypesCreated: (names: string) => `Neue Kundentypen angelegt: ${names}.`,
    usersCreated: (count: number) =>
      `${count} Benutzer wurden angelegt; sie brauchen ein neues Passwort (Benutzerverwaltung).`,
    usersMatched: (count: number) => `${count} Benutzer waren schon vorhanden (gleicher Name) und wurden zugeordnet.`,
    timestampsAdded: (count: number) => `${count} Notizen ohne Zeitpunkt erhielten den Zeitpunkt des Imports.`,
  },
  /** Settings → Import/Export (issue 15). */
  screen: {
    exportTitle: 'Exportieren',
    exportHint: 'Die Dateien enthalten, was Sie in Werkboard sehen dürfen, als JSON.',
    importTitle: 'Importieren',
    backupTitle: 'Backup einspielen',
    backupHint:
      'Spielt eine vollständige Sicherung ein (Projekte, Vorlagen, Kundentypen, Tags, Bilder, Benutzer, externe Mitarbeiter, Gruppen und Rechte).',
    /** The labels of the kinds: export buttons, the import select, and 'für …' of notJsonFile. */
    kinds: {
      projects: 'Projekte',
      templates: 'Vorlagen',
      customerTypes: 'Kundentypen',
      tags: 'Tags',
      backup: 'Werkboard-Backup',
    },
    exportButton: (what: string) => `${what} exportieren`,
    exportBackupButton: 'Vollständige Sicherung exportieren',
    exporting: 'Wird exportiert...',
    /** The answer broke off (the server writes the backup piece by piece): nothing is saved. */
    exportIncomplete: 'Die Datei kam nicht vollständig an und wurde nicht gespeichert. Bitte erneut exportieren.',
    exported: (name: string) => `${name} wurde gespeichert.`,
    exportStarted: (name: string) => `${name} wird heruntergeladen.`,
    kindLabel: 'Was importieren?',
    fileLabel: 'Datei (JSON)',
    fileMissing: 'Bitte wählen Sie eine Datei aus.',
    fileTooLarge: 'Die Datei ist größer als 256 MB und kann nicht eingespielt werden.',
    modeLabel: 'Importmodus',
    modeMerge: 'Zusammenführen (Standard): Einträge mit gleicher Kennung werden aktualisiert, der Rest bleibt.',
    modeReplace: 'Ersetzen: die vorhandenen Daten dieses Typs werden vorher gelöscht.',
    importButton: 'Importieren…',
    backupButton: 'Backup einspielen…',
    confirmImportTitle: 'Import bestätigen',
    confirmImport: (what: string, file: string) => `${what} aus „${file}“ importieren?`,
    confirmBackupTitle: 'Backup einspielen',
    confirmBackup: (file: string) => `Die Sicherung „${file}“ einspielen?`,
    confirmMerge: 'Vorhandene Einträge mit gleicher Kennung werden durch die der Datei ersetzt.',
    confirmReplace:
      'Achtung: Die vorhandenen Daten werden vorher gelöscht und durch die der Datei ersetzt. Das lässt sich nicht rückgängig machen.',
    confirmButton: 'Importieren',
    confirmBackupButton: 'Einspielen',
    uploading: (percent: number) => `Datei wird hochgeladen: ${percent} %`,
    processing: 'Der Server spielt die Datei ein...',
    progressLabel: 'Fortschritt des Imports',
    done: 'Import abgeschlossen.',
    importedTitle: 'Eingespielt:',
    importedCounts: {
      projects: 'Projekte',
      templates: 'Vorlagen',
      customerTypes: 'Kundentypen',
      tags: 'Tags',
      images: 'Bilder',
      users: 'Benutzer',
      externalUsers: 'Externe Mitarbeiter',
      projectGroups: 'Projektgruppen',
    },
    changesTitle: 'Angepasst:',
    offline: 'Ohne Verbindung zum Server ist kein Import möglich.',
  },
} as const;
