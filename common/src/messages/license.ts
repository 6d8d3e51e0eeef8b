/** License states and the license activation's answers. A section of `de` (de.ts). */
export const licenseMessages = {
  free: 'Free',
  lifetime: 'Lifetime',
  activationRequired: 'Bitte E-Mail und Lizenzschlüssel angeben.',
  deviceIdRequired: 'Die Geräte-ID fehlt. Bitte laden Sie die App neu und versuchen Sie es erneut.',
  invalidKey: 'Der Lizenzschlüssel ist ungültig. Bitte prüfen Sie Ihre Eingabe.',
  emailMismatch: 'Der Lizenzschlüssel gehört zu einer anderen E-Mail-Adresse.',
  inUseTitle: 'Lizenz bereits in Verwendung',
  inUse:
    'Dieser Lizenzschlüssel ist bereits auf einem anderen Gerät aktiviert. Mit einer erzwungenen Aktivierung wird er auf dieses Gerät übertragen.',
  activated: 'Lizenz erfolgreich aktiviert.',
  adminOnly: 'Nur Admins dürfen die Lizenz verwalten.',
  forcedFailed: 'Die erzwungene Aktivierung ist fehlgeschlagen.',
  unknownError: 'Ein unbekannter Fehler ist aufgetreten.',
  limitExceeded: 'Limit überschritten. Es können keine neuen Einträge erstellt werden.',
} as const;
