import { dropBeforeCardId, dropIndex } from './dropPosition';

// Three cards of 40 px with 10 px gaps: midpoints at 20, 70, 120.
const cards = [
  { id: 'a', top: 0, height: 40 },
  { id: 'b', top: 50, height: 40 },
  { id: 'c', top: 100, height: 40 },
];

describe('drop position by pointer height', () => {
  it.each([
    [-50, 'a'],
    [10, 'a'],
    [20, 'b'],
    [21, 'b'],
    [69, 'b'],
    [71, 'c'],
    [119, 'c'],
    [121, null],
    [500, null],
  ])('pointer at %p drops before %p', (y, expected) => {
    expect(dropBeforeCardId(y, cards)).toBe(expected);
  });

  it('drops at the start of an empty column', () => {
    expect(dropBeforeCardId(100, [])).toBeNull();
    expect(dropIndex(100, 0, () => 0)).toBe(0);
  });

  it('reads only a handful of boxes in a long column (binary search)', () => {
    const read: number[] = [];
    const index = dropIndex(12_345, 2000, (i) => {
      read.push(i);
      return i * 50 + 20;
    });
    expect(index).toBe(247);
    expect(read.length).toBeLessThanOrEqual(12);
  });
});
