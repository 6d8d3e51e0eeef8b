/**
 * window.matchMedia for jsdom (which has none): `matches` decides each query, `change()` flips
 * them as a phone turned sideways would. `restore()` puts back exactly what was there.
 */
export function stubMatchMedia(matches: (query: string) => boolean) {
  const before = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  let decide = matches;
  const lists = new Map<string, EventTarget & { matches: boolean; media: string }>();
  const list = (query: string) => {
    let entry = lists.get(query);
    if (!entry) {
      entry = Object.assign(new EventTarget(), { media: query, matches: decide(query) });
      lists.set(query, entry);
    }
    return entry;
  };
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: list });
  return {
    change(next: (query: string) => boolean) {
      decide = next;
      for (const [query, entry] of lists) {
        const now = next(query);
        if (now === entry.matches) continue;
        entry.matches = now;
        entry.dispatchEvent(new Event('change'));
      }
    },
    restore() {
      if (before) Object.defineProperty(window, 'matchMedia', before);
      else Reflect.deleteProperty(window, 'matchMedia');
    },
  };
}
