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

/**
 * One request of the outbox's replay (`POST /api/projects/{id}/saves`, issue 17): at most this
 * many queued delta saves of one project, together at most this many bytes of their bodies as
 * sent. A larger save goes alone, as the single PATCH (whose limit is the server's large body).
 */
export const SAVE_BATCH_LIMITS = { saves: 25, bytes: 1024 * 1024 } as const;

/** The UTF-8 bytes of `text` (a lone surrogate as the 3 of its replacement), as `SAVE_BATCH_LIMITS.bytes` counts a body. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}
