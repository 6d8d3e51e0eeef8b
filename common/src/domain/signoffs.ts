import type { CardDto, MaterialEntryDto, ProjectDocument, SignoffDto, TimeEntryDto } from '../dto/projects';
import { SIGNATURE_BOX } from '../dto/projects';
import { projectMessages as m } from '../messages/projects';
import { sealedEntryIds } from '../policies/projects';

/**
 * The customer's sign-off on the client: what a new one covers, the one write that adds it,
 * and the signature's path data. The seal itself is the server's (server/src/commands/projectMerger.ts).
 */

export interface Coverage {
  timeEntries: { card: CardDto; entry: TimeEntryDto }[];
  materialEntries: { card: CardDto; entry: MaterialEntryDto }[];
}

/** The entries of the card (or, with null, of the whole project) that no sign-off seals yet. */
export function openCoverage(document: Pick<ProjectDocument, 'columns' | 'signoffs'>, cardId: string | null): Coverage {
  const sealed = sealedEntryIds(document.signoffs);
  const coverage: Coverage = { timeEntries: [], materialEntries: [] };
  for (const column of document.columns)
    for (const card of column.cards) {
      if (cardId !== null && card.id !== cardId) continue;
      for (const entry of card.timeEntries) if (!sealed.has(entry.id)) coverage.timeEntries.push({ card, entry });
      for (const entry of card.materialEntries)
        if (!sealed.has(entry.id)) coverage.materialEntries.push({ card, entry });
    }
  return coverage;
}

export interface SignoffInput {
  cardId: string | null;
  signerName: string;
  signature: string;
  signedAt: Date;
}

/** Adds the sign-off over the open entries; the server sets who collected it. Returns the log line. */
export function addSignoff(document: ProjectDocument, input: SignoffInput, id: string): string | null {
  const name = input.signerName.trim();
  if (!name || !input.signature) return null;
  const coverage = openCoverage(document, input.cardId);
  const card =
    input.cardId === null
      ? null
      : document.columns.flatMap((column) => column.cards).find((item) => item.id === input.cardId);
  if (card === undefined) return null;
  const signoff: SignoffDto = {
    id,
    rev: 0,
    cardId: input.cardId,
    signerName: name,
    signedAt: input.signedAt.toISOString(),
    signature: input.signature,
    coveredTimeEntryIds: coverage.timeEntries.map(({ entry }) => entry.id),
    coveredMaterialEntryIds: coverage.materialEntries.map(({ entry }) => entry.id),
    collectedById: null,
    collectedByName: '',
  };
  document.signoffs.push(signoff);
  return m.log.signoffAdded(name, card ? m.entity.card(card.title) : m.entity.wholeProject);
}

/**
 * Revokes (deletes) a sign-off: the entries it covered are open again. The server lets only
 * owner, deputy, Admin and Firmenleiter do it (canRevokeSignoff). Returns the log line.
 */
export function revokeSignoff(document: ProjectDocument, id: string): string | null {
  const signoff = document.signoffs.find((item) => item.id === id);
  if (!signoff) return null;
  const { cardId, signerName } = signoff;
  document.signoffs = document.signoffs.filter((item) => item.id !== id);
  const card = document.columns.flatMap((column) => column.cards).find((item) => item.id === cardId);
  return m.log.signoffRevoked(signerName, cardId === null ? m.entity.wholeProject : m.entity.card(card?.title ?? ''));
}

/**
 * A card the server will not delete while its sign-offs stand: signed itself, or holding an
 * entry that a sign-off of the whole project seals.
 */
export function isCardSigned(document: Pick<ProjectDocument, 'signoffs'>, card: CardDto): boolean {
  if (document.signoffs.some((signoff) => signoff.cardId === card.id)) return true;
  const sealed = sealedEntryIds(document.signoffs);
  return [...card.timeEntries, ...card.materialEntries].some((entry) => sealed.has(entry.id));
}

/** The sign-offs of a card, or (null) of the whole project. */
export function signoffsOf(document: Pick<ProjectDocument, 'signoffs'>, cardId: string | null): SignoffDto[] {
  return document.signoffs.filter((signoff) => signoff.cardId === cardId);
}

const timeFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Berlin',
});

/** 'Abgenommen von Erika Kundin am 23.11.2026, 16:04' (German time). */
export function signedByText(signoff: Pick<SignoffDto, 'signerName' | 'signedAt'>): string {
  return m.signoff.signedBy(signoff.signerName, timeFormat.format(new Date(signoff.signedAt)));
}

export interface Point {
  x: number;
  y: number;
}

/**
 * Strokes drawn on a pad of `width` x `height` pixels as SVG path data in SIGNATURE_BOX
 * (absolute M and L with one decimal, clamped into the box): what the schema accepts.
 */
export function signaturePath(strokes: readonly (readonly Point[])[], width: number, height: number): string {
  const scaleX = SIGNATURE_BOX.width / width;
  const scaleY = SIGNATURE_BOX.height / height;
  const number = (value: number, max: number) => String(Math.round(Math.min(max, Math.max(0, value)) * 10) / 10);
  const parts: string[] = [];
  for (const drawn of strokes) {
    // A point without coordinates (a pointer event that had none) would be 'NaN' in the path.
    const stroke = drawn.filter((point) => Number.isFinite(point.x) && Number.isFinite(point.y));
    if (stroke.length === 0) continue;
    // A tap is a dot: a line of no length would not show.
    const points = stroke.length === 1 ? [stroke[0]!, { x: stroke[0]!.x + 1, y: stroke[0]!.y }] : stroke;
    points.forEach((point, index) =>
      parts.push(
        `${index === 0 ? 'M' : 'L'}${number(point.x * scaleX, SIGNATURE_BOX.width)} ${number(point.y * scaleY, SIGNATURE_BOX.height)}`,
      ),
    );
  }
  return parts.join(' ');
}
