/** External workers (Externe Mitarbeiter): the server's answers and the list. A section of `de` (de.ts). */
export const externalUsersMessages = {
  title: 'Externe Mitarbeiter',
  empty: 'Keine externen Mitarbeiter angelegt.',
  nameRequired: 'Der Name darf nicht leer sein.',
  nameTooLong: 'Der Name darf höchstens 100 Zeichen lang sein.',
  notFound: 'Externer Mitarbeiter nicht gefunden.',
  deleted: 'Externer Mitarbeiter wurde gelöscht.',
} as const;
