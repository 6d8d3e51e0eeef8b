/**
 * German texts of de.gallery: the board's picture gallery 'Bildergalerie' (spec sections 2, 4
 * and 8). The server's answers (5 MB, wrong type, unreadable) are in de.team.images; the
 * spec's gallery texts are verbatim here.
 */
export const galleryMessages = {
  title: 'Bildergalerie',
  listLabel: 'Bilder des Projekts',
  loading: 'Bilder werden geladen …',
  loadFailed: 'Bilder konnten nicht geladen werden.',
  empty: 'Noch keine Bilder vorhanden.',
  upload: 'Bild hochladen',
  uploading: 'Bild wird hochgeladen …',
  uploadHint: 'PNG, JPEG, GIF oder WebP, höchstens 5 MB; ein Bild nach dem anderen.',
  uploaded: (name: string) => `„${name}“ wurde hochgeladen.`,
  uploadFailed: 'Upload fehlgeschlagen',
  readFailed: 'Datei konnte nicht gelesen werden.',
  view: (name: string) => `${name} groß anzeigen`,
  imageLoading: 'Bild wird geladen …',
  imageUnavailable: 'Bild nicht verfügbar',
  uploadedBy: (username: string, date: string) => `Hochgeladen von ${username} am ${date}`,
  dimensions: (width: number, height: number) => `${width} × ${height} px`,
  download: 'Herunterladen',
  downloadAll: 'Alle herunterladen',
  downloading: 'Bilder werden heruntergeladen …',
  downloadFailed: (names: string) => `Nicht heruntergeladen: ${names}`,
  setThumbnail: 'Als Vorschaubild verwenden',
  currentThumbnail: 'Vorschaubild',
  deleteTitle: 'Bild löschen',
  deleteQuestion: (name: string) => `Möchten Sie das Bild „${name}“ wirklich löschen?`,
  deleteFailed: 'Löschen fehlgeschlagen.',
  deleted: (name: string) => `„${name}“ wurde gelöscht.`,
  count: (count: number) => (count === 1 ? '1 Bild' : `${count} Bilder`),
  log: {
    thumbnailSet: (name: string) => `hat „${name}“ als Vorschaubild gewählt.`,
  },
} as const;
