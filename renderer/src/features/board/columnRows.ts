import type { CardDto, CardSection } from '@werkboard/common';

/**
 * A column's content as one flat list of rows, the unit the column windows over: the cards
 * without a group first, then per task group its heading and, while the group is open, its
 * cards (the order of groupCards).
 */
export type ColumnRow =
  | { kind: 'group'; key: string; group: string; count: number; open: boolean }
  | { kind: 'card'; key: string; card: CardDto; /** 1-based place among all the column's cards. */ position: number };

export function columnRows(sections: readonly CardSection[], closedGroups: ReadonlySet<string>): ColumnRow[] {
  const rows: ColumnRow[] = [];
  let position = 0;
  for (const section of sections) {
    const open = section.group === null || !closedGroups.has(section.group);
    if (section.group !== null)
      rows.push({
        kind: 'group',
        key: `group:${section.group}`,
        group: section.group,
        count: section.cards.length,
        open,
      });
    if (open) for (const card of section.cards) rows.push({ kind: 'card', key: card.id, card, position: ++position });
    else position += section.cards.length;
  }
  return rows;
}

/** The index of the card row after `from` in direction `step` (+1, -1), or null at the end. */
export function nextCardRow(rows: readonly ColumnRow[], from: number, step: 1 | -1): number | null {
  for (let index = from + step; index >= 0 && index < rows.length; index += step) {
    if (rows[index]!.kind === 'card') return index;
  }
  return null;
}
