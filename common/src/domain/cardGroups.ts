import type { CardDto } from '../dto/projects';

export interface CardSection {
  /** The task group, or null for the cards without one. */
  group: string | null;
  cards: CardDto[];
}

/**
 * A column's cards by task group: first the cards without a group, then the groups in the
 * project's order (cardGroups), then groups the project no longer lists, by name. Inside a
 * section the cards keep their board order. Empty sections are left out. O(n).
 */
export function groupCards(cards: readonly CardDto[], cardGroups: readonly string[]): CardSection[] {
  const byGroup = new Map<string | null, CardDto[]>();
  for (const card of cards) {
    const list = byGroup.get(card.group);
    if (list) list.push(card);
    else byGroup.set(card.group, [card]);
  }
  if (byGroup.size === 1 && byGroup.has(null)) return [{ group: null, cards: byGroup.get(null)! }];
  const order = new Map(cardGroups.map((group, index) => [group, index]));
  const groups = [...byGroup.keys()].filter((group): group is string => group !== null);
  groups.sort((a, b) => {
    const ia = order.get(a);
    const ib = order.get(b);
    if (ia !== undefined && ib !== undefined) return ia - ib;
    if (ia !== undefined) return -1;
    if (ib !== undefined) return 1;
    return a.localeCompare(b, 'de-DE');
  });
  const sections: CardSection[] = [];
  const ungrouped = byGroup.get(null);
  if (ungrouped) sections.push({ group: null, cards: ungrouped });
  for (const group of groups) sections.push({ group, cards: byGroup.get(group)! });
  return sections;
}
