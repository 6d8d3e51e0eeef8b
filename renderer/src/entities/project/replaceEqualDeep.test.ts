import { replaceEqualDeep } from './replaceEqualDeep';

describe('replaceEqualDeep', () => {
  it('keeps the previous object when everything is equal', () => {
    const previous = { a: [1, { b: 'x' }], c: null };
    expect(replaceEqualDeep(previous, JSON.parse(JSON.stringify(previous)))).toBe(previous);
  });

  it('keeps unchanged parts and takes changed ones', () => {
    const previous = {
      revision: 1,
      columns: [
        {
          id: 'c1',
          cards: [
            { id: 'a', title: 'A' },
            { id: 'b', title: 'B' },
          ],
        },
      ],
    };
    const next = {
      revision: 2,
      columns: [
        {
          id: 'c1',
          cards: [
            { id: 'a', title: 'A' },
            { id: 'b', title: 'B2' },
          ],
        },
      ],
    };
    const result = replaceEqualDeep(previous, next);
    expect(result).toEqual(next);
    expect(result).not.toBe(previous);
    expect(result.columns[0]!.cards[0]).toBe(previous.columns[0]!.cards[0]);
    expect(result.columns[0]!.cards[1]).not.toBe(previous.columns[0]!.cards[1]);
    expect(result.columns[0]!.cards[1]).toEqual({ id: 'b', title: 'B2' });
  });

  it('notices added, removed and reordered items and keys', () => {
    const previous = { list: [{ id: 1 }, { id: 2 }], x: 1 } as Record<string, unknown>;
    expect(replaceEqualDeep(previous, { list: [{ id: 1 }], x: 1 })).not.toBe(previous);
    expect(replaceEqualDeep(previous, { list: [{ id: 2 }, { id: 1 }], x: 1 })).not.toBe(previous);
    expect(replaceEqualDeep(previous, { list: [{ id: 1 }, { id: 2 }] })).not.toBe(previous);
    expect(replaceEqualDeep(previous, { list: [{ id: 1 }, { id: 2 }], y: 1 })).not.toBe(previous);
    expect(replaceEqualDeep(null, { a: 1 })).toEqual({ a: 1 });
  });
});
