/** The offer to install Werkboard as an app. A section of `de` (de.ts). */
export const installMessages = {
  title: 'Werkboard als App installieren',
  text: 'Als App startet Werkboard vom Startbildschirm oder Desktop, im eigenen Fenster und auch ohne Verbindung.',
  later: 'Später',
  laterHint: 'Der Hinweis erscheint in 7 Tagen wieder.',
} as const;
