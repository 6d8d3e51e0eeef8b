/** The free license's limits, as a create button and the server say them. A section of `de` (de.ts). */
export const limitsMessages = {
  users: 'Benutzerlimit erreicht',
  externalUsers: 'Limit für externe Mitarbeiter erreicht',
  templates: 'Limit für Vorlagen erreicht',
  activeProjects: 'Projektlimit erreicht',
  text: 'Für weitere Einträge wird eine Lifetime-Lizenz benötigt. Bitte wenden Sie sich an Ihren Administrator.',
  /** On a create button before the form opens (issue 19), e.g. 'Projektlimit erreicht (10/10). Für …'. */
  reached: (title: string, used: number, max: number) =>
    `${title} (${used}/${max}). Für weitere Einträge wird eine Lifetime-Lizenz benötigt.`,
} as const;
