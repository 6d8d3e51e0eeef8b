/** Texts of the sessions (issue 13, finding 5): the profile's device list, logout, the users page. */
export const sessionMessages = {
  title: 'Angemeldete Geräte',
  intro: 'Hier sehen Sie, wo Sie angemeldet sind. Melden Sie Geräte ab, die Sie nicht mehr nutzen oder nicht kennen.',
  thisDevice: 'Dieses Gerät',
  lastSeen: (when: string) => `Zuletzt aktiv: ${when}`,
  signedInAt: (when: string) => `Angemeldet seit: ${when}`,
  ipAddress: (ip: string) => `IP-Adresse: ${ip}`,
  endOne: 'Abmelden',
  endOthers: 'Alle anderen abmelden',
  endOneLabel: (device: string) => `${device} abmelden`,
  endAll: 'Alle Sitzungen beenden',
  endAllLabel: (username: string) => `Alle Sitzungen von ${username} beenden`,
  ending: 'Wird beendet …',
  endAllConfirm: (username: string) =>
    `Alle Sitzungen von ${username} beenden? Der Benutzer wird auf allen Geräten abgemeldet.`,
  noOthers: 'Sie sind auf keinem anderen Gerät angemeldet.',
  loadFailed: 'Die angemeldeten Geräte konnten nicht geladen werden.',
  endFailed: 'Die Sitzung konnte nicht beendet werden.',
  loggedOut: 'Sie wurden abgemeldet.',
  ended: 'Die Sitzung wurde beendet.',
  othersEnded: (count: number) =>
    count === 1 ? '1 andere Sitzung wurde beendet.' : `${count} andere Sitzungen wurden beendet.`,
  allEnded: (count: number) =>
    count === 1 ? '1 Sitzung des Benutzers wurde beendet.' : `${count} Sitzungen des Benutzers wurden beendet.`,
  notFound: 'Sitzung nicht gefunden.',
  device: (browser: string, system: string) => `${browser} auf ${system}`,
  desktopApp: 'Werkboard-Desktop-App',
  unknownBrowser: 'Unbekannter Browser',
  unknownSystem: 'unbekanntem System',
};
