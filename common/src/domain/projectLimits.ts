/**
 * Size limits of a project document (spec section 5), checked by the request schemas
 * (`schemas/projects.ts`) and the merge. In a module of its own, free of zod: the outbox's
 * rules (`projectDelta.ts`) need it, and importing it from the schemas had put zod and the
 * whole German catalogue into the login's first script.
 */
export const PROJECT_LIMITS = {
  name: 200,
  projectNumber: 100,
  description: 20000,
  title: 500,
  text: 20000,
  unit: 50,
  contact: 200,
  action: 1000,
  columns: 100,
  cards: 20000,
  entriesPerCard: 2000,
  appointments: 2000,
  notes: 2000,
  cardGroups: 200,
  tags: 100,
  /** A project's change log keeps its newest 1,000 entries (the server trims older ones). */
  changeLog: 1000,
  signoffs: 500,
  signerName: 200,
  /** SVG path data of one signature: about 4,000 points. */
  signature: 50_000,
  hours: 24,
  quantity: 1_000_000,
} as const;
