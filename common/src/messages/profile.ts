/** The own profile: saving and its checks. A section of `de` (de.ts). */
export const profileMessages = {
  saved: 'Profil erfolgreich gespeichert!',
  failed: (message: string) => `Fehler: ${message}`,
  usernameColorInvalid: 'Bitte wählen Sie eine gültige Farbe im Format #RRGGBB.',
  visibilityInvalid: 'Bitte wählen Sie eine gültige Sichtbarkeit aus.',
  visibility: {
    everyone: 'Jeder',
    admins_only: 'Nur Admins & Firmenleiter',
    technicians_only: 'Nur Monteure',
    admins_and_technicians: 'Admins, Firmenleiter & Monteure',
    admins_technicians_apprentices: 'Admins, Firmenleiter, Monteure & Auszubildende',
  },
} as const;
