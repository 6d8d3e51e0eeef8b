import { groupCards } from '@werkboard/common';
import { buildCard } from '../../test/project';
import { columnRows, nextCardRow } from './columnRows';

const cards = [
  buildCard('a', 'A', 'a0', { group: 'Elektro' }),
  buildCard('b', 'B', 'a1'),
  buildCard('c', 'C', 'a2', { group: 'Elektro' }),
  buildCard('d', 'D', 'a3', { group: 'Sanitär' }),
];
const sections = groupCards(cards, ['Elektro', 'Sanitär']);
const keys = (closed: string[]) => columnRows(sections, new Set(closed)).map((row) => row.key);

describe('columnRows', () => {
  it('lists the cards without a group first, then each group heading with its cards', () => {
    expect(keys([])).toEqual(['b', 'group:Elektro', 'a', 'c', 'group:Sanitär', 'd']);
  });

  it('keeps the heading of a closed group (with its full count) and leaves out its cards', () => {
    const rows = columnRows(sections, new Set(['Elektro']));
    expect(rows.map((row) => row.key)).toEqual(['b', 'group:Elektro', 'group:Sanitär', 'd']);
    expect(rows[1]).toMatchObject({ kind: 'group', count: 2, open: false });
    // Places count the hidden cards, so 'D' is the 4th of 4 for a screen reader.
    expect(rows[3]).toMatchObject({ kind: 'card', position: 4 });
  });

  it('finds the next and the previous card row across group headings', () => {
    const rows = columnRows(sections, new Set());
    expect(nextCardRow(rows, 0, 1)).toBe(2);
    expect(nextCardRow(rows, 2, -1)).toBe(0);
    expect(nextCardRow(rows, 3, 1)).toBe(5);
    expect(nextCardRow(rows, 5, 1)).toBeNull();
    expect(nextCardRow(rows, 0, -1)).toBeNull();
  });
});
