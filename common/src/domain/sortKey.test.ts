import { compareByPosition, keyBetween, keysAfter, placeInArrayOrder, SORT_KEY_PATTERN } from './sortKey';

describe('keyBetween', () => {
  it('starts in the middle and appends at both ends', () => {
    const first = keyBetween(null, null);
    expect(first).toMatch(SORT_KEY_PATTERN);
    const after = keyBetween(first, null);
    const before = keyBetween(null, first);
    expect(before < first && first < after).toBe(true);
  });

  it('always finds a key strictly between two keys, at any depth', () => {
    let low: string | null = null;
    let high: string | null = keyBetween(null, null);
    for (let step = 0; step < 500; step++) {
      const middle = keyBetween(low, high);
      expect(middle).toMatch(SORT_KEY_PATTERN);
      if (low !== null) expect(low < middle).toBe(true);
      expect(middle < high).toBe(true);
      if (step % 2 === 0) high = middle;
      else low = middle;
    }
  });

  it('keeps a random sequence of inserts in the order they were made', () => {
    const list: string[] = [];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let step = 0; step < 1000; step++) {
      const index = Math.floor(random() * (list.length + 1));
      list.splice(index, 0, keyBetween(list[index - 1] ?? null, list[index] ?? null));
    }
    expect([...list].sort()).toEqual(list);
    expect(new Set(list).size).toBe(list.length);
  });

  it('grows slowly when appending or prepending thousands of times', () => {
    let last = keyBetween(null, null);
    let first = last;
    for (let step = 0; step < 5000; step++) {
      const next = keyBetween(last, null);
      expect(next > last).toBe(true);
      expect(next).toMatch(SORT_KEY_PATTERN);
      last = next;
      const before = keyBetween(null, first);
      expect(before < first && before > '').toBe(true);
      expect(before).toMatch(SORT_KEY_PATTERN);
      first = before;
    }
    // Levels at the ends: 5 characters after 5,000 (one more per 35 appends made 144).
    expect(last.length).toBeLessThanOrEqual(5);
    expect(first.length).toBeLessThanOrEqual(5);
  });

  it('goes on from keys the earlier scheme stored (one more character every 35 appends)', () => {
    for (const stored of [
      'z',
      'zzzzzzzzzzzz5',
      'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
      '0000000001',
      '00z',
    ]) {
      let last = stored;
      let first = stored;
      for (let step = 0; step < 2000; step++) {
        const after = keyBetween(last, null);
        const before = keyBetween(null, first);
        expect(after > last && before < first && before > '').toBe(true);
        expect(after).toMatch(SORT_KEY_PATTERN);
        expect(before).toMatch(SORT_KEY_PATTERN);
        last = after;
        first = before;
      }
      // At most 4 digits after the run of 'z's or '0's (the cap of a level), plus one level.
      expect(last.length).toBeLessThanOrEqual(stored.length + 5);
      expect(first.length).toBeLessThanOrEqual(stored.length + 5);
    }
  });

  it('makes a next level where the digits of one are used up', () => {
    expect(keysAfter('w', 4)).toEqual(['x', 'y', 'z1', 'z11']);
    expect(keyBetween('zyz', null)).toBe('zz1');
    expect(keyBetween(null, '1')).toBe('0z');
    expect(keyBetween(null, '01')).toBe('00z');
    expect(keyBetween(null, '02')).toBe('01z');
  });

  it('refuses keys in the wrong order', () => {
    expect(() => keyBetween('b', 'a')).toThrow(RangeError);
    expect(() => keyBetween('a', 'a')).toThrow(RangeError);
  });

  it('makes consecutive keys', () => {
    const keys = keysAfter(null, 5);
    expect([...keys].sort()).toEqual(keys);
    expect(new Set(keys).size).toBe(5);
  });

  it('orders equal keys by id', () => {
    const items = [
      { id: 'b', position: 'i' },
      { id: 'a', position: 'i' },
      { id: 'c', position: 'a' },
    ];
    expect(items.sort(compareByPosition).map((item) => item.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('placeInArrayOrder', () => {
  it('keeps a list whose items all have keys, in whatever array order', () => {
    const items = [{ position: 'm' }, { position: 'c' }];
    expect(placeInArrayOrder(items)).toEqual({ items, made: 0 });
  });

  it('makes keys in array order for a list without any', () => {
    const list: { id: string; position?: string }[] = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    const { items, made } = placeInArrayOrder(list);
    expect(made).toBe(3);
    const keys = items.map((item) => item.position);
    expect([...keys].sort()).toEqual(keys);
    expect(new Set(keys).size).toBe(3);
  });

  it('places items without a key between their neighbours and keeps the others', () => {
    const { items, made } = placeInArrayOrder([{ position: 'c' }, {}, { position: 'm' }, { position: 'e' }, {}]);
    expect(made).toBe(3);
    const keys = items.map((item) => item.position);
    expect(keys[0]).toBe('c');
    expect(keys[2]).toBe('m');
    expect([...keys].sort()).toEqual(keys);
  });
});
