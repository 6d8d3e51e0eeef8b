/** The external workers on the users page. A section of `de` (de.ts). */
export const externalUsersScreenMessages = {
  add: 'Externen Mitarbeiter hinzufügen',
  createTitle: 'Externen Mitarbeiter hinzufügen',
  editTitle: 'Externen Mitarbeiter bearbeiten',
  name: 'Name',
  editUser: (name: string) => `${name} bearbeiten`,
  deleteUser: (name: string) => `${name} löschen`,
  deleteTitle: 'Externen Mitarbeiter löschen',
  deleteQuestion: (name: string) => `Möchten Sie den externen Mitarbeiter „${name}“ wirklich löschen?`,
  loadFailed: 'Externe Mitarbeiter konnten nicht geladen werden.',
  saveFailed: 'Externer Mitarbeiter konnte nicht gespeichert werden.',
  deleteFailed: 'Externer Mitarbeiter konnte nicht gelöscht werden.',
} as const;
