/** System information (Admin). A section of `de` (de.ts). */
export const systemInfoMessages = {
  forbidden: 'Keine Berechtigung für die Systeminformationen.',
} as const;
